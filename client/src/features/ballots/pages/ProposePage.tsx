import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams, useSearchParams } from "react-router-dom";
import { currentLanguage } from "../../../i18n";
import { apiProblem, problemText } from "../../../lib/apiErrors";
import { localized } from "../../../lib/localized";
import { Button } from "../../../ui/Button";
import { LoadFailed } from "../../../ui/LoadFailed";
import NotFoundPage from "../../../ui/NotFound";
import { SelectField } from "../../../ui/SelectField";
import { Spinner } from "../../../ui/Spinner";
import { TextInput } from "../../../ui/TextInput";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";
import { ArticleEditor, ArticleLanguageField, directionOf } from "../../rootpedia";
import { useProposeArticlesQuery, useProposeBaseQuery, useProposeRootpediaChangeMutation } from "../generated";
import "../ballots.css";

const NEW = "new";

/**
 * Proposes a change to the village's Rootpedia: an edit of an article (the text starts from the
 * revision read, which the proposal is tied to) or a new article, in the article editor (toolbar,
 * live preview as readers will see it). Then its page, with the discussion.
 */
export default function ProposePage() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const navigate = useNavigate();
  const { slug = "" } = useParams();
  const [params, setParams] = useSearchParams();
  const target = params.get("article") ?? NEW;
  const list = useProposeArticlesQuery({ variables: { slug } });
  const base = useProposeBaseQuery({ variables: { id: target }, skip: target === NEW, fetchPolicy: "network-only" });
  const [form, setForm] = useState<{ for: string; title: string; content: string; summary: string; language: string } | null>(null);
  const [propose, proposing] = useProposeRootpediaChangeMutation();
  const v = list.data?.village;
  useDocumentTitle(t("ballots.propose.title"));
  if (list.loading && !list.data) return <Spinner label={t("common.loading")} />;
  if (list.error && !list.data) return <LoadFailed error={list.error} onRetry={list.refetch} />;
  if (!v) return <NotFoundPage />;
  const a = target === NEW ? null : base.data?.rootpediaArticle;
  const read = a?.pending ?? a?.stable ?? null;
  // The text starts from the revision read; a form for another article starts again.
  const value =
    form && form.for === target
      ? form
      : { for: target, title: read?.title ?? a?.title ?? "", content: read?.content ?? "", summary: "", language: a?.language ?? lang };
  const set = (patch: Partial<typeof value>) => setForm({ ...value, ...patch });
  const problem = apiProblem(proposing.error, t("errors.network"));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const res = await propose({
      variables: {
        input: {
          villageSlug: slug,
          articleId: a?.id ?? null,
          baseRevisionId: a ? (a.baseRevisionId ?? null) : null,
          language: a ? null : value.language,
          title: value.title,
          content: value.content,
          summary: value.summary,
        },
      },
    }).catch(() => null);
    if (res?.data) navigate(`/root/${slug}/rootpedia/proposal/${res.data.proposeRootpediaChange.id}`);
  };
  return (
    <article className="page rootpedia ballots">
      <Link className="back-link" to={`/root/${slug}/rootpedia`}>
        {t("rootpedia.title_of", { village: localized(lang, v.name, v.nameAr, v.nameFr) })}
      </Link>
      <h1>{t("ballots.propose.title")}</h1>
      <p className="muted">{t("ballots.propose.intro")}</p>
      <form className="rootpedia-edit" onSubmit={submit}>
        <SelectField
          label={t("ballots.propose.what")}
          value={target}
          onChange={(e) => setParams(e.target.value === NEW ? {} : { article: e.target.value }, { replace: true })}
        >
          <option value={NEW}>{t("ballots.propose.new_article")}</option>
          {list.data!.rootpediaArticles.map((x) => (
            <option key={x.id} value={x.id}>
              {x.title} ({x.language.toUpperCase()})
            </option>
          ))}
        </SelectField>
        {a && read && (
          <p className="muted" data-testid="propose-base">
            {t("ballots.propose.based_on")}
          </p>
        )}
        {target !== NEW && base.loading ? (
          <Spinner label={t("common.loading")} />
        ) : (
          <>
            {!a && <ArticleLanguageField value={value.language} onChange={(language) => set({ language })} />}
            <TextInput
              label={t("rootpedia.article_title")}
              value={value.title}
              onChange={(e) => set({ title: e.target.value })}
              errors={problem?.fields.title}
              lang={value.language}
              dir={directionOf(value.language)}
              required
            />
            <p className="muted">{t("ballots.propose.preview_note")}</p>
            <ArticleEditor value={value.content} onChange={(content) => set({ content })} language={value.language} slug={slug} />
            <TextInput
              label={t("ballots.propose.why")}
              value={value.summary}
              onChange={(e) => set({ summary: e.target.value })}
              errors={problem?.fields.summary}
            />
            {problem && (
              <p className="form-error" role="alert">
                {problemText(problem, ["content"])}
              </p>
            )}
            <div className="rootpedia__actions">
              <Button variant="primary" type="submit" disabled={proposing.loading}>
                {t("ballots.propose.submit")}
              </Button>
            </div>
          </>
        )}
      </form>
    </article>
  );
}
