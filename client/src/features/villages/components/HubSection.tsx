import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useAuth } from "../../../app/auth/useAuth";
import { Button } from "../../../ui/Button";

/** A section with an "add" form that signed-in members can open. */
export function HubSection({
  title,
  addLabel,
  testId,
  form,
  children,
}: {
  title: string;
  addLabel: string;
  testId: string;
  form: (close: () => void) => ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const auth = useAuth();
  const [open, setOpen] = useState(false);
  return (
    <section className="card hub-section" data-testid={testId} aria-label={title}>
      <div className="hub-section__head">
        <h2>{title}</h2>
        {auth.status === "signedIn" && (
          <Button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? t("hub.cancel") : addLabel}
          </Button>
        )}
      </div>
      {open && form(() => setOpen(false))}
      {children}
    </section>
  );
}
