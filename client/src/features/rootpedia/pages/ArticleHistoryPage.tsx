import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams, useSearchParams } from "react-router-dom";
import { currentLanguage } from "../../../i18n";
import { apiProblem } from "../../../lib/apiErrors";
import { formatDateTime } from "../../../lib/format";
import { SizeChange } from "../components/SizeChange";
import { Badge } from "../../../ui/Badge";
import { Button } from "../../../ui/Button";
import { LoadFailed } from "../../../ui/LoadFailed";
import { ReasonAction } from "../../../ui/ReasonAction";
import { Spinner } from "../../../ui/Spinner";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";
import { SideBySideDiff } from "../components/SideBySideDiff";
import { ReviewDone, ReviewPanel, type ReviewOutcome } from "../components/ReviewPanel";
import {
  useHideRootpediaRevisionMutation,
  useRevertRootpediaRevisionMutation,
  useRootpediaComparisonQuery,
  useRootpediaHistoryQuery,
} from "../generated";
import "../../../ui/data-table.css";
import "../rootpedia.css";

const TONE = { ACCEPTED: "green", PENDING: "gold", REJECTED: "red" } as const;

/**
 * An article's revisions, newest first, each with the characters it added or removed; choose two
 * to compare side by side. Reviewers review an
 * edit waiting (Accept and Refuse beside its diff against the stable version), revert to a revision,
 * or hide vandalism (a secondary action asking for a reason; never the outline Roots wrote). Each
 * action ends with a confirmation in the reader's language.
 */
