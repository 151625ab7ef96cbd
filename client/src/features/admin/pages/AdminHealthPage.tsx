import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../../i18n";
import { formatDateTime, formatNumber } from "../../../lib/format";
import { useJobsHealthQuery } from "../generated";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";
import { Button } from "../../../ui/Button";
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
        // On a phone each queue is a card of labelled values, as in ui/DataTable (the table made the
        // page 760 px wide).
        <div className="data-table" role="region" aria-label={t("admin.jobs_queues")} tabIndex={0}>
          <table className="table" data-testid="job-queues">
            <caption>{t("admin.jobs_queues")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("admin.jobs_queue")}</th>
                <th scope="col">{t("admin.jobs_queued")}</th>
                <th scope="col">{t("admin.jobs_scheduled")}</th>
                <th scope="col">{t("admin.jobs_active")}</th>
                <th scope="col">{t("admin.jobs_retrying")}</th>
                <th scope="col">{t("admin.jobs_failed")}</th>
                <th scope="col">{t("admin.jobs_completed")}</th>
              </tr>
            </thead>
            <tbody>
              {data.jobsHealth.queues.map((q) => (
                <tr key={q.name}>
                  <th scope="row">
                    <LtrValue>{q.name}</LtrValue>
                  </th>
                  <td data-label={t("admin.jobs_queued")}>{n(q.queued)}</td>
                  <td data-label={t("admin.jobs_scheduled")}>{n(q.scheduled)}</td>
                  <td data-label={t("admin.jobs_active")}>{n(q.active)}</td>
                  <td data-label={t("admin.jobs_retrying")}>{n(q.retrying)}</td>
                  <td data-label={t("admin.jobs_failed")} className={q.failed > 0 ? "status--bad" : undefined}>
                    {n(q.failed)}
                  </td>
                  <td data-label={t("admin.jobs_completed")}>
                    {t("admin.jobs_completed_value", { done: n(q.completed), retried: n(q.completedAfterRetry) })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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
