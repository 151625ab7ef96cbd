import { useTranslation } from "react-i18next";

/**
 * A client secret, shown once after registration or rotation (only its hash is kept), with the
 * key the app's webhooks are signed with (replaced with it).
 */
export function SecretOnce({ clientId, secret, webhookSecret }: { clientId: string; secret: string; webhookSecret: string }) {
  const { t } = useTranslation();
  return (
    <div className="card partner-secret" role="status" data-testid="client-secret">
      <h2>{t("partners.secret_heading")}</h2>
      <p>{t("partners.secret_once")}</p>
      <p>
        {t("partners.client_id")}: <code dir="ltr">{clientId}</code>
      </p>
      <p>
        {t("partners.client_secret")}: <code dir="ltr">{secret}</code>
      </p>
      <p>
        {t("partners.webhook_secret")}: <code dir="ltr">{webhookSecret}</code>
      </p>
    </div>
  );
}
