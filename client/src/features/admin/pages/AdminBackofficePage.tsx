import { useTranslation } from "react-i18next";
import { featureFlags } from "../../../app/flags";
import { apiProblem } from "../../../lib/apiErrors";
import { showToast } from "../../../ui/toast";
import { useAdminFeatureFlagsQuery, useSetFeatureFlagMutation } from "../generated";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";

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
    showToast({ titleKey: saved.enabled ? "admin.flag_saved_on" : "admin.flag_saved_off", params: { name: t(`flags.${saved.key}`) } });
  };

  return (
    <section className="page">
      <h1>{t("admin.backoffice_title")}</h1>
      <p>{t("admin.backoffice_intro")}</p>
      {loading && <p>{t("common.loading")}</p>}
      {problem && <p className="form-error" role="alert">{problem.message}</p>}
      {flags.length > 0 && (
        <table className="table" data-testid="feature-flags">
          <thead>
            <tr>
              <th scope="col">{t("admin.flag_name")}</th>
              <th scope="col">{t("admin.flag_state")}</th>
              <th scope="col">{t("admin.flag_default")}</th>
              <th scope="col"><span className="visually-hidden">{t("admin.flag_change")}</span></th>
            </tr>
          </thead>
          <tbody>
            {flags.map((f) => {
              const name = t(`flags.${f.key}`);
              return (
                <tr key={f.key} data-testid={`flag-${f.key}`}>
                  <th scope="row">{name} <code dir="ltr" className="muted">{f.key}</code></th>
                  <td>{f.enabled ? t("admin.flag_on") : t("admin.flag_off")}</td>
                  <td>{f.defaultEnabled ? t("admin.flag_on") : t("admin.flag_off")}</td>
                  <td>
                    <button
                      type="button"
                      className={f.enabled ? "button" : "button button--primary"}
                      aria-label={t(f.enabled ? "admin.flag_switch_off_named" : "admin.flag_switch_on_named", { name })}
                      disabled={setting.loading}
                      onClick={() => void toggle(f.key, !f.enabled)}
                    >
                      {f.enabled ? t("admin.flag_switch_off") : t("admin.flag_switch_on")}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
