import { useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { apiProblem, problemText } from "../lib/apiErrors";
import { Button, type ButtonVariant } from "./Button";
import { Dialog } from "./Dialog";
import { TextInput } from "./TextInput";

/**
 * A button for an action that needs its reason written down (revoke a passport, hide a revision):
 * a dialog asks for the reason in the reader's language (a browser `prompt()` would ask in the
 * browser's, unstyled), acts only once one is given, and shows a refusal from the server there,
 * translated, keeping what was typed.
 */
export function ReasonAction({
  label,
  title,
  reasonLabel,
  confirmLabel,
  variant = "danger",
  onConfirm,
}: {
  label: string;
  /** How the opening button looks: red by default; a secondary action where it sits on many rows. */
  variant?: ButtonVariant;
  title: ReactNode;
  reasonLabel: string;
  confirmLabel?: string;
  onConfirm: (reason: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const problem = apiProblem(error, t("errors.network"));
  const close = () => {
    setOpen(false);
    setReason("");
    setError(null);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) return;
    setBusy(true);
    setError(null);
    try {
      await onConfirm(reason.trim());
      close();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="sm" variant={variant} onClick={() => setOpen(true)}>
        {label}
      </Button>
      {open && (
        <Dialog title={title} onClose={close}>
          <form onSubmit={(e) => void submit(e)}>
            <TextInput label={reasonLabel} value={reason} onChange={(e) => setReason(e.target.value)} required maxLength={500} dir="auto" />
            {problem && (
              <p className="form-error" role="alert">
                {problemText(problem)}
              </p>
            )}
            <div className="button-row">
              <Button type="submit" variant="danger" disabled={busy || !reason.trim()}>
                {confirmLabel ?? label}
              </Button>
              <Button onClick={close}>{t("common.cancel")}</Button>
            </div>
          </form>
        </Dialog>
      )}
    </>
  );
}
