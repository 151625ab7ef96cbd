import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useLocation, useSearchParams } from "react-router-dom";
import { internalPath } from "../../lib/navigation";
import { isSafeRedirect, safeRedirect } from "../../lib/safeRedirect";
import { Spinner } from "../../ui/Spinner";
import type { ViewerFieldsFragment } from "../../gql/graphql";
import { useAuth } from "./useAuth";

/** Where an unauthenticated visitor goes: /auth with returnTo only when it is a safe target. */
export function authRedirectTarget(pathWithQuery: string): string {
  return isSafeRedirect(pathWithQuery) ? `/auth?returnTo=${encodeURIComponent(pathWithQuery)}` : "/auth";
}

/** Protected pages (spec §2): "Verifying access..." while auth loads, then /auth (history replaced). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const location = useLocation();
  if (auth.status === "loading") return <Spinner label={t("common.verifying_access")} />;
  if (auth.status === "signedOut") return <Navigate to={authRedirectTarget(location.pathname + location.search)} replace />;
  return <>{children}</>;
}

/** Signed-in pages that also need a permission the server computed (e.g. `accessAdmin`). */
export function RequirePermission({ can, children }: { can: keyof ViewerFieldsFragment["can"]; children: ReactNode }) {
  const { t } = useTranslation();
  const auth = useAuth();
  return (
    <RequireAuth>
      {auth.status === "signedIn" && !auth.viewer.can[can] ? (
        <section className="page page--center" data-testid="forbidden">
          <h1>{t("auth.forbidden_title")}</h1>
          <p>{t("auth.forbidden_body")}</p>
        </section>
      ) : (
        children
      )}
    </RequireAuth>
  );
}

/** The guest-only /auth (spec §2): "Loading..." while auth loads; a signed-in member goes to returnTo or /dashboard. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const [params] = useSearchParams();
  if (auth.status === "loading") return <Spinner label={t("common.loading")} />;
  if (auth.status === "signedIn") {
    const target = safeRedirect(params.get("returnTo"), "/dashboard");
    const path = internalPath(target);
    if (path) return <Navigate to={path} replace />;
    window.location.replace(target);
    return null;
  }
  return <>{children}</>;
}
