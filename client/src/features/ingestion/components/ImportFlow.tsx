import "../ingestion.css";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router-dom";
import { currentLanguage } from "../../../i18n";
import { apiProblem } from "../../../lib/apiErrors";
import { formatDate } from "../../../lib/format";
import {
  useCancelImportMutation,
  useConfirmImportMutation,
  useDeleteImportMutation,
  useImportAllowanceQuery,
  useImportJobQuery,
  useImportJobsQuery,
  useImportJobUpdatedSubscription,
  useRetryImportMutation,
} from "../generated";
import { ConfirmAction } from "../../../ui/ConfirmAction";
import { uploadImportFile, type ImportKind } from "../upload";
import { readToEnd, RUNNING } from "../status";
import { FileDrop } from "./FileDrop";
import { ImportAllowance } from "./ImportAllowance";
import { ImportDuplicates } from "./ImportDuplicates";
import { ImportProgress } from "./ImportProgress";
import { ImportReview, ReportLink } from "./ImportReview";
import { MappingEditor } from "./MappingEditor";
import { Button, ButtonLink } from "../../../ui/Button";
import { runtimeKey } from "../../../i18n/typed";
import { Skeleton } from "../../../ui/Skeleton";

const ACCEPT: Record<ImportKind, string> = { gedcom: ".ged,.gedcom,.gdz,.zip", spreadsheet: ".xlsx,.csv" };

/**
 * Upload → progress → review → confirm, for GEDCOM and spreadsheets alike. The job id sits
 * in the address (?job=…), so a member can leave and come back to a running import.
 */
export function ImportFlow({ kind }: { kind: ImportKind }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const jobId = params.get("job");
  const [uploading, setUploading] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const allowance = useImportAllowanceQuery({ fetchPolicy: "cache-and-network", skip: Boolean(jobId) });
  const upload = async (file: File) => {
    setUploadError(null);
    setUploading(0);
    const res = await uploadImportFile(kind, file, setUploading);
    setUploading(null);
    void allowance.refetch().catch(() => null);
    if ("id" in res) setParams({ job: res.id });
    else setUploadError(res.error || t("errors.network"));
  };
  if (jobId) return <ImportJobPanel id={jobId} onNew={() => setParams({})} />;
  return (
    <>
      <FileDrop accept={ACCEPT[kind]} hint={t(`ingestion.${kind}.hint`)} disabled={uploading !== null} onFile={(f) => void upload(f)} />
      <ImportAllowance allowance={allowance.data?.importAllowance} />
      {uploading !== null && (
        <div className="import-progress">
          <progress max={1} value={uploading} aria-label={t("ingestion.uploading")} />
          <p>{t("ingestion.uploading")}</p>
        </div>
      )}
      {uploadError && (
        <p className="form-error" role="alert">
          {uploadError}
        </p>
      )}
      <RecentImports kind={kind} onDeleted={() => void allowance.refetch().catch(() => null)} />
    </>
  );
}

