import { useTranslation } from "react-i18next";
import { Spinner } from "../../../ui/Spinner";
import { useRootpediaArticleQuery } from "../generated";
import { ArticleBody, directionOf } from "./ArticleBody";
import { drafts, draftKey } from "./draft";

/**
 * Another language version of the article, to read beside the editor while writing this one: the
 * member's own draft of it kept in this browser when there is one (not saved yet), else its edit
 * waiting for review when they may read it, else its reviewed version, each said as such.
 */
export function OtherVersion({ slug, articleId }: { slug: string; articleId: string }) {
  const { t } = useTranslation();
  const { data, loading } = useRootpediaArticleQuery({ variables: { id: articleId } });
  const a = data?.rootpediaArticle;
  if (!a) return loading ? <Spinner label={t("common.loading")} /> : null;
  const draft = drafts.load(draftKey(slug, articleId, null));
  const pending = a.pending?.content != null ? a.pending : null;
  const source = draft ? "draft" : pending ? "pending" : "stable";
  const title = draft?.title ?? pending?.title ?? a.stable?.title ?? a.title;
  return (
    <div className="rootpedia-other" data-testid="rootpedia-other-version" data-source={source}>
      <p className="muted rootpedia-other__source">{t(`rootpedia.beside.${source}`)}</p>
      <h3 className="rootpedia-other__title" lang={a.language} dir={directionOf(a.language)}>
        {title}
      </h3>
      {draft ? (
        // Not saved, so not rendered by the server: the Markdown as the member wrote it.
        <div className="rootpedia-other__markdown" lang={a.language} dir={directionOf(a.language)}>
          {draft.content}
        </div>
      ) : pending?.html ? (
        <ArticleBody html={pending.html} language={a.language} />
      ) : a.html ? (
        <ArticleBody html={a.html} language={a.language} />
      ) : (
        <p className="muted">{t("rootpedia.nothing_yet")}</p>
      )}
    </div>
  );
}
