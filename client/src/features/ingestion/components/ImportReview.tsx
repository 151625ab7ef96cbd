import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import type { ImportJobFieldsFragment } from "../../../gql/graphql";
import { currentLanguage } from "../../../i18n";
import { formatNumber } from "../../../lib/format";
import { inReaderScript } from "../../../lib/localized";
import { useImportRecordsQuery, useImportWarningsQuery } from "../generated";
import { downloadWithSession } from "../upload";
import { ShowMore } from "./ShowMore";
import { DateText } from "../../../ui/DateText";
import { Button } from "../../../ui/Button";
import { runtimeKey } from "../../../i18n/typed";
import { Badge } from "../../../ui/Badge";
import { appendPage } from "../../../lib/pagination";

const SUMMARY = [
  "people",
  "unions",
  "links",
  "events",
  "sources",
  "media",
  "places",
  "updates",
  "duplicates",
  "errors",
  "warnings",
] as const;

/** What the file holds, what was refused and why, and who may already be in Roots — before anything is written. */
export function ImportReview({ job }: { job: ImportJobFieldsFragment }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const name = (latin: string | null | undefined, arabic: string | null | undefined) => inReaderScript(lang, latin, arabic);
  const [tab, setTab] = useState<"errors" | "duplicates" | "warnings">(
    job.counts.errors ? "errors" : job.counts.duplicates ? "duplicates" : "warnings",
  );
  // A tab opened again is fetched again: its messages follow the reader's current language.
  const records = useImportRecordsQuery({
    variables: { jobId: job.id, filter: tab, first: 50 },
    skip: tab === "warnings",
    fetchPolicy: "cache-and-network",
  });
  const warnings = useImportWarningsQuery({
    variables: { jobId: job.id, first: 50 },
    skip: tab !== "warnings",
    fetchPolicy: "cache-and-network",
  });
  return (
    <section className="card" aria-labelledby="review-title">
      <h2 id="review-title">{t("ingestion.review.title")}</h2>
      {job.readAgain && (
        <p className="notice" role="status">
          {t("ingestion.review.read_again")}
        </p>
      )}
      <dl className="import-summary" data-testid="import-summary">
        {SUMMARY.filter((k) => job.counts[k] > 0 || k === "people").map((k) => (
          <div key={k}>
            <dt>{t(`ingestion.count.${k}`)}</dt>
            <dd>{formatNumber(job.counts[k], lang)}</dd>
          </div>
        ))}
      </dl>
      <div role="tablist" className="tabs">
        {(["errors", "duplicates", "warnings"] as const).map((k) => (
          <button
            key={k}
            role="tab"
            type="button"
            aria-selected={tab === k}
            className={`tab${tab === k ? " tab--active" : ""}`}
            onClick={() => setTab(k)}
          >
            {t(`ingestion.review.tab.${k}`, { count: job.counts[k] })}
          </button>
        ))}
      </div>
      {tab === "warnings" ? (
        <ul className="import-list" role="tabpanel">
          {warnings.data?.importWarnings.edges.map((e, i) => (
            <li key={i}>
              {e.node.line != null && <Badge>{t("ingestion.review.line", { line: e.node.line })}</Badge>}{" "}
              {e.node.record && (
                <>
                  <bdi>{e.node.record}</bdi> —{" "}
                </>
              )}
              <bdi>{e.node.message}</bdi>
            </li>
          ))}
          {warnings.data?.importWarnings.totalCount === 0 && <li className="muted">{t("ingestion.review.none")}</li>}
          {warnings.data?.importWarnings.pageInfo.hasNextPage && (
            <ShowMore
              onClick={() =>
                void warnings.fetchMore({
                  variables: { after: warnings.data!.importWarnings.pageInfo.endCursor },
                  updateQuery: appendPage("importWarnings"),
                })
              }
            />
          )}
        </ul>
      ) : (
        <ul className="import-list" role="tabpanel">
          {tab === "duplicates" && job.counts.duplicates > 0 && <li className="muted">{t("ingestion.review.merge_later")}</li>}
          {records.data?.importRecords.edges.map((e, i) => (
            <li key={i}>
              {e.node.line != null && <Badge>{t("ingestion.review.line", { line: e.node.line })}</Badge>}{" "}
              <bdi>{name(e.node.name, e.node.nameAr) ?? e.node.key ?? t(runtimeKey(`ingestion.kind.${e.node.kind}`))}</bdi>
              {e.node.ends.length === 2 && (
                <span className="muted">
                  {" "}
                  · {t(runtimeKey(`ingestion.review.ends_${e.node.kind}`), { from: e.node.ends[0], to: e.node.ends[1] })}
                </span>
              )}
              {e.node.birth && (
                <span className="muted">
                  {" "}
                  · <DateText text={e.node.birth} />
                </span>
              )}
              {e.node.errors.length > 0 && <span className="form-error"> — {e.node.errors.join(" ")}</span>}
              {e.node.duplicate && (
                <span>
                  {" "}
                  — {t("ingestion.review.looks_like")}{" "}
                  <Link to={`/person/${e.node.duplicate.id}`}>
                    <bdi>{name(e.node.duplicate.displayName, e.node.duplicate.fullNameAr)}</bdi>
                  </Link>
                  {e.node.duplicate.birth?.text && (
                    <span className="muted">
                      {" "}
                      (<DateText text={e.node.duplicate.birth.text} />)
                    </span>
                  )}
                </span>
              )}
            </li>
          ))}
          {records.data?.importRecords.totalCount === 0 && <li className="muted">{t("ingestion.review.none")}</li>}
          {records.data?.importRecords.pageInfo.hasNextPage && (
            <ShowMore
              onClick={() =>
                void records.fetchMore({
                  variables: { after: records.data!.importRecords.pageInfo.endCursor },
                  updateQuery: appendPage("importRecords"),
                })
              }
            />
          )}
        </ul>
      )}
      <ReportLink job={job} />
    </section>
  );
}

/** The refused records and warnings as a CSV to download, when there are any: at review, and still once the file is in the tree. */
export function ReportLink({ job }: { job: ImportJobFieldsFragment }) {
  const { t } = useTranslation();
  const [downloadFailed, setDownloadFailed] = useState(false);
  if (job.counts.errors === 0 && job.counts.warnings === 0) return null;
  return (
    <p>
      <Button
        type="button"
        className="button--link"
        onClick={() =>
          void downloadWithSession(`/api/imports/${job.id}/errors.csv`, `errors-${job.fileName}.csv`).then((ok) => setDownloadFailed(!ok))
        }
      >
        {t(job.counts.errors > 0 ? "ingestion.review.error_report" : "ingestion.review.warning_report")}
      </Button>
      {downloadFailed && <span className="form-error"> {t("errors.network")}</span>}
    </p>
  );
}
