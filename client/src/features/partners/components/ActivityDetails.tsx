import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AppActivity } from "./AppActivity";

/** The app's usage and webhook log behind a disclosure, fetched once opened. */
export function ActivityDetails({ appId }: { appId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <details className="partner-app__activity" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{t("partners.activity")}</summary>
      {open && <AppActivity appId={appId} />}
    </details>
  );
}
