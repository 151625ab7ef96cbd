import { fireEvent, render, screen } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { parseTranslations } from "../i18n/csv";
import { changeLanguage, initI18n } from "../i18n";
import csvText from "../i18n/translations.csv?raw";
import { ErrorBoundary } from "./ErrorBoundary";

let shouldThrow = true;
function Fragile() {
  if (shouldThrow) throw new Error("boom");
  return <p>recovered</p>;
}

beforeAll(async () => {
  await initI18n(parseTranslations(csvText));
  await changeLanguage("en");
});

describe("error boundary", () => {
  it("shows the fallback screen with the spec's texts, logs the error, and Try Again resets", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    render(
      <ErrorBoundary>
        <Fragile />
      </ErrorBoundary>,
    );
    expect(screen.getByRole("heading").textContent).toBe("Something went wrong");
    expect(screen.getByText("We encountered an unexpected error. This has been logged and we'll investigate.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Go Home" })).toBeTruthy();
    expect(log).toHaveBeenCalled();
    shouldThrow = false;
    fireEvent.click(screen.getByRole("button", { name: "Try Again" }));
    expect(screen.getByText("recovered")).toBeTruthy();
    log.mockRestore();
  });
});
