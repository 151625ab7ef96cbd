import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { currentLanguage } from "../../../i18n";
import { apiProblem } from "../../../lib/apiErrors";
import { formatDateTime } from "../../../lib/format";
import { Button } from "../../../ui/Button";
import { EmptyState } from "../../../ui/EmptyState";
import { LoadFailed } from "../../../ui/LoadFailed";
import { Select } from "../../../ui/Select";
import { Skeleton } from "../../../ui/Skeleton";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";
import { useExplorerTokenMutation, useMyAppsQuery } from "../generated";
import "../partners.css";

const Explorer = lazy(() => import("../portal/Explorer"));

/** The API explorer: GraphiQL with an hour-long token of one of the developer's approved apps. */
export default function ExplorerPage() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  useDocumentTitle(t("portal.explorer_title"));
  const { data, error, refetch } = useMyAppsQuery({ fetchPolicy: "cache-and-network" });
  const [mint, minting] = useExplorerTokenMutation();
  const approved = data?.myApps.filter((a) => a.state === "APPROVED") ?? [];
  const [appId, setAppId] = useState<string | null>(null);
  const [token, setToken] = useState<{ token: string; expiresAt: string; scopes: string[] } | null>(null);
  const chosen = appId ?? approved[0]?.id ?? null;
  const problem = apiProblem(minting.error, t("errors.network"));

  return (
    <article className="page partner-explorer-page">
      <h1>{t("portal.explorer_title")}</h1>
      <p>{t("portal.explorer_intro")}</p>
      {error && !data ? (
        <LoadFailed error={error} onRetry={() => refetch()} />
      ) : !data ? (
        <Skeleton label={t("partners.loading")} lines={2} />
      ) : approved.length === 0 ? (
        <EmptyState title={t("portal.explorer_no_apps")}>
          <Link to="/developers/apps">{t("portal.register_link")}</Link>
        </EmptyState>
      ) : (
        <form
          className="partner-budget"
          onSubmit={async (e) => {
            e.preventDefault();
            if (!chosen) return;
            const res = await mint({ variables: { appId: chosen } }).catch(() => null);
            if (res?.data) setToken(res.data.explorerToken);
          }}
        >
          <Select label={t("portal.explorer_app")} value={chosen ?? ""} onChange={(e) => setAppId(e.target.value)}>
            {approved.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </Select>
          <Button type="submit" variant="primary" disabled={minting.loading}>
            {t("portal.explorer_open")}
          </Button>
          {problem && (
            <p role="alert" className="form-error">
              {problem.message}
            </p>
          )}
        </form>
      )}
      {token && (
        <>
          <p role="status">
            {t("portal.explorer_token", { time: formatDateTime(token.expiresAt, lang) })} <code dir="ltr">{token.scopes.join(" ")}</code>
          </p>
          <Suspense fallback={<Skeleton label={t("partners.loading")} lines={6} />}>
            <Explorer token={token.token} />
          </Suspense>
        </>
      )}
    </article>
  );
}
