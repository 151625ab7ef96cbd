import { runtimeKey } from "../../../i18n/typed";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../../i18n";
import { formatDateTime, formatNumber } from "../../../lib/format";
import { Badge, type BadgeTone } from "../../../ui/Badge";
import { DataTable } from "../../../ui/DataTable";
import { LoadFailed } from "../../../ui/LoadFailed";
import { Skeleton } from "../../../ui/Skeleton";
import { useAppActivityQuery } from "../generated";

const TONE: Record<string, BadgeTone> = { PENDING: "gold", DELIVERED: "green", FAILED: "red" };

/** An app's last day of spending by hour and its latest webhook deliveries: its developer's and the moderators' view. */
export function AppActivity({ appId }: { appId: string }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { data, error, refetch } = useAppActivityQuery({ variables: { id: appId }, fetchPolicy: "cache-and-network" });
  if (error && !data) return <LoadFailed error={error} onRetry={() => refetch()} />;
  if (!data) return <Skeleton label={t("partners.loading")} lines={2} />;
  return (
    <div className="partner-activity">
      <DataTable
        caption={t("partners.usage_heading")}
        rows={data.appUsage}
        rowKey={(r) => String(r.hour)}
        empty={<p>{t("partners.no_usage")}</p>}
        columns={[
          { key: "hour", header: t("partners.usage_hour"), rowHeader: true, cell: (r) => formatDateTime(r.hour, lang) },
          { key: "spent", header: t("partners.usage_spent"), numeric: true, cell: (r) => formatNumber(r.spent, lang) },
          { key: "requests", header: t("partners.usage_requests"), numeric: true, cell: (r) => formatNumber(r.requests, lang) },
          { key: "refused", header: t("partners.usage_refused"), numeric: true, cell: (r) => formatNumber(r.refused, lang) },
        ]}
      />
      <DataTable
        caption={t("partners.deliveries_heading")}
        rows={data.webhookDeliveries}
        rowKey={(r) => r.id}
        empty={<p>{t("partners.no_deliveries")}</p>}
        columns={[
          { key: "at", header: t("partners.delivery_time"), rowHeader: true, cell: (r) => formatDateTime(r.occurredAt, lang) },
          {
            key: "event",
            header: t("partners.delivery_event"),
            cell: (r) => <code dir="ltr">{r.event.toLowerCase().replace("_", ".")}</code>,
          },
          {
            key: "state",
            header: t("partners.delivery_state"),
            cell: (r) => <Badge tone={TONE[r.state]}>{t(runtimeKey(`partners.delivery.${r.state.toLowerCase()}`))}</Badge>,
          },
          { key: "attempts", header: t("partners.delivery_attempts"), numeric: true, cell: (r) => formatNumber(r.attempts, lang) },
          {
            key: "last",
            header: t("partners.delivery_last"),
            cell: (r) => <code dir="ltr">{[r.lastStatus, r.lastError].filter((x) => x != null).join(" · ") || "—"}</code>,
          },
        ]}
      />
    </div>
  );
}
