import { runtimeKey } from "../../../i18n/typed";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router-dom";
import { sessionHeaders } from "../../../app/auth/headers";
import { Button } from "../../../ui/Button";
import { Skeleton } from "../../../ui/Skeleton";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";
import "../partners.css";

interface Details {
  app: { name: string; clientId: string; owner: string | null };
  scopes: string[];
  redirectUri: string;
}

/**
 * A member says yes or no to an app asking for access (the OAuth consent, issue 40): the app,
 * who made it, what it asks for, and where the member goes back. The answer goes to the OAuth
 * server with this browser's interaction cookie and the member's session; it then sends the
 * browser back to the app.
 */
export default function ConsentPage() {
  const { t } = useTranslation();
  const { uid = "" } = useParams();
  useDocumentTitle(t("partners.consent_title"));
  const [details, setDetails] = useState<Details | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const base = `/oauth/consent/${encodeURIComponent(uid)}`;

  useEffect(() => {
    let live = true;
    fetch(`${base}/details`, { credentials: "same-origin", headers: sessionHeaders() })
      .then(async (res) => {
        const body = await res.json();
        if (!live) return;
        if (res.ok) setDetails(body as Details);
        else setProblem((body as { message?: string }).message ?? t("errors.network"));
      })
      .catch(() => live && setProblem(t("errors.network")));
    return () => {
      live = false;
    };
  }, [base, t]);

  const answer = async (decision: "confirm" | "deny") => {
    setBusy(true);
    try {
      const res = await fetch(`${base}/${decision}`, { method: "POST", credentials: "same-origin", headers: sessionHeaders() });
      const body = (await res.json()) as { redirectTo?: string; message?: string };
      if (res.ok && body.redirectTo) window.location.assign(body.redirectTo);
      else {
        setProblem(body.message ?? t("errors.network"));
        setBusy(false);
      }
    } catch {
      setProblem(t("errors.network"));
      setBusy(false);
    }
  };

  const host = details && URL.canParse(details.redirectUri) ? new URL(details.redirectUri).host : "";
  return (
    <article className="page narrow">
      <h1>{t("partners.consent_title")}</h1>
      {problem ? (
        <p role="alert" className="form-error">
          {problem}
        </p>
      ) : !details ? (
        <Skeleton label={t("partners.loading")} lines={4} />
      ) : (
        <div className="card stack" data-testid="consent">
          {details.app.owner && <p className="muted">{t("partners.consent_by", { owner: details.app.owner })}</p>}
          <p>{t("partners.consent_asks", { app: details.app.name })}</p>
          <ul>
            {details.scopes.map((s) => (
              <li key={s}>{t(runtimeKey(`partners.scope.${s.replace(":", "_")}`))}</li>
            ))}
          </ul>
          <p>{t("partners.consent_return", { host })}</p>
          <p className="muted">{t("partners.consent_revoke")}</p>
          <div className="partner-actions">
            <Button variant="primary" disabled={busy} onClick={() => void answer("confirm")}>
              {t("partners.allow")}
            </Button>
            <Button disabled={busy} onClick={() => void answer("deny")}>
              {t("partners.deny")}
            </Button>
          </div>
        </div>
      )}
    </article>
  );
}
