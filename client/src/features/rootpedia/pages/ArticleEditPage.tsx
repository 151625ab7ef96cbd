import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams, useSearchParams } from "react-router-dom";
import { useAuth } from "../../../app/auth/useAuth";
import { currentLanguage } from "../../../i18n";
import { apiProblem } from "../../../lib/apiErrors";
import { Button } from "../../../ui/Button";
import { LoadFailed } from "../../../ui/LoadFailed";
import { Spinner } from "../../../ui/Spinner";
import { TextInput } from "../../../ui/TextInput";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";
import { ArticleLanguageField } from "../components/ArticleFields";
import { ArticleEditor } from "../components/ArticleEditor";
import { OtherVersion } from "../components/OtherVersion";
import { SelectField } from "../../../ui/SelectField";
import { drafts, draftKey, resolveWith, type ArticleDraft } from "../components/draft";
import { EditConflictPanel } from "../components/EditConflictPanel";
import { useCreateRootpediaArticleMutation, useEditRootpediaArticleMutation, useRootpediaArticleQuery } from "../generated";
import "../rootpedia.css";

/**
 * Writes an article: a new one (`/new`, in a language, or as a language version of another with
 * `?translationOf=`), or an edit of one from its newest revision the member may read. Markdown with
 * a toolbar and a live preview made by the server (the same checks as saving). What the member types is kept in this
 * browser per article until saved, so a reload loses nothing. An edit refused because someone changed
 * the same lines meanwhile shows the other change, the member's text and the base; the member saves
 * once resolved, on the newest revision (a save on the old base is refused again by the server).
 */
