import { useTranslation } from "react-i18next";
import { showToast } from "../../../ui/toast";
import type { EmailCadence } from "../../../gql/graphql";
import { useNotificationSettingsQuery, useSetNotificationSettingMutation } from "../generated";
import { lower } from "../../../i18n/typed";
import "../notifications.css";

const CADENCES: EmailCadence[] = ["IMMEDIATE", "DIGEST", "OFF"];

/** The /settings section: for each kind of notification, the bell and the email cadence. Saved on change. */
export function NotificationSettings() {
  const { t } = useTranslation();
  const { data, loading } = useNotificationSettingsQuery({ fetchPolicy: "cache-and-network" });
  const [save] = useSetNotificationSettingMutation();
  const change = async (kind: string, inApp: boolean, email: EmailCadence) => {
    const res = await save({ variables: { kind, inApp, email } }).catch(() => null);
    showToast(res?.data ? { titleKey: "notifications.settings.saved" } : { titleKey: "errors.network", variant: "destructive" });
  };
  return (
    <section className="card" id="notifications" aria-labelledby="settings-notifications">
      <h2 id="settings-notifications">{t("notifications.settings.title")}</h2>
      <p className="muted">{t("notifications.settings.intro")}</p>
      {loading && !data && <p>{t("common.loading")}</p>}
      {data && (
        <table className="notification-settings" data-testid="notification-settings">
          <thead>
            <tr>
              <th scope="col">{t("notifications.settings.kind")}</th>
              <th scope="col">{t("notifications.settings.in_app")}</th>
              <th scope="col">{t("notifications.settings.email")}</th>
            </tr>
          </thead>
          <tbody>
            {data.notificationSettings.map((s) => (
              <tr key={s.kind}>
                <td id={`kind-${s.kind}`}>{s.label}</td>
                <td>
                  <label className="notification-settings__toggle">
                    <input
                      type="checkbox"
                      checked={s.inApp}
                      aria-describedby={`kind-${s.kind}`}
                      onChange={(e) => void change(s.kind, e.target.checked, s.email)}
                    />
                    <span>{t("notifications.settings.in_app")}</span>
                  </label>
                </td>
                <td>
                  <select
                    aria-label={`${t("notifications.settings.email")}${t("common.colon")} ${s.label}`}
                    value={s.email}
                    onChange={(e) => void change(s.kind, s.inApp, e.target.value as EmailCadence)}
                  >
                    {CADENCES.map((c) => (
                      <option key={c} value={c}>
                        {t(`notifications.cadence.${lower(c)}`)}
                      </option>
                    ))}
                  </select>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
