import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../../i18n";
import { formatDateTime } from "../../../lib/format";
import { Spinner } from "../../../ui/Spinner";
import { useHealth } from "../useHealth";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";
import { Button } from "../../../ui/Button";
import { LtrValue } from "../../../ui/BidiText";

/** Public status page, from the same JSON that monitors read at GET /health. */
export default function HealthPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("health.title"));
  const lang = currentLanguage();
  const { health, refresh } = useHealth();
  if (health.state === "loading") return <Spinner label={t("common.loading")} />;
  if (health.state === "unreachable") {
    return (
      <section className="page">
        <h1>{t("health.title")}</h1>
        <p className="status status--bad" role="alert">
          {t("health.unreachable")}
        </p>
        <Button type="button" onClick={refresh}>
          {t("common.retry")}
        </Button>
      </section>
    );
  }
  const { report } = health;
  const ok = report.status === "ok";
  return (
    <section className="page">
      <h1>{t("health.title")}</h1>
      <p className={`status ${ok ? "status--good" : "status--bad"}`} data-testid="health-status">
        {t(ok ? "health.ok" : "health.degraded")}
      </p>
      <dl className="facts">
        <dt>{t("health.database")}</dt>
        <dd>{report.database.status === "up" ? t("health.db_up", { ms: report.database.latencyMs ?? 0 }) : t("health.db_down")}</dd>
        <dt>{t("health.version")}</dt>
        <dd>
          <LtrValue>{report.version}</LtrValue>
        </dd>
        <dt>{t("health.uptime")}</dt>
        <dd>{formatDateTime(new Date(Date.parse(report.time) - report.uptimeSeconds * 1000), lang)}</dd>
        <dt>{t("health.checked")}</dt>
        <dd>{formatDateTime(report.time, lang)}</dd>
      </dl>
      <Button type="button" onClick={refresh}>
        {t("common.retry")}
      </Button>
    </section>
  );
}
