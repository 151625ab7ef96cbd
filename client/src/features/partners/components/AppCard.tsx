import { runtimeKey } from "../../../i18n/typed";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../../i18n";
import { formatDate, formatNumber } from "../../../lib/format";
import { Badge, type BadgeTone } from "../../../ui/Badge";
import type { PartnerAppFieldsFragment } from "../../../gql/graphql";
import type { ReactNode } from "react";

const TONE: Record<string, BadgeTone> = { PENDING: "gold", APPROVED: "green", SUSPENDED: "red" };

/** One partner app as its developer and the moderators see it. */
export function AppCard({ app, children }: { app: PartnerAppFieldsFragment; children?: ReactNode }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  return (
    <li className="card partner-app" data-testid={`app-${app.clientId}`}>
      <h3>
        <bdi>{app.name}</bdi> <Badge tone={TONE[app.state]}>{t(runtimeKey(`partners.state.${app.state.toLowerCase()}`))}</Badge>
      </h3>
      <dl className="partner-app__facts">
        <dt>{t("partners.client_id")}</dt>
        <dd>
          <code dir="ltr">{app.clientId}</code>
        </dd>
        {app.ownerName && (
          <>
            <dt>{t("partners.owner")}</dt>
            <dd>
              <bdi>{app.ownerName}</bdi>
            </dd>
          </>
        )}
        <dt>{t("partners.scopes")}</dt>
        <dd>{app.scopes.map((s) => t(runtimeKey(`partners.scope.${s.replace(":", "_")}`))).join(" · ")}</dd>
        <dt>{t("partners.redirect_uris")}</dt>
        <dd>
          {app.redirectUris.length ? (
            app.redirectUris.map((u) => (
              <code key={u} dir="ltr" className="partner-app__uri">
                {u}
              </code>
            ))
          ) : (
            <span>{t("partners.no_redirects")}</span>
          )}
        </dd>
        <dt>{t("partners.budget_label")}</dt>
        <dd>{app.budgetPerHour == null ? t("partners.budget_default") : formatNumber(app.budgetPerHour, lang)}</dd>
        <dt>{t("partners.registered")}</dt>
        <dd>{formatDate(app.createdAt, lang)}</dd>
        {app.decisionReason && (
          <>
            <dt>{t("partners.reason")}</dt>
            <dd>
              <bdi>{app.decisionReason}</bdi>
            </dd>
          </>
        )}
      </dl>
      {children}
    </li>
  );
}
