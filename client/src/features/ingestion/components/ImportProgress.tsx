import { useTranslation } from "react-i18next";
import type { ImportJobFieldsFragment } from "../../../gql/graphql";

/** The progress bar of a running job: records read while parsing, rows written while committing. */
export function ImportProgress({ job }: { job: ImportJobFieldsFragment }) {
  const { t } = useTranslation();
  const { counts, status } = job;
  const committing = status === "committing" || status === "commit_queued";
  const value = committing && counts.total > 0 ? Math.min(counts.written, counts.total) : undefined;
  const label = committing ? t("ingestion.progress.writing", { written: counts.written, total: counts.total }) : status === "queued" ? t("ingestion.progress.queued") : t("ingestion.progress.reading", { count: counts.parsed });
  return (
    <div className="import-progress" aria-live="polite">
      <progress max={committing && counts.total > 0 ? counts.total : undefined} value={value} aria-label={label} data-testid="import-progress" />
      <p>{label}</p>
      {counts.warnings > 0 && <p className="muted">{t("ingestion.warnings_count", { count: counts.warnings })}</p>}
    </div>
  );
}