export default function ArticleEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { slug = "", articleId } = useParams();
  const [params] = useSearchParams();
  const key = draftKey(slug, articleId, params.get("translationOf"));
  const existing = useRootpediaArticleQuery({ variables: { id: articleId ?? "" }, skip: !articleId, fetchPolicy: "network-only" });
  const a = existing.data?.rootpediaArticle;
  const translationOf = params.get("translationOf");
  const source = useRootpediaArticleQuery({ variables: { id: translationOf ?? "" }, skip: Boolean(articleId) || !translationOf }).data
    ?.rootpediaArticle;
  // Someone else's edit waiting for review is not shown to a member: they write on the reviewed version.
  const latest = a?.pending?.content != null ? a.pending : (a?.stable ?? null);
  const [form, setForm] = useState<ArticleDraft | null>(() => drafts.load(key));
  const [restored, setRestored] = useState(() => form !== null);
  // Once a conflict's newest revision is known, typing resolves it: the text now answers the other change.
  const [latestId, setLatestId] = useState<string | null>(null);
  // Another language version opened beside the text (its draft in this browser, or its newest readable text).
  const [besideId, setBesideId] = useState<string>("");
  const value: ArticleDraft = form ?? {
    title: latest?.title ?? a?.title ?? "",
    content: latest?.content ?? "",
    summary: "",
    language: a?.language ?? currentLanguage(),
    base: latest?.id ?? null,
  };
  // A page rendered before the session was attached answers as for a visitor (no pending text, no
  // edit right): ask again as the member before the editor opens.
  const signedIn = useAuth().status === "signedIn";
  const asVisitor = Boolean(a && !a.viewerCan.edit);
  const { refetch } = existing;
  useEffect(() => {
    if (!signedIn || !asVisitor) return;
    // The session's token may come a moment later: ask again each second, ten times at most.
    void refetch();
    let tries = 0;
    const timer = setInterval(() => {
      if (++tries >= 10) clearInterval(timer);
      void refetch();
    }, 1000);
    return () => clearInterval(timer);
  }, [signedIn, asVisitor, refetch]);
  const [create, creating] = useCreateRootpediaArticleMutation();
  const [edit, editing] = useEditRootpediaArticleMutation();
  useDocumentTitle(t(articleId ? "rootpedia.edit" : "rootpedia.new_article"));
  if (articleId && existing.error && !a) return <LoadFailed error={existing.error} onRetry={existing.refetch} />;
  // Until the answer is the member's own (the first may come before the session is attached), the
  // text and the revision it builds on are not known: typing then would build on nothing.
  if (articleId && !a?.viewerCan.edit) return <Spinner label={t("common.loading")} />;
  // Most of the text the member started from is gone: the server asks for a summary, and a review.
  const started = (latest?.content ?? "").trim().length;
  const removesMost = Boolean(a) && started > 0 && value.content.trim().length < started / 2;
  const conflict = value.conflict;
  const blocked = Boolean(conflict && !conflict.resolved);
  const error = apiProblem(creating.error ?? editing.error, t("errors.network"));
  // The conflict's refusal is told by the conflict panel, also once the member resolved it.
  const problem = conflict && error?.code === "CONFLICT" ? null : error;
  // The other language versions, to open beside the text: this article's, or the one a new version translates.
  const others = a
    ? a.translations
    : source
      ? [
          { id: source.id, language: source.language, title: source.title },
          ...source.translations.filter((x) => x.language !== value.language),
        ]
      : [];
  const opened = others.find((o) => o.id === besideId) ?? null;
  const keep = (next: ArticleDraft) => {
    setForm(next);
    drafts.save(key, next);
  };
  const set = (patch: Partial<ArticleDraft>) => keep(latestId ? resolveWith(value, latestId, patch) : { ...value, ...patch });
  const done = (path: string) => {
    drafts.discard(key);
    navigate(path);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (blocked) return;
    if (a) {
      const res = await edit({
        variables: {
          id: a.id,
          input: { title: value.title, content: value.content, summary: value.summary, baseRevisionId: value.base },
        },
      }).catch((err: unknown) => {
        // Same lines changed meanwhile: nothing saved; the member's text stays, with the other change beside it.
        if (apiProblem(err, "")?.code === "CONFLICT" && value.base) {
          setLatestId(null);
          keep({ ...value, conflict: { mine: value.content, base: value.base, resolved: false } });
        }
        return null;
      });
      if (res?.data) done(`/root/${slug}/rootpedia/article/${a.id}`);
      return;
    }
    const res = await create({
      variables: {
        input: {
          villageSlug: slug,
          language: value.language,
          title: value.title,
          content: value.content,
          summary: value.summary,
          translationOfId: params.get("translationOf"),
        },
      },
    }).catch(() => null);
    if (res?.data) done(`/root/${slug}/rootpedia/article/${res.data.createRootpediaArticle.id}`);
  };

  return (
    <article className="page rootpedia rootpedia--editing">
      <h1>{t(articleId ? "rootpedia.edit" : "rootpedia.new_article")}</h1>
      {restored && (
        <div className="rootpedia__actions" role="status" data-testid="rootpedia-draft-restored">
          <span>{t("rootpedia.draft.restored")}</span>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              drafts.discard(key);
              setForm(null);
              setRestored(false);
              setLatestId(null);
            }}
          >
            {t("rootpedia.draft.discard")}
          </Button>
        </div>
      )}
      <form className="rootpedia-edit" onSubmit={submit}>
        {!a && <ArticleLanguageField value={value.language} onChange={(language) => set({ language })} />}
        {a && conflict && (
          <EditConflictPanel
            articleId={a.id}
            conflict={conflict}
            language={value.language}
            onReady={setLatestId}
            onUseNewest={(s) => keep(resolveWith(value, s.latestId, { title: s.latestTitle, content: s.latestContent }))}
            onKeepMine={(s) => keep(resolveWith(value, s.latestId, { content: conflict.mine }))}
          />
        )}
        <TextInput
          label={t("rootpedia.article_title")}
          value={value.title}
          onChange={(e) => set({ title: e.target.value })}
          errors={problem?.fields.title}
          dir="auto"
          required
        />
        {others.length > 0 && (
          <SelectField label={t("rootpedia.beside.choose")} value={besideId} onChange={(e) => setBesideId(e.target.value)}>
            <option value="">{t("rootpedia.beside.none")}</option>
            {others.map((o) => (
              <option key={o.id} value={o.id}>
                {t(`lang.${o.language as "ar" | "en" | "fr"}`)}
                {o.title ? ` — ${o.title}` : ""}
              </option>
            ))}
          </SelectField>
        )}
        <ArticleEditor
          value={value.content}
          onChange={(content) => set({ content })}
          language={value.language}
          slug={slug}
          beside={
            opened
              ? {
                  label: t("rootpedia.beside.tab", { language: t(`lang.${opened.language as "ar" | "en" | "fr"}`) }),
                  node: <OtherVersion key={opened.id} slug={slug} articleId={opened.id} />,
                }
              : null
          }
        />
        <TextInput
          label={t("rootpedia.summary")}
          value={value.summary}
          onChange={(e) => set({ summary: e.target.value })}
          errors={problem?.fields.summary}
          hint={removesMost ? <span data-testid="rootpedia-removal-hint">{t("rootpedia.removal_hint")}</span> : undefined}
          aria-required={removesMost || undefined}
          dir="auto"
        />
        {problem && (
          <p className="form-error" role="alert">
            {[problem.message, ...(problem.fields.content ?? []).filter((m) => m !== problem.message)].join(" ")}
          </p>
        )}
        {blocked && <p className="muted">{t("rootpedia.conflict.resolve_first")}</p>}
        <div className="rootpedia__actions">
          <Button variant="primary" type="submit" disabled={creating.loading || editing.loading || blocked}>
            {conflict ? t("rootpedia.conflict.save_resolved") : t("common.save")}
          </Button>
        </div>
      </form>
    </article>
  );
}
