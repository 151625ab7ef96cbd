import { runtimeKey } from "../../../i18n/typed";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { apiProblem, problemText } from "../../../lib/apiErrors";
import { Button } from "../../../ui/Button";
import { ConfirmAction } from "../../../ui/ConfirmAction";
import { EmptyState } from "../../../ui/EmptyState";
import { Field } from "../../../ui/Field";
import { LoadFailed } from "../../../ui/LoadFailed";
import { Skeleton } from "../../../ui/Skeleton";
import { showToast } from "../../../ui/toast";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";
import { ActivityDetails } from "../components/ActivityDetails";
import { AppCard } from "../components/AppCard";
import { SecretOnce } from "../components/SecretOnce";
import { SCOPES } from "../scopes";
import { useMyAppsQuery, useRegisterAppMutation, useRotateAppSecretMutation } from "../generated";
import "../partners.css";

/** A developer registers apps (OAuth clients) for the partner API, and rotates their secrets. */
export default function DeveloperAppsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("partners.apps_title"));
  const { data, loading, error, refetch } = useMyAppsQuery({ fetchPolicy: "cache-and-network" });
  const [register, registering] = useRegisterAppMutation();
  const [rotate] = useRotateAppSecretMutation();
  const [name, setName] = useState("");
  const [uris, setUris] = useState("");
  const [webhook, setWebhook] = useState("");
  const [scopes, setScopes] = useState<string[]>(["public:read"]);
  const [secret, setSecret] = useState<{ clientId: string; secret: string; webhookSecret: string } | null>(null);
  const problem = apiProblem(registering.error, t("errors.network"));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const redirectUris = uris
      .split(/\s+/)
      .map((u) => u.trim())
      .filter(Boolean);
    const res = await register({ variables: { input: { name, redirectUris, scopes, webhookUrl: webhook || null } } }).catch(() => null);
    if (res?.data) {
      setSecret({
        clientId: res.data.registerApp.app.clientId,
        secret: res.data.registerApp.clientSecret,
        webhookSecret: res.data.registerApp.webhookSecret,
      });
      setName("");
      setUris("");
      setWebhook("");
      showToast({ titleKey: "partners.registered_toast" });
      void refetch();
    }
  };

  return (
    <article className="page">
      <h1>{t("partners.apps_title")}</h1>
      <p>{t("partners.apps_intro")}</p>
      {secret && <SecretOnce {...secret} />}
      <section aria-labelledby="my-apps">
        <h2 id="my-apps">{t("partners.my_apps")}</h2>
        {error && !data ? (
          <LoadFailed error={error} onRetry={() => refetch()} />
        ) : loading && !data ? (
          <Skeleton label={t("partners.loading")} lines={3} />
        ) : data?.myApps.length ? (
          <ul className="partner-apps">
            {data.myApps.map((app) => (
              <AppCard key={app.id} app={app}>
                {app.viewerCan.rotate && (
                  <ConfirmAction
                    label={t("partners.rotate")}
                    question={t("partners.rotate_question")}
                    confirmLabel={t("partners.rotate_confirm")}
                    danger
                    onConfirm={async () => {
                      const res = await rotate({ variables: { id: app.id } });
                      if (res.data)
                        setSecret({
                          clientId: app.clientId,
                          secret: res.data.rotateAppSecret.clientSecret,
                          webhookSecret: res.data.rotateAppSecret.webhookSecret,
                        });
                    }}
                  />
                )}
                <ActivityDetails appId={app.id} />
              </AppCard>
            ))}
          </ul>
        ) : (
          <EmptyState title={t("partners.no_apps")} />
        )}
      </section>
      <section aria-labelledby="register-app">
        <h2 id="register-app">{t("partners.register_heading")}</h2>
        <form onSubmit={submit} className="stack" noValidate>
          <Field
            label={t("partners.name")}
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            maxLength={80}
            errors={problem?.fields.name}
          />
          <div className="form-field">
            <label htmlFor="redirect-uris">{t("partners.redirect_uris")}</label>
            <textarea
              id="redirect-uris"
              dir="ltr"
              rows={3}
              value={uris}
              onChange={(e) => setUris(e.target.value)}
              aria-describedby="redirect-uris-hint"
            />
            <small id="redirect-uris-hint" className="form-field__hint">
              {t("partners.redirect_hint")}
            </small>
          </div>
          <fieldset className="partner-scopes">
            <legend>{t("partners.scopes")}</legend>
            {SCOPES.map((s) => (
              <label key={s}>
                <input
                  type="checkbox"
                  checked={scopes.includes(s)}
                  onChange={(e) => setScopes(e.target.checked ? [...scopes, s] : scopes.filter((x) => x !== s))}
                />{" "}
                <code dir="ltr">{s}</code> — {t(runtimeKey(`partners.scope.${s.replace(":", "_")}`))}
              </label>
            ))}
          </fieldset>
          <Field
            label={t("partners.webhook_url")}
            dir="ltr"
            type="url"
            value={webhook}
            onChange={(e) => setWebhook(e.target.value)}
            hint={t("partners.webhook_hint")}
            errors={problem?.fields.webhookUrl}
          />
          {problem && (
            <p role="alert" className="form-error">
              {problemText(problem, ["redirectUris", "scopes"])}
            </p>
          )}
          <Button type="submit" variant="primary" disabled={registering.loading}>
            {t("partners.register")}
          </Button>
        </form>
      </section>
    </article>
  );
}
