import { useTranslation } from "react-i18next";
import { featureFlags } from "../../../app/flags";
import { apiProblem } from "../../../lib/apiErrors";
import { showToast } from "../../../ui/toast";
import { useAdminFeatureFlagsQuery, useSetFeatureFlagMutation } from "../generated";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";
import { Skeleton } from "../../../ui/Skeleton";
import { Badge } from "../../../ui/Badge";
import { Button } from "../../../ui/Button";
import { runtimeKey } from "../../../i18n/typed";
import { DataTable } from "../../../ui/DataTable";

/** /admin/backoffice: every feature flag, its state and production default, and a switch each (the server checks the admin role). */
export default function AdminBackofficePage() {
  const { t } = useTranslation();
  useDocumentTitle(t("admin.backoffice_title"));
  const { data, loading, refetch } = useAdminFeatureFlagsQuery({ fetchPolicy: "network-only" });
  const [setFlag, setting] = useSetFeatureFlagMutation();
  const problem = apiProblem(setting.error, t("errors.network"));
  const flags = data?.featureFlags ?? [];

  const toggle = async (key: string, enabled: boolean) => {
    const res = await setFlag({ variables: { key, enabled } }).catch(() => null);
    const saved = res?.data?.setFeatureFlag;
    if (!saved) return;
    // Flags have no id for the cache to follow: read the list again; this tab's navigation and routes follow it.
    const again = await refetch().catch(() => null);
    if (again?.data) featureFlags.set(again.data.featureFlags);
    showToast({
      titleKey: saved.enabled ? "admin.flag_saved_on" : "admin.flag_saved_off",
      params: { name: t(runtimeKey(`flags.${saved.key}`)) },
    });
  };

  return (
    <section className="page">
      <h1>{t("admin.backoffice_title")}</h1>
      <p>{t("admin.backoffice_intro")}</p>
      {loading && <Skeleton label={t("common.loading")} />}
      {problem && (
        <p className="form-error" role="alert">
          {problem.message}
        </p>
      )}
      {flags.length > 0 && (
        <DataTable
          caption={t("admin.backoffice_title")}
          captionHidden
          testId="feature-flags"
          rows={flags}
          rowKey={(f) => f.key}
          rowProps={(f) => ({ "data-testid": `flag-${f.key}` })}
          columns={[
            {
              key: "name",
              header: t("admin.flag_name"),
              rowHeader: true,
              cell: (f) => (
                <span className="cluster">
                  {t(runtimeKey(`flags.${f.key}`))}{" "}
                  <code dir="ltr" className="muted">
                    {f.key}
                  </code>
                </span>
              ),
            },
            {
              key: "state",
              header: t("admin.flag_state"),
              cell: (f) => <Badge tone={f.enabled ? "green" : "neutral"}>{f.enabled ? t("admin.flag_on") : t("admin.flag_off")}</Badge>,
            },
            { key: "default", header: t("admin.flag_default"), cell: (f) => (f.defaultEnabled ? t("admin.flag_on") : t("admin.flag_off")) },
            {
              key: "change",
              header: <span className="visually-hidden">{t("admin.flag_change")}</span>,
              label: t("admin.flag_change"),
              cell: (f) => (
                <Button
                  variant={f.enabled ? "secondary" : "primary"}
                  size="sm"
                  aria-label={t(f.enabled ? "admin.flag_switch_off_named" : "admin.flag_switch_on_named", {
                    name: t(runtimeKey(`flags.${f.key}`)),
                  })}
                  disabled={setting.loading}
                  onClick={() => void toggle(f.key, !f.enabled)}
                >
                  {f.enabled ? t("admin.flag_switch_off") : t("admin.flag_switch_on")}
                </Button>
              ),
            },
          ]}
        />
      )}
    </section>
  );
}
