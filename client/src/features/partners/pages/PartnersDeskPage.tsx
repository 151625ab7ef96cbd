import { runtimeKey } from "../../../i18n/typed";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../ui/Button";
import { EmptyState } from "../../../ui/EmptyState";
import { LoadFailed } from "../../../ui/LoadFailed";
import { ReasonAction } from "../../../ui/ReasonAction";
import { Skeleton } from "../../../ui/Skeleton";
import { showToast } from "../../../ui/toast";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";
import type { PartnerAppState } from "../../../gql/graphql";
import { ActivityDetails } from "../components/ActivityDetails";
import { AppCard } from "../components/AppCard";
import { BudgetControl } from "../components/BudgetControl";
import { useApproveAppMutation, usePartnerAppsQuery, useSuspendAppMutation } from "../generated";
import "../partners.css";

/** Moderators review partner apps: approve those waiting, suspend one that misuses the API. */
export default function PartnersDeskPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("partners.desk_title"));
  const [state, setState] = useState<PartnerAppState | null>("PENDING");
  const { data, loading, error, refetch } = usePartnerAppsQuery({ variables: { state }, fetchPolicy: "cache-and-network" });
  const [approve, approving] = useApproveAppMutation();
  const [suspend] = useSuspendAppMutation();
  return (
    <article className="page">
      <h1>{t("partners.desk_title")}</h1>
      <div className="partner-actions" role="group" aria-label={t("partners.filter")}>
        {(["PENDING", "APPROVED", "SUSPENDED", null] as const).map((s) => (
          <Button key={s ?? "all"} variant={state === s ? "primary" : "secondary"} aria-pressed={state === s} onClick={() => setState(s)}>
            {s ? t(runtimeKey(`partners.state.${s.toLowerCase()}`)) : t("partners.all")}
          </Button>
        ))}
      </div>
      {error && !data ? (
        <LoadFailed error={error} onRetry={() => refetch()} />
      ) : loading && !data ? (
        <Skeleton label={t("partners.loading")} lines={3} />
      ) : data?.partnerApps.length ? (
        <ul className="partner-apps">
          {data.partnerApps.map((app) => (
            <AppCard key={app.id} app={app}>
              <div className="partner-actions">
                {app.viewerCan.approve && (
                  <Button
                    variant="primary"
                    disabled={approving.loading}
                    onClick={async () => {
                      const res = await approve({ variables: { id: app.id } }).catch(() => null);
                      if (res?.data) {
                        showToast({ titleKey: "partners.approved_toast" });
                        void refetch();
                      }
                    }}
                  >
                    {t("partners.approve")}
                  </Button>
                )}
                {app.viewerCan.suspend && (
                  <ReasonAction
                    label={t("partners.suspend")}
                    title={t("partners.suspend_title", { app: app.name })}
                    reasonLabel={t("partners.suspend_reason")}
                    onConfirm={async (reason) => {
                      await suspend({ variables: { id: app.id, reason } });
                      showToast({ titleKey: "partners.suspended_toast" });
                      void refetch();
                    }}
                  />
                )}
              </div>
              {app.viewerCan.setBudget && <BudgetControl appId={app.id} budgetPerHour={app.budgetPerHour ?? null} />}
              <ActivityDetails appId={app.id} />
            </AppCard>
          ))}
        </ul>
      ) : (
        <EmptyState title={t("partners.no_apps_here")} />
      )}
    </article>
  );
}
