import { runtimeKey } from "../../../i18n/typed";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { currentLanguage } from "../../../i18n";
import { formatDate, formatNumber } from "../../../lib/format";
import { Badge, type BadgeTone } from "../../../ui/Badge";
import { LoadFailed } from "../../../ui/LoadFailed";
import { Skeleton } from "../../../ui/Skeleton";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";
import { CodeBlock } from "../portal/CodeBlock";
import { EXAMPLES, withOrigin } from "../portal/examples";
import { usePortalData } from "../portal/usePortalData";
import { SCOPES } from "../scopes";
import "../partners.css";

const TONE: Record<string, BadgeTone> = { BREAKING: "red", DANGEROUS: "gold", NON_BREAKING: "green" };

/** The developer portal: how to reach the partner API, its scopes and limits, examples, the schema and its changelog. */
export default function DevelopersPage() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  useDocumentTitle(t("portal.title"));
  const { data, failed, retry } = usePortalData();
  const origin = window.location.origin;
  const code = (k: keyof typeof EXAMPLES) => withOrigin(EXAMPLES[k], origin);
  return (
    <article className="page partner-portal">
      <h1>{t("portal.title")}</h1>
      <p>{t("portal.intro")}</p>
      <p className="partner-actions">
        <Link className="button button--primary" to="/developers/apps">
          {t("portal.register_link")}
        </Link>
        {/* A whole page load: the explorer's page has its own security policy. */}
        <Link className="button button--secondary" to="/developers/explorer" reloadDocument>
          {t("portal.explorer_link")}
        </Link>
      </p>

      <section aria-labelledby="portal-start">
        <h2 id="portal-start">{t("portal.start_heading")}</h2>
        <ol className="partner-steps">
          <li>{t("portal.step_register")}</li>
          <li>{t("portal.step_approve")}</li>
          <li>
            {t("portal.step_token")}
            <CodeBlock code={code("token")} label={t("portal.example_token")} />
          </li>
          <li>
            {t("portal.step_query")}
            <CodeBlock code={code("query")} label={t("portal.example_query")} />
          </li>
        </ol>
        <h3>{t("portal.javascript_heading")}</h3>
        <CodeBlock code={code("javascript")} label={t("portal.javascript_heading")} />
      </section>

      <section aria-labelledby="portal-consent">
        <h2 id="portal-consent">{t("portal.consent_heading")}</h2>
        <p>{t("portal.consent_body")}</p>
        <CodeBlock code={code("consent")} label={t("portal.consent_heading")} />
        <p>{t("portal.export_body")}</p>
        <CodeBlock code={code("exportTree")} label={t("portal.export_label")} />
      </section>

      <section aria-labelledby="portal-scopes">
        <h2 id="portal-scopes">{t("portal.scopes_heading")}</h2>
        <p>{t("portal.scopes_body")}</p>
        <dl className="partner-scope-list">
          {SCOPES.map((s) => (
            <div key={s}>
              <dt>
                <code dir="ltr">{s}</code>
              </dt>
              <dd>
                {t(runtimeKey(`partners.scope.${s.replace(":", "_")}`))}
                {data?.openFields[s]?.length ? (
                  <span className="partner-fields" dir="ltr">
                    {data.openFields[s].join(", ")}
                  </span>
                ) : null}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="portal-limits">
        <h2 id="portal-limits">{t("portal.limits_heading")}</h2>
        {failed ? (
          <LoadFailed error={failed} onRetry={retry} />
        ) : !data ? (
          <Skeleton label={t("partners.loading")} lines={3} />
        ) : (
          <ul>
            <li>{t("portal.limit_points", { n: formatNumber(data.limits.pointsPerHour, lang) })}</li>
            <li>{t("portal.limit_route", { n: formatNumber(data.limits.routeCost, lang) })}</li>
            <li>
              {t("portal.limit_tokens", {
                minutes: formatNumber(data.limits.accessTokenSeconds / 60, lang),
                days: formatNumber(data.limits.refreshIdleDays, lang),
              })}
            </li>
            <li>
              {t("portal.limit_query", { depth: formatNumber(data.limits.maxDepth, lang), cost: formatNumber(data.limits.maxCost, lang) })}
            </li>
          </ul>
        )}
      </section>

      <section aria-labelledby="portal-webhooks">
        <h2 id="portal-webhooks">{t("portal.webhooks_heading")}</h2>
        <p>{t("portal.webhooks_body")}</p>
        <CodeBlock code={code("webhook")} label={t("portal.webhooks_heading")} />
      </section>

      <section aria-labelledby="portal-changelog">
        <h2 id="portal-changelog">{t("portal.changelog_heading")}</h2>
        <p>{t("portal.changelog_body")}</p>
        {data?.releases.map((r) => (
          <div key={r.date} className="partner-release">
            <h3>{formatDate(r.date, lang)}</h3>
            {r.changes.length ? (
              <ul>
                {r.changes.map((c, i) => (
                  <li key={i}>
                    <Badge tone={TONE[c.criticality]}>{t(runtimeKey(`portal.change.${c.criticality.toLowerCase()}`))}</Badge>{" "}
                    <bdi dir="ltr">{c.message}</bdi>
                  </li>
                ))}
              </ul>
            ) : (
              <p>{t("portal.first_release")}</p>
            )}
          </div>
        ))}
      </section>

      <section aria-labelledby="portal-schema">
        <h2 id="portal-schema">{t("portal.schema_heading")}</h2>
        <p>
          {t("portal.schema_body")}{" "}
          <a href="/api/schema.graphql" dir="ltr">
            /api/schema.graphql
          </a>
        </p>
        {data && (
          <details>
            <summary>{t("portal.schema_show")}</summary>
            <CodeBlock code={data.sdl} label={t("portal.schema_heading")} />
          </details>
        )}
      </section>
    </article>
  );
}