export default function ArticleHistoryPage() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { slug = "", articleId = "" } = useParams();
  const [params, setParams] = useSearchParams();
  const { data, loading, error, refetch } = useRootpediaHistoryQuery({ variables: { id: articleId }, fetchPolicy: "cache-and-network" });
  const [revert, reverting] = useRevertRootpediaRevisionMutation();
  const [hide] = useHideRootpediaRevisionMutation();
  const [done, setDone] = useState<ReviewOutcome | null>(null);
  const a = data?.rootpediaArticle;
  const history = a?.history ?? [];
  const from = params.get("from") ?? history[1]?.id ?? null;
  const to = params.get("to") ?? history[0]?.id ?? null;
  const diff = useRootpediaComparisonQuery({ variables: { from: from ?? "", to: to ?? "" }, skip: !from || !to || from === to });
  useDocumentTitle(a ? t("rootpedia.history_of", { title: a.title }) : null);
  if (loading && !data) return <Spinner label={t("common.loading")} />;
  if (error && !data) return <LoadFailed error={error} onRetry={refetch} />;
  const choose = (which: "from" | "to" | "both", id: string, fromId?: string) => {
    const next = new URLSearchParams(params);
    next.set("from", which === "both" ? (fromId ?? id) : which === "from" ? id : (from ?? id));
    next.set("to", which === "from" ? (to ?? id) : id);
    setParams(next, { replace: true });
  };
  const problem = apiProblem(reverting.error ?? diff.error, t("errors.network"));
  const stableId = history.find((r) => r.status === "ACCEPTED" && !r.hidden)?.id ?? null;
  const toRevision = history.find((r) => r.id === to);
  // The pending edit chosen against the stable version: the reviewer decides beside that diff.
  const reviewing = Boolean(a?.viewerCan.review && toRevision?.status === "PENDING" && !toRevision.hidden && stableId && from === stableId);
  const finish = (outcome: ReviewOutcome) => {
    setDone(outcome);
    void refetch();
  };
  return (
    <article className="page rootpedia">
      <Link className="back-link" to={`/root/${slug}/rootpedia/article/${articleId}`}>
        <bdi>{a!.title}</bdi>
      </Link>
      <h1>{t("rootpedia.history_of", { title: a!.title })}</h1>
      <ReviewDone outcome={done} />
      {/* A table on a wide screen; on a phone each revision is a card of "label: value" (ui/data-table.css). */}
      <div className="data-table" role="region" aria-label={t("rootpedia.history")} tabIndex={0}>
        <table className="table rootpedia-history" data-testid="rootpedia-history">
          <thead>
            <tr>
              <th scope="col">{t("rootpedia.compare_from")}</th>
              <th scope="col">{t("rootpedia.compare_to")}</th>
              <th scope="col">{t("rootpedia.when")}</th>
              <th scope="col">{t("rootpedia.author")}</th>
              <th scope="col">{t("rootpedia.summary")}</th>
              <th scope="col">{t("rootpedia.size_change")}</th>
              <th scope="col">{t("rootpedia.status")}</th>
              {a!.viewerCan.review && <th scope="col">{t("rootpedia.actions")}</th>}
            </tr>
          </thead>
          <tbody>
            {history.map((r) => (
              <tr key={r.id}>
                <td data-label={t("rootpedia.compare_from")}>
                  {/* The label is the radio's 44 px touch target. */}
                  <label className="rootpedia-history__pick">
                    <input
                      type="radio"
                      name="from"
                      checked={from === r.id}
                      onChange={() => choose("from", r.id)}
                      aria-label={t("rootpedia.compare_from")}
                    />
                  </label>
                </td>
                <td data-label={t("rootpedia.compare_to")}>
                  {/* The label is the radio's 44 px touch target. */}
                  <label className="rootpedia-history__pick">
                    <input
                      type="radio"
                      name="to"
                      checked={to === r.id}
                      onChange={() => choose("to", r.id)}
                      aria-label={t("rootpedia.compare_to")}
                    />
                  </label>
                </td>
                <td data-label={t("rootpedia.when")}>{formatDateTime(r.createdAt, lang)}</td>
                <td data-label={t("rootpedia.author")}>
                  <bdi>{r.author ?? t("rootpedia.roots_outline")}</bdi>
                </td>
                <td data-label={t("rootpedia.summary")}>
                  <bdi>{r.summary}</bdi>
                </td>
                <td data-label={t("rootpedia.size_change")}>
                  <SizeChange value={r.sizeChange ?? null} />
                </td>
                <td data-label={t("rootpedia.status")}>
                  <Badge tone={TONE[r.status]}>
                    {t(`rootpedia.status_${r.status.toLowerCase() as "accepted" | "pending" | "rejected"}`)}
                  </Badge>
                  {r.hidden && <Badge tone="red">{t("rootpedia.hidden")}</Badge>}
                </td>
                {a!.viewerCan.review && (
                  <td data-label={t("rootpedia.actions")}>
                    <div className="rootpedia__actions">
                      {!r.hidden && r.id !== history[0].id && (
                        <Button
                          size="sm"
                          onClick={() =>
                            revert({ variables: { id: r.id } }).then(
                              () => finish("reverted"),
                              () => {},
                            )
                          }
                        >
                          {t("rootpedia.revert")}
                        </Button>
                      )}
                      {r.status === "PENDING" && !r.hidden && stableId && (
                        <Button size="sm" variant="primary" onClick={() => choose("both", r.id, stableId)}>
                          {t("rootpedia.review_this")}
                        </Button>
                      )}
                      {/* Secondary, with a reason; the outline Roots wrote from the village's data is nobody's vandalism. */}
                      {!r.hidden && r.author !== null && (
                        <ReasonAction
                          variant="ghost"
                          label={t("rootpedia.hide")}
                          title={t("rootpedia.hide")}
                          reasonLabel={t("rootpedia.hide_reason")}
                          confirmLabel={t("rootpedia.hide_confirm")}
                          onConfirm={async (reason) => {
                            await hide({ variables: { id: r.id, reason } });
                            finish("hidden");
                          }}
                        />
                      )}
                    </div>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {problem && (
        <p className="form-error" role="alert">
          {problem.message}
        </p>
      )}
      {reviewing ? (
        <ReviewPanel pendingId={to!} stableId={stableId} language={a!.language} onDone={finish} />
      ) : (
        diff.data && (
          <section aria-labelledby="diff-h">
            <h2 id="diff-h">{t("rootpedia.differences")}</h2>
            <SideBySideDiff comparison={diff.data.rootpediaComparison} language={a!.language} />
          </section>
        )
      )}
    </article>
  );
}
