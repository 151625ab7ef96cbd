import { CombinedGraphQLErrors } from "@apollo/client/errors";
import { fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { changeLanguage, initI18n } from "../i18n/index";
import { parseTranslations } from "../i18n/csv";
import csvText from "../i18n/translations.csv?raw";
import { LoadFailed } from "./LoadFailed";

const show = (error: unknown, onRetry = vi.fn()) =>
  render(
    <MemoryRouter>
      <LoadFailed error={error} onRetry={onRetry} />
    </MemoryRouter>,
  );

beforeAll(async () => {
  await initI18n(parseTranslations(csvText));
});
beforeEach(async () => {
  await changeLanguage("en");
});

describe("LoadFailed", () => {
  it("says the page is not found only when the server says so", () => {
    show(new CombinedGraphQLErrors({ errors: [{ message: "Not found.", extensions: { code: "NOT_FOUND" } }] }));
    expect(screen.getByTestId("not-found")).toBeTruthy();
  });

  it("a dropped connection says so, in Arabic, and tries again", async () => {
    await changeLanguage("ar");
    const onRetry = vi.fn();
    show(new TypeError("Failed to fetch"), onRetry);
    expect(screen.queryByTestId("not-found")).toBeNull();
    expect(screen.getByRole("alert").textContent).toBe("تعذّر الاتصال بجذور. تحقّق من اتصالك وحاول مجدداً.");
    fireEvent.click(screen.getByRole("button", { name: "أعد المحاولة" }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it("another refusal from the server shows its translated message", () => {
    show(new CombinedGraphQLErrors({ errors: [{ message: "The server took too long. Try again.", extensions: { code: "TIMEOUT" } }] }));
    expect(screen.getByRole("alert").textContent).toBe("The server took too long. Try again.");
    expect(screen.getByRole("button", { name: "Retry" })).toBeTruthy();
  });
});
