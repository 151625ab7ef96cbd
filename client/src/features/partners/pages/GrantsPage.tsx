import { runtimeKey } from "../../../i18n/typed";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { currentLanguage } from "../../../i18n";
import { formatDate } from "../../../lib/format";
import { ConfirmAction } from "../../../ui/ConfirmAction";
import { EmptyState } from "../../../ui/EmptyState";
import { LoadFailed } from "../../../ui/LoadFailed";
import { Skeleton } from "../../../ui/Skeleton";
import { showToast } from "../../../ui/toast";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";
import { useMyGrantsQuery, useRevokeGrantMutation } from "../generated";
import "../partners.css";

/** The apps a member let in (their consents), each revocable at once; and where developers start. */
export default function GrantsPage() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  useDocumentTitle(t("oauth.title"));
  const { data, loading, error, refetch } = useMyGrantsQuery({ fetchPolicy: "cache-and-network" });
  const [revoke] = useRevokeGrantMutation();
  return (
    <article className="page">
      <h1>{t("oauth.title")}</h1>
      <p>{t("partners.grants_intro")}</p>
      <section aria-labelledby="grants">
        <h2 id="grants">{t("partners.grants_heading")}</h2>
        {error && !data ? (
          <LoadFailed error={error} onRetry={() => refetch()} />
        ) : loading && !data ? (
          <Skeleton label={t("partners.loading")} lines={2} />
        ) : data?.myGrants.length ? (
          <ul className="partner-apps">
            {data.myGrants.map((g) => (
              <li key={g.id} className="card" data-testid={`grant-${g.app.clientId}`}>
                <h3>
                  <bdi>{g.app.name}</bdi>
                </h3>
                {g.app.ownerName && <p>{t("partners.consent_by", { owner: g.app.ownerName })}</p>}
                <ul>
                  {g.scopes.map((s) => (
                    <li key={s}>{t(runtimeKey(`partners.scope.${s.replace(":", "_")}`))}</li>
                  ))}
                </ul>
                <p className="muted">{t("partners.granted_on", { date: formatDate(g.grantedAt, lang) })}</p>
                <ConfirmAction
                  label={t("partners.revoke")}
                  ariaLabel={t("partners.revoke_named", { app: g.app.name })}
                  question={t("partners.revoke_question", { app: g.app.name })}
                  confirmLabel={t("partners.revoke")}
                  danger
                  onConfirm={async () => {
                    await revoke({ variables: { id: g.id } });
                    showToast({ titleKey: "partners.revoked_toast" });
                    await refetch();
                  }}
                />
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState title={t("partners.no_grants")} />
        )}
      </section>
      <section aria-labelledby="developers">
        <h2 id="developers">{t("partners.developers_heading")}</h2>
        <p>{t("partners.developers_body")}</p>
        <p>
          <Link to="/developers/apps">{t("partners.apps_title")}</Link>
        </p>
      </section>
    </article>
  );
}
