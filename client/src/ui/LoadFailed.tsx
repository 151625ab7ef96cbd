import { useTranslation } from "react-i18next";
import { apiProblem } from "../lib/apiErrors";
import NotFoundPage from "./NotFound";
import { Button } from "./Button";

/**
 * What a page shows when its record could not be read: "not found" only when the server said
 * so (absent, or not the reader's to see); otherwise why (translated, or the network message)
 * and a way to try again, so a dropped connection or a slow server never reads as a missing page.
 */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => unknown }) {
  const { t } = useTranslation();
  const problem = apiProblem(error, t("errors.network"));
  if (!problem || problem.code === "NOT_FOUND") return <NotFoundPage />;
  return (
    <section className="page page--center" data-testid="load-failed">
      <p className="form-error" role="alert">
        {problem.message}
      </p>
      <Button type="button" variant="primary" onClick={() => void onRetry()}>
        {t("common.retry")}
      </Button>
    </section>
  );
}
