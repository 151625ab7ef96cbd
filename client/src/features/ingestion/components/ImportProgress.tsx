import { useTranslation } from "react-i18next";
import type { ImportJobFieldsFragment } from "../../../gql/graphql";
import { readToEnd } from "../status";

/** The progress bar of a running job: the file's bytes read while parsing, its records gone through while committing. */
export function ImportProgress({ job }: { job: ImportJobFieldsFragment }) {
  const { t } = useTranslation();
  const { counts, status } = job;
  const committing = status === "committing" || status === "commit_queued";
  // What the commit goes through (its `committed`): people, couples and parent links, written or
  // (on a re-import) found unchanged.
  const total = counts.people + counts.unions + counts.links;
  // While reading, the bytes read of the file (GEDCOM): a bar that fills, not one that only moves.
  const checking = readToEnd(job);
  const reading = status === "parsing" && counts.read > 0 && !checking;
  const max = committing && total > 0 ? total : reading ? job.fileSize : undefined;
  const value = committing && total > 0 ? Math.min(counts.committed, total) : reading ? Math.min(counts.read, job.fileSize) : undefined;
  const label = committing
    ? t("ingestion.progress.writing", { written: counts.committed, total })
    : status === "queued"
      ? t("ingestion.progress.queued")
      : checking
        ? t("ingestion.progress.checking", { count: counts.parsed })
        : t("ingestion.progress.reading", { count: counts.parsed });
  return (
    <div className="import-progress" aria-live="polite">
      <progress max={max} value={value} aria-label={label} data-testid="import-progress" />
      <p>{label}</p>
      {counts.warnings > 0 && <p className="muted">{t("ingestion.warnings_count", { count: counts.warnings })}</p>}
    </div>
  );
}
