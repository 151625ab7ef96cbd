import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { session } from "../../../app/auth/session";
import { changeDigits, changeLanguage, initI18n } from "../../../i18n";
import { parseTranslations } from "../../../i18n/csv";
import { digitStyle, savedDigitStyle } from "../../../i18n/digits";
import csvText from "../../../i18n/translations.csv?raw";

// The profile mutation, replaced: the test sees what a member's choice sends.
const calls: unknown[] = [];
vi.mock("../generated", () => ({
  useUpdateProfileMutation: () => [
    async ({ variables }: { variables: { input: { digits: string } } }) => {
      calls.push(variables);
      return { data: { updateProfile: { ...viewer, digits: variables.input.digits } } };
    },
    { loading: false },
  ],
}));
const { DigitsSection } = await import("./DigitsSection");

const viewer = {
  id: "VXNlcjox",
  displayName: "Maya",
  email: null,
  phone: null,
  preferredLanguage: "ar",
  digits: "latn",
  villageOfOrigin: null,
  roles: ["MEMBER" as const],
  mainRole: "MEMBER" as const,
  can: {
    accessManagement: false,
    accessAdmin: false,
    manageRoles: false,
    readOutbox: false,
    handleDocumentRequests: false,
    reviewPartnerApps: false,
  },
};

beforeAll(async () => {
  await initI18n(parseTranslations(csvText));
});
beforeEach(async () => {
  calls.length = 0;
  await changeLanguage("en");
});
afterEach(() => {
  changeDigits("latn");
  session.apply(null);
});

describe("the digits setting", () => {
  it("shows Latin digits chosen by default, and an Arabic page's date in them", () => {
    render(<DigitsSection />);
    expect(screen.getByRole("heading", { name: "Digits on Arabic pages" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Latin (0123)" }).getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByRole("button", { name: "Arabic-Indic (٠١٢٣)" }).getAttribute("aria-pressed")).toBe("false");
    expect(screen.getByTestId("digits-example").textContent).toBe("12 آذار 1948");
  });

  it("a visitor's choice is kept in this browser, and the page shows it at once", async () => {
    render(<DigitsSection />);
    fireEvent.click(screen.getByRole("button", { name: "Arabic-Indic (٠١٢٣)" }));
    await waitFor(() => expect(screen.getByTestId("digits-example").textContent).toBe("١٢ آذار ١٩٤٨"));
    expect(screen.getByRole("button", { name: "Arabic-Indic (٠١٢٣)" }).getAttribute("aria-pressed")).toBe("true");
    expect(savedDigitStyle()).toBe("arab");
    expect(calls).toEqual([]);
  });

  it("a member's choice also goes to their profile, beside their language; in Arabic", async () => {
    await changeLanguage("ar");
    session.apply({ signedIn: true, accessToken: "t", accessTokenExpiresAt: new Date(Date.now() + 600_000).toISOString(), viewer });
    render(<DigitsSection />);
    expect(screen.getByRole("heading", { name: "الأرقام في الصفحات العربية" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "هندية (٠١٢٣)" }));
    await waitFor(() => expect(calls).toEqual([{ input: { digits: "arab" } }]));
    expect(digitStyle()).toBe("arab");
    const state = session.getState();
    expect(state.status === "signedIn" && state.viewer.digits).toBe("arab");
    fireEvent.click(screen.getByRole("button", { name: "لاتينية (0123)" }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toEqual({ input: { digits: "latn" } });
    expect(savedDigitStyle()).toBe("latn");
  });
});
