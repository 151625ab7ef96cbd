import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useNavigate, useSearchParams } from "react-router-dom";
import { apiProblem } from "../../../lib/apiErrors";
import { internalPath } from "../../../lib/navigation";
import { safeRedirect } from "../../../lib/safeRedirect";
import { Spinner } from "../../../ui/Spinner";
import { showToast } from "../../../ui/toast";
import { useSignInWithMagicLinkMutation } from "../generated";
import { shareSession } from "../../../app/auth/session";
import { useAuth } from "../../../app/auth/useAuth";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";
import { ButtonLink } from "../../../ui/Button";

/** Where a magic link lands: signs in with its token, then goes to the link's safe returnTo. */
export default function AuthCheckPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("auth.link_failed_title"));
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const auth = useAuth();
  const token = params.get("token");
  const [consume, { error }] = useSignInWithMagicLinkMutation();
  const [done, setDone] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    // The token leaves the address bar (and history) at once.
    window.history.replaceState(null, "", "/auth-check");
    void consume({ variables: { token } })
      .then((res) => {
        const payload = res.data?.signInWithMagicLink;
        if (!payload?.signedIn) return;
        showToast({ titleKey: "toast.welcome_back", bodyKey: "toast.welcome_back_body" });
        shareSession(payload);
        setDone(true);
        const target = safeRedirect(payload.returnTo, "/dashboard");
        const path = internalPath(target);
        if (path) navigate(path, { replace: true });
        else window.location.replace(target);
      })
      .catch(() => undefined);
  }, [token, consume, navigate]);

  if (!token && !done) {
    if (auth.status === "loading") return <Spinner label={t("common.verifying_access")} />;
    return <Navigate to={auth.status === "signedIn" ? "/dashboard" : "/auth"} replace />;
  }
  const problem = apiProblem(error, t("errors.network"));
  if (problem) {
    return (
      <section className="page page--center">
        <h1>{t("auth.link_failed_title")}</h1>
        <p role="alert">{problem.message}</p>
        <ButtonLink variant="primary" to="/auth?mode=magic">
          {t("auth.new_link")}
        </ButtonLink>
      </section>
    );
  }
  return <Spinner label={t("auth.signing_in")} />;
}
