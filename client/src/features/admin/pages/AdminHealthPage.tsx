import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../../i18n";
import { formatDateTime, formatNumber } from "../../../lib/format";
import { useJobsHealthQuery } from "../generated";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";
import { Button } from "../../../ui/Button";
import { DataTable } from "../../../ui/DataTable";
import { Skeleton } from "../../../ui/Skeleton";
import { LtrValue } from "../../../ui/BidiText";

/** /admin/health: the background job queues (imports, reminders…) and their latest failures. */
export default function AdminHealthPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("admin.health_title"));
  const lang = currentLanguage();
  const { data, loading, refetch } = useJobsHealthQuery({ fetchPolicy: "network-only" });
  const n = (v: number) => formatNumber(v, lang);
  return (
    <section className="page">
      <h1>{t("admin.health_title")}</h1>
      <p>{t("admin.health_intro")}</p>
      <Button type="button" onClick={() => void refetch()}>
        {t("common.retry")}
      </Button>
      {loading && <Skeleton label={t("common.loading")} />}
      {data && (
        <DataTable
          caption={t("admin.jobs_queues")}
          testId="job-queues"
          rows={data.jobsHealth.queues}
          rowKey={(q) => q.name}
          columns={[
            { key: "name", header: t("admin.jobs_queue"), rowHeader: true, cell: (q) => <LtrValue>{q.name}</LtrValue> },
            { key: "queued", header: t("admin.jobs_queued"), cell: (q) => n(q.queued) },
            { key: "scheduled", header: t("admin.jobs_scheduled"), cell: (q) => n(q.scheduled) },
            { key: "active", header: t("admin.jobs_active"), cell: (q) => n(q.active) },
            { key: "retrying", header: t("admin.jobs_retrying"), cell: (q) => n(q.retrying) },
            {
              key: "failed",
              header: t("admin.jobs_failed"),
              cell: (q) => <span className={q.failed > 0 ? "status--bad" : undefined}>{n(q.failed)}</span>,
            },
            {
              key: "completed",
              header: t("admin.jobs_completed"),
              cell: (q) => t("admin.jobs_completed_value", { done: n(q.completed), retried: n(q.completedAfterRetry) }),
            },
          ]}
        />
      )}
      {data && (
        <>
          <h2>{t("admin.jobs_failures")}</h2>
          {data.jobsHealth.failures.length === 0 && <p>{t("admin.jobs_no_failures")}</p>}
          <ul className="link-list">
            {data.jobsHealth.failures.map((f) => (
              <li key={f.id} data-testid="job-failure">
                <strong dir="ltr">{f.queue}</strong>
                {f.key && <span dir="ltr"> · {f.key}</span>} · {formatDateTime(f.failedAt, lang)} ·{" "}
                {t(f.willRetry ? "admin.jobs_will_retry" : "admin.jobs_failed_for_good", { attempts: n(f.attempts) })}
                <pre dir="ltr" className="mail-text">
                  {f.message}
                </pre>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
