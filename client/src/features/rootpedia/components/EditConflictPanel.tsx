import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { apiProblem } from "../../../lib/apiErrors";
import { Button } from "../../../ui/Button";
import { Spinner } from "../../../ui/Spinner";
import { useRootpediaComparisonQuery, useRootpediaEditConflictQuery } from "../generated";
import { directionOf } from "./ArticleBody";
import { SideBySideDiff } from "./SideBySideDiff";
import type { DraftConflict } from "./draft";

export interface ConflictSides {
  latestId: string;
  latestTitle: string;
  latestContent: string;
}

/**
 * An edit refused because someone changed the same lines meanwhile: the other change (as a diff on
 * the text the member started from), the member's own text, and that base text. The member resolves
 * in the editor (or takes one side at once); the save then goes on the newest revision. When the
 * other change waits for review and the member may not read it, nothing can be resolved yet: the
 * draft stays in this browser.
 */
export function EditConflictPanel({
  articleId,
  conflict,
  language,
  onReady,
  onUseNewest,
  onKeepMine,
}: {
  articleId: string;
  conflict: DraftConflict;
  language: string;
  /** The newest revision is known and readable: the member's changes from now on resolve against it. */
  onReady: (latestId: string) => void;
  onUseNewest: (sides: ConflictSides) => void;
  onKeepMine: (sides: ConflictSides) => void;
}) {
  const { t } = useTranslation();
  const q = useRootpediaEditConflictQuery({ variables: { id: articleId, base: conflict.base }, fetchPolicy: "network-only" });
  const c = q.data?.rootpediaArticle.editConflict;
  const latestId = c?.latest.id ?? "";
  const diff = useRootpediaComparisonQuery({ variables: { from: conflict.base, to: latestId }, skip: !c?.latest.content });
  const readable = c?.latest.content != null;
  useEffect(() => {
    if (readable && latestId) onReady(latestId);
  }, [readable, latestId, onReady]);
  const dir = directionOf(language);
  if (q.loading && !q.data) return <Spinner label={t("common.loading")} />;
  const problem = apiProblem(q.error, t("errors.network"));
  if (problem)
    return (
      <p className="form-error" role="alert">
        {problem.message}
      </p>
    );
  if (!c) return null;
  const sides: ConflictSides | null =
    c.latest.content === null || c.latest.content === undefined
      ? null
      : { latestId: c.latest.id, latestTitle: c.latest.title ?? "", latestContent: c.latest.content };
  return (
    <section className="rootpedia-conflict" aria-labelledby="rootpedia-conflict-h" data-testid="rootpedia-conflict">
      <h2 id="rootpedia-conflict-h">{t("rootpedia.conflict.title")}</h2>
      {!sides ? (
        <p role="status">{t("rootpedia.conflict.waiting_other")}</p>
      ) : (
        <>
          <p>{conflict.resolved ? t("rootpedia.conflict.resolved") : t("rootpedia.conflict.explain")}</p>
          <div className="rootpedia-conflict__sides">
            <div>
              <h3>{t("rootpedia.conflict.theirs", { author: c.latest.author ?? "Roots" })}</h3>
              {diff.data ? (
                <SideBySideDiff comparison={diff.data.rootpediaComparison} language={language} />
              ) : (
                <Spinner label={t("common.loading")} />
              )}
            </div>
            <div>
              <h3>{t("rootpedia.conflict.mine")}</h3>
              <pre className="rootpedia-conflict__text" lang={language} dir={dir} data-testid="rootpedia-conflict-mine">
                {conflict.mine}
              </pre>
            </div>
          </div>
          <details className="rootpedia-conflict__base">
            <summary>{t("rootpedia.conflict.base")}</summary>
            <pre className="rootpedia-conflict__text" lang={language} dir={dir}>
              {c.base.content}
            </pre>
          </details>
          {!conflict.resolved && (
            <div className="rootpedia__actions">
              <Button onClick={() => onUseNewest(sides)}>{t("rootpedia.conflict.use_newest")}</Button>
              <Button variant="ghost" onClick={() => onKeepMine(sides)}>
                {t("rootpedia.conflict.keep_mine")}
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
