import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { dismissToast, subscribeToasts, type Toast } from "./toast";
import "./toast.css";

/** Where toasts appear (bottom inline-end; on a phone at the top); announced politely to screen readers. */
export function Toaster() {
  const { t } = useTranslation();
  const [toasts, setToasts] = useState<Toast[]>([]);
  useEffect(() => subscribeToasts(setToasts), []);
  return (
    <div className="toaster" role="status" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast--${toast.variant ?? "default"}`} data-testid="toast">
          <strong>{t(toast.titleKey, toast.params)}</strong>
          {toast.bodyKey && <p>{t(toast.bodyKey, toast.params)}</p>}
          <button type="button" className="toast__close" aria-label={t("common.close")} onClick={() => dismissToast(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
