import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { apiProblem, problemText } from "../lib/apiErrors";
import { Button } from "./Button";

/**
 * A button that asks before it acts (delete, remove a link). The question and its two
 * buttons appear in place, in the reader's language (a browser `confirm()` would answer in
 * the browser's), with the confirming button focused; a refusal from the server is shown
 * right there, translated.
 */
export function ConfirmAction({
  label,
  ariaLabel,
  question,
  confirmLabel,
  dismissLabel,
  danger,
  onConfirm,
}: {
  label: string;
  ariaLabel?: string;
  question: string;
  confirmLabel: string;
  /** The button that answers no (default "Cancel": name it otherwise when the action itself cancels something). */
  dismissLabel?: string;
  /** The asking button looks like the danger it leads to, full size (default: a small plain button). */
  danger?: boolean;
  onConfirm: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const trigger = useRef<HTMLButtonElement>(null);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [refocus, setRefocus] = useState(false);
  const problem = apiProblem(error, t("errors.network"));

  useEffect(() => {
    if (refocus && !asking) trigger.current?.focus();
  }, [refocus, asking]);

  const close = () => {
    setAsking(false);
    setRefocus(true);
  };
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
      close();
    }
  };
  return (
    <>
      {asking ? (
        <div className="confirm" role="alertdialog" aria-labelledby={`${id}-q`}>
          <p id={`${id}-q`} className="confirm__question">
            {question}
          </p>
          <div className="button-row">
            <Button type="button" variant="danger" onClick={() => void confirm()} disabled={busy} autoFocus>
              {confirmLabel}
            </Button>
            <Button type="button" onClick={close} disabled={busy}>
              {dismissLabel ?? t("common.cancel")}
            </Button>
          </div>
        </div>
      ) : (
        <button
          ref={trigger}
          type="button"
          className={danger ? "button button--danger" : "button button--small"}
          aria-label={ariaLabel}
          onClick={() => {
            setError(null);
            setAsking(true);
          }}
        >
          {label}
        </button>
      )}
      {problem && (
        <p className="form-error" role="alert">
          {problemText(problem)}
        </p>
      )}
    </>
  );
}
