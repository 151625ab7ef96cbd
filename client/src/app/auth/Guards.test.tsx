import { render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { parseTranslations } from "../../i18n/csv";
import { changeLanguage, initI18n } from "../../i18n/index";
import csvText from "../../i18n/translations.csv?raw";
import { session } from "./session";
import { GuestOnly, RequireAuth, RequirePermission } from "./Guards";

const viewer = {
  id: "VXNlcjox",
  displayName: "Maya",
  email: null,
  phone: null,
  preferredLanguage: "en",
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

function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname + l.search}</p>;
}

function app(start: string) {
  return render(
    <MemoryRouter initialEntries={[start]}>
      <Routes>
        <Route
          path="/settings"
          element={
            <RequireAuth>
              <p>settings page</p>
            </RequireAuth>
          }
        />
        <Route
          path="/admin"
          element={
            <RequirePermission can="accessAdmin">
              <p>admin page</p>
            </RequirePermission>
          }
        />
        <Route
          path="/auth"
          element={
            <GuestOnly>
              <Where />
            </GuestOnly>
          }
        />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeAll(async () => {
  await initI18n(parseTranslations(csvText));
  await changeLanguage("en");
});
afterEach(() => session.apply(null));

describe("guards (spec §2)", () => {
  it("show 'Verifying access...' while auth loads", () => {
    (session as unknown as { state: unknown }).state = { status: "loading" };
    app("/settings");
    expect(screen.getByRole("status").textContent).toContain("Verifying access...");
  });

  it("send a visitor to /auth with returnTo", () => {
    session.apply(null);
    app("/settings?tab=1");
    expect(screen.getByTestId("where").textContent).toBe("/auth?returnTo=%2Fsettings%3Ftab%3D1");
  });

  it("send a signed-in member away from /auth to a safe returnTo, else /dashboard", () => {
    session.apply({ signedIn: true, accessToken: "t", accessTokenExpiresAt: null, viewer });
    app("/auth?returnTo=%2Fsettings");
    expect(screen.getByText("settings page")).toBeTruthy();
  });

  it("ignore an unsafe returnTo", () => {
    session.apply({ signedIn: true, accessToken: "t", accessTokenExpiresAt: null, viewer });
    app("/auth?returnTo=%2F%2Fevil.example");
    expect(screen.getByTestId("where").textContent).toBe("/dashboard");
  });

  it("refuse a member without the permission", () => {
    session.apply({ signedIn: true, accessToken: "t", accessTokenExpiresAt: null, viewer });
    app("/admin");
    expect(screen.getByRole("heading").textContent).toBe("You do not have access to this page");
  });
});
