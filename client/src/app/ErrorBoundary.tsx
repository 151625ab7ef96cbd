import { Component, type ErrorInfo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../ui/Button";

function Fallback({ onReset }: { onReset: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="page page--center" role="alert">
      <h1>{t("error.title")}</h1>
      <p>{t("error.body")}</p>
      <div className="actions">
        <Button type="button" variant="primary" onClick={onReset}>
          {t("error.try_again")}
        </Button>
        <Button type="button" onClick={() => window.location.assign("/")}>
          {t("error.go_home")}
        </Button>
      </div>
    </section>
  );
}

interface State {
  error: Error | null;
}

/** Catches render errors: logs them and shows the fallback screen (spec §2). */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error("Render error", error, info.componentStack);
  }

  componentDidUpdate(prev: { resetKey?: string }): void {
    // Navigating elsewhere clears the error, so the new page gets a fresh start.
    if (this.state.error && prev.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  render() {
    if (this.state.error) return <Fallback onReset={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}