function ImportJobPanel({ id, onNew }: { id: string; onNew: () => void }) {
  const { t } = useTranslation();
  const { data, error, startPolling, stopPolling } = useImportJobQuery({ variables: { id } });
  // Progress arrives over the subscription and Apollo's cache updates the job in place.
  // Mutation answers are not cached: the runner can finish before the answer arrives,
  // and a late "queued" must not overwrite the "review" the subscription already brought.
  useImportJobUpdatedSubscription({ variables: { id } });
  const [confirm, confirmState] = useConfirmImportMutation({ fetchPolicy: "no-cache" });
  const [cancel] = useCancelImportMutation({ fetchPolicy: "no-cache" });
  const [retry, retryState] = useRetryImportMutation({ fetchPolicy: "no-cache" });
  const [remove] = useDeleteImportMutation({ refetchQueries: ["ImportJobs", "ImportAllowance"] });
  const problem = apiProblem(error ?? confirmState.error ?? retryState.error, t("errors.network"));
  const job = data?.importJob;
  const running = job ? RUNNING.includes(job.status) : false;
  // A slow poll while it runs, in case the socket drops and misses an update.
  useEffect(() => {
    if (!running) return;
    startPolling(5000);
    return () => stopPolling();
  }, [running, startPolling, stopPolling]);
  if (!job)
    return problem ? (
      <p className="form-error" role="alert">
        {problem.message}
      </p>
    ) : (
      <Skeleton label={t("common.loading")} />
    );
  return (
    <div className="import-job" data-status={job.status}>
      <p className="muted">
        <bdi dir="ltr">{job.fileName}</bdi> ·{" "}
        {t(readToEnd(job) ? "ingestion.status.checking" : runtimeKey(`ingestion.status.${job.status}`))}
      </p>
      {running && <ImportProgress job={job} />}
      {job.status === "review" && job.kind === "spreadsheet" && <MappingEditor key={`${job.headerRow}-${job.mapping.join()}`} job={job} />}
      {job.status === "review" && <ImportReview job={job} />}
      {job.status === "done" && (
        <div className="card" role="status">
          <h2>{t("ingestion.done.title")}</h2>
          <p>
            {t("ingestion.done.text", { count: job.counts.people })}
            {job.counts.updates > 0 && <> {t("ingestion.done.updates", { count: job.counts.updates })}</>}
          </p>
          {/* The tree opens where it opens for the member ("This is me", their chosen root, else the file's centre). */}
          <ButtonLink variant="primary" to="/roots">
            {t("ingestion.done.see_tree")}
          </ButtonLink>
          <ReportLink job={job} />
        </div>
      )}
      {job.status === "done" && job.counts.duplicates > 0 && <ImportDuplicates job={job} />}
      {job.status === "failed" && (
        <p className="form-error" role="alert">
          {job.errorMessage ?? t("ingestion.status.failed")}
        </p>
      )}
      {job.status === "cancelled" && (
        <p className="notice" role="status">
          {t("ingestion.cancelled_text")}
        </p>
      )}
      {problem && (
        <p className="form-error" role="alert">
          {problem.message}
        </p>
      )}
      <div className="button-row">
        {job.status === "review" && (
          <Button
            type="button"
            variant="primary"
            disabled={confirmState.loading || job.counts.total === 0}
            onClick={() => void confirm({ variables: { id } }).catch(() => null)}
          >
            {job.counts.people > 0 && job.counts.updates === job.counts.people
              ? t("ingestion.confirm_update", { count: job.counts.people })
              : t("ingestion.confirm", { count: job.counts.people })}
          </Button>
        )}
        {job.canRetry && (
          <Button type="button" onClick={() => void retry({ variables: { id } }).catch(() => null)}>
            {t("ingestion.retry")}
          </Button>
        )}
        {job.canCancel && (
          <ConfirmAction
            label={t("ingestion.cancel")}
            question={t("ingestion.cancel_confirm")}
            confirmLabel={t("ingestion.cancel")}
            dismissLabel={t(job.status === "review" ? "ingestion.keep_reviewing" : "ingestion.keep_going")}
            danger
            onConfirm={() => cancel({ variables: { id } })}
          />
        )}
        {job.canDelete && (
          <ConfirmAction
            label={t("ingestion.delete")}
            ariaLabel={t("ingestion.delete_label", { name: job.fileName })}
            question={t("ingestion.delete_confirm")}
            confirmLabel={t("ingestion.delete")}
            onConfirm={() => remove({ variables: { id } }).then(onNew)}
          />
        )}
        {!running && job.status !== "review" && (
          <Button type="button" onClick={onNew}>
            {t("ingestion.another")}
          </Button>
        )}
      </div>
    </div>
  );
}

function RecentImports({ kind, onDeleted }: { kind: ImportKind; onDeleted: () => void }) {
  const { t } = useTranslation();
  const { data, startPolling, stopPolling } = useImportJobsQuery({ variables: { first: 10 }, fetchPolicy: "cache-and-network" });
  const [remove] = useDeleteImportMutation({ refetchQueries: ["ImportJobs"] });
  const jobs = data?.importJobs.filter((j) => j.kind === kind) ?? [];
  // A member back on the page while a file is still being read or written sees its status move.
  const running = jobs.some((j) => RUNNING.includes(j.status));
  useEffect(() => {
    if (!running) return;
    startPolling(3000);
    return () => stopPolling();
  }, [running, startPolling, stopPolling]);
  if (!jobs.length) return null;
  return (
    <section aria-labelledby="recent-imports">
      <h2 id="recent-imports">{t("ingestion.recent")}</h2>
      <ul className="import-list">
        {jobs.map((j) => (
          <li key={j.id}>
            <Link to={`?job=${encodeURIComponent(j.id)}`}>
              <bdi dir="ltr">{j.fileName}</bdi>
            </Link>{" "}
            · {t(runtimeKey(`ingestion.status.${j.status}`))}
            {j.counts.people > 0 && <> · {t("people.count", { count: j.counts.people })}</>} ·{" "}
            {formatDate(j.createdAt as string, currentLanguage(), { dateStyle: "medium", timeStyle: "short" })}
            {j.canDelete && (
              <>
                {" "}
                <ConfirmAction
                  label={t("ingestion.delete")}
                  ariaLabel={t("ingestion.delete_label", { name: j.fileName })}
                  question={t("ingestion.delete_confirm")}
                  confirmLabel={t("ingestion.delete")}
                  onConfirm={() => remove({ variables: { id: j.id } }).then(onDeleted)}
                />
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
