import { useTranslation } from "react-i18next";
import { apiProblem } from "../../../lib/apiErrors";
import { Button } from "../../../ui/Button";
import { Spinner } from "../../../ui/Spinner";
import { useReviewRootpediaRevisionMutation, useRootpediaComparisonQuery } from "../generated";
import { ArticleBody } from "./ArticleBody";
import { SideBySideDiff } from "./SideBySideDiff";

/** What a review did, for the confirmation the page shows once the pending edit is gone. */
export type ReviewOutcome = "accepted" | "refused" | "hidden" | "reverted";

/**
 * A reviewer's view of an edit waiting for review: the change against the stable version (or the
 * whole text of a new article), with Accept and Refuse beside it, never above the old text alone.
 */
export function ReviewPanel({
  pendingId,
  stableId,
  html,
  language,
  onDone,
}: {
  pendingId: string;
  /** The version readers see now; null for a new article (its whole text is the change). */
  stableId: string | null;
  /** The pending revision rendered, shown when there is no stable version to compare with. */
  html?: string | null;
  language: string;
  onDone: (outcome: ReviewOutcome) => void;
}) {
  const { t } = useTranslation();
  const diff = useRootpediaComparisonQuery({ variables: { from: stableId ?? "", to: pendingId }, skip: !stableId });
  const [review, reviewing] = useReviewRootpediaRevisionMutation();
  const problem = apiProblem(reviewing.error ?? diff.error, t("errors.network"));
  const act = (accept: boolean) =>
    review({ variables: { id: pendingId, accept } }).then(
      () => onDone(accept ? "accepted" : "refused"),
      () => undefined,
    );
  return (
    <section className="rootpedia-review" aria-labelledby={`review-${pendingId}`} data-testid="rootpedia-review">
      <h3 id={`review-${pendingId}`}>{t(stableId ? "rootpedia.review_change" : "rootpedia.review_new")}</h3>
      {stableId ? (
        diff.data ? (
          <SideBySideDiff comparison={diff.data.rootpediaComparison} language={language} />
        ) : (
          !problem && <Spinner label={t("common.loading")} />
        )
      ) : (
        html && <ArticleBody html={html} language={language} />
      )}
      <div className="rootpedia__actions">
        <Button variant="primary" disabled={reviewing.loading || (Boolean(stableId) && !diff.data)} onClick={() => void act(true)}>
          {t("rootpedia.accept")}
        </Button>
        <Button disabled={reviewing.loading} onClick={() => void act(false)}>
          {t("rootpedia.reject")}
        </Button>
      </div>
      {problem && (
        <p className="form-error" role="alert">
          {problem.message}
        </p>
      )}
    </section>
  );
}

/** The confirmation after a review, in the reader's language. */
export function ReviewDone({ outcome }: { outcome: ReviewOutcome | null }) {
  const { t } = useTranslation();
  return (
    <p role="status" className={outcome ? "notice rootpedia-done" : "visually-hidden"} data-testid="rootpedia-review-done">
      {outcome && t(`rootpedia.done.${outcome}`)}
    </p>
  );
}
