import { expect, test } from "@playwright/test";
import { DEMO_PASSWORD, signInDemo } from "./sign-in.js";
import { gql } from "./api.js";

test.describe("notifications", () => {
  test("a role given by an admin rings the member's bell live, in Arabic; the page lists it and marks it read; settings keep the member's choice", async ({
    browser,
    request,
  }) => {
    const email = `bell-${Date.now()}@example.test`;
    await gql(request, `mutation ($input: SignUpInput!) { signUp(input: $input) { signedIn } }`, {
      input: { email, password: DEMO_PASSWORD, displayName: "سلمى الخوري", preferredLanguage: "ar" },
    });
    const { context, page } = await signInDemo(browser, { locale: "ar", path: "/dashboard", email });
    const bell = page.getByTestId("notification-bell");
    await expect(bell).toHaveAccessibleName("الإشعارات، لا جديد");

    const admin = await gql<{ signIn: { accessToken: string } }>(
      request,
      `mutation ($input: SignInInput!) { signIn(input: $input) { accessToken } }`,
      {
        input: { email: "admin@roots.demo", password: DEMO_PASSWORD },
      },
    );
    const token = admin.signIn.accessToken;
    const found = await gql<{ members: { edges: { node: { id: string } }[] } }>(
      request,
      `query ($s: String) { members(search: $s, first: 1) { edges { node { id } } } }`,
      { s: email },
      token,
    );
    await gql(
      request,
      `mutation ($input: GrantRoleInput!) { grantRole(input: $input) { id } }`,
      { input: { userId: found.members.edges[0].node.id, role: "EDITOR", reason: "أرشيف القرية" } },
      token,
    );

    // The subscription brings the count without a reload.
    await expect(bell).toHaveAccessibleName("الإشعارات، \u20681\u2069 غير مقروءة");
    await bell.click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page).toHaveTitle(/.+/);
    const item = page.getByTestId("notifications").getByRole("listitem").first();
    await expect(item).toContainText("أصبحت الآن");
    await expect(item).toContainText("محرّر");
    await page.screenshot({ path: "test-results/screens/notifications-ar-1366.png", fullPage: true });
    await page.getByRole("button", { name: "تعليم الكل كمقروء" }).click();
    await expect(bell).toHaveAccessibleName("الإشعارات، لا جديد");

    await page.getByRole("link", { name: "اختر ما نخبرك به وكيف" }).click();
    const settings = page.getByTestId("notification-settings");
    const row = settings.getByRole("row").filter({ hasText: "مُنحت دورًا" });
    await row.getByRole("combobox").selectOption("DIGEST");
    await expect(page.getByText("حُفظت إعدادات الإشعارات").first()).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByTestId("notification-settings").scrollIntoViewIfNeeded();
    await page.screenshot({ path: "test-results/screens/notification-settings-ar-390.png" });
    await expect(
      page.getByTestId("notification-settings").getByRole("row").filter({ hasText: "مُنحت دورًا" }).getByRole("combobox"),
    ).toHaveValue("DIGEST");
    await context.close();
  });
});
