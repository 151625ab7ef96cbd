import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams, useSearchParams } from "react-router-dom";
import { currentLanguage } from "../../../i18n";
import { apiProblem } from "../../../lib/apiErrors";
import { Button } from "../../../ui/Button";
import { LoadFailed } from "../../../ui/LoadFailed";
import { Spinner } from "../../../ui/Spinner";
import { TextInput } from "../../../ui/TextInput";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";
import { ArticleBody } from "../components/ArticleBody";
import { ArticleLanguageField, ArticleTextField } from "../components/ArticleFields";
import { DiffView } from "../components/DiffView";
import { PicturePicker } from "../components/PicturePicker";
import {
  useCreateRootpediaArticleMutation,
  useEditRootpediaArticleMutation,
  useRootpediaArticleQuery,
  useRootpediaDiffLazyQuery,
  useRootpediaPreviewLazyQuery,
} from "../generated";
import "../rootpedia.css";

/**
 * Writes an article: a new one (`/new`, in a language, or as a language version of another with
 * `?translationOf=`), or an edit of one from its latest revision. Markdown with a preview made by
 * the server (the same checks as saving). A conflict with an edit saved meanwhile shows what changed.
 */
export default function ArticleEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { slug = "", articleId } = useParams();
  const [params] = useSearchParams();
  const existing = useRootpediaArticleQuery({ variables: { id: articleId ?? "" }, skip: !articleId, fetchPolicy: "network-only" });
  const a = existing.data?.rootpediaArticle;
  const latest = a?.pending ?? a?.stable ?? null;
  const [form, setForm] = useState<{ title: string; content: string; summary: string; language: string } | null>(null);
  const value = form ?? {
    title: latest?.title ?? a?.title ?? "",
    content: latest?.content ?? "",
    summary: "",
    language: a?.language ?? currentLanguage(),
  };
  const [preview, previewed] = useRootpediaPreviewLazyQuery({ fetchPolicy: "network-only" });
  const [diff, diffed] = useRootpediaDiffLazyQuery({ fetchPolicy: "network-only" });
  const [create, creating] = useCreateRootpediaArticleMutation();
  const [edit, editing] = useEditRootpediaArticleMutation();
  useDocumentTitle(t(articleId ? "rootpedia.edit" : "rootpedia.new_article"));
  if (articleId && existing.loading && !a) return <Spinner label={t("common.loading")} />;
  if (articleId && existing.error && !a) return <LoadFailed error={existing.error} onRetry={existing.refetch} />;
  const problem = apiProblem(creating.error ?? editing.error ?? previewed.error, t("errors.network"));
  const set = (patch: Partial<typeof value>) => setForm({ ...value, ...patch });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (a) {
      const res = await edit({
        variables: {
          id: a.id,
          input: { title: value.title, content: value.content, summary: value.summary, baseRevisionId: a.baseRevisionId },
        },
      }).catch(async (err) => {
        // A conflict: show what changed since the revision this edit started from.
        if (apiProblem(err, "")?.code === "CONFLICT" && a.baseRevisionId) {
          const now = await existing.refetch();
          const newest = now.data?.rootpediaArticle.baseRevisionId;
          if (newest) void diff({ variables: { from: a.baseRevisionId, to: newest } });
        }
        return null;
      });
      if (res?.data) navigate(`/root/${slug}/rootpedia/article/${a.id}`);
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
    if (res?.data) navigate(`/root/${slug}/rootpedia/article/${res.data.createRootpediaArticle.id}`);
  };

  return (
    <article className="page rootpedia">
      <h1>{t(articleId ? "rootpedia.edit" : "rootpedia.new_article")}</h1>
      <form className="rootpedia-edit" onSubmit={submit}>
        {!a && <ArticleLanguageField value={value.language} onChange={(language) => set({ language })} />}
        <TextInput
          label={t("rootpedia.article_title")}
          value={value.title}
          onChange={(e) => set({ title: e.target.value })}
          errors={problem?.fields.title}
          dir="auto"
          required
        />
        <ArticleTextField value={value.content} onChange={(content) => set({ content })} language={value.language} />
        <PicturePicker slug={slug} onInsert={(md) => set({ content: `${value.content.trimEnd()}\n\n${md}\n` })} />
        <TextInput
          label={t("rootpedia.summary")}
          value={value.summary}
          onChange={(e) => set({ summary: e.target.value })}
          errors={problem?.fields.summary}
          dir="auto"
        />
        {problem && (
          <p className="form-error" role="alert">
            {[problem.message, ...(problem.fields.content ?? []).filter((m) => m !== problem.message)].join(" ")}
          </p>
        )}
        {diffed.data && (
          <section aria-label={t("rootpedia.changes_meanwhile")}>
            <h2>{t("rootpedia.changes_meanwhile")}</h2>
            <DiffView parts={diffed.data.rootpediaDiff} language={value.language} />
          </section>
        )}
        <div className="rootpedia__actions">
          <Button variant="primary" type="submit" disabled={creating.loading || editing.loading}>
            {t("common.save")}
          </Button>
          <Button type="button" onClick={() => void preview({ variables: { content: value.content } })}>
            {t("rootpedia.preview")}
          </Button>
        </div>
      </form>
      {previewed.data && (
        <section aria-label={t("rootpedia.preview")} className="card">
          <ArticleBody html={previewed.data.rootpediaPreview} language={value.language} />
        </section>
      )}
    </article>
  );
}
