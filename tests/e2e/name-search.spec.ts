import { expect, test, type Page } from "@playwright/test";
import { gql } from "./api.js";
import { DEMO_PASSWORD, signInDemo } from "./sign-in.js";

const SHOTS = process.env.NAMES_SHOTS ?? "test-results/screens";

async function shoot(page: Page, name: string, fullPage = true) {
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

test.describe("names across languages and spellings", () => {
  test("a person stored in Arabic script is found by a Latin-American spelling, and the result says how", async ({ browser, request }) => {
    // The record as a civil registry gives it: Arabic script only.
    const { signIn } = await gql<{ signIn: { accessToken: string } }>(
      request,
      `mutation ($input: SignInInput!) { signIn(input: $input) { accessToken } }`,
      { input: { email: "member@roots.demo", password: DEMO_PASSWORD } },
    );
    await gql(
      request,
      `mutation ($input: PersonInput!) { createPerson(input: $input) { id } }`,
      { input: { fullNameAr: "يوحنا الحاج", birthDate: "1885", deathDate: "1952" } },
      signIn.accessToken,
    );

    const { context, page } = await signInDemo(browser, { locale: "ar", path: "/people" });
    await expect(page).toHaveTitle(/البحث عن شخص/);
    await page.getByLabel("الاسم بأي لغة أو كتابة").fill("Juan Elhage");
    await page.getByRole("button", { name: "بحث", exact: true }).click();
    await expect(page).toHaveURL(/\?q=Juan\+Elhage$/);

    const hit = page.getByTestId("people-results").getByRole("listitem").filter({ hasText: "يوحنا الحاج" });
    await expect(hit).toHaveCount(1);
    const match = hit.getByTestId("name-match");
    await expect(match).toContainText("اسم مُعادِل");
    await expect(match.locator('[data-reason="EQUIVALENT"]')).toHaveText("الاسم نفسه بلغة أخرى: Juan ↔ يوحنا");
    await expect(match.locator('[data-reason="FUSED_ARTICLE"]')).toHaveText("أداة تعريف ملتصقة بالاسم: Elhage ↔ الحاج");
    await hit.scrollIntoViewIfNeeded();
    await shoot(page, "name-search-ar");

    await page.getByLabel("اللغة").selectOption("en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Find a person");
    await expect(match).toContainText("Equivalent name");
    await expect(match.locator('[data-reason="EQUIVALENT"]')).toHaveText("given-name equivalent: Juan ↔ يوحنا");
    await expect(match.locator('[data-reason="FUSED_ARTICLE"]')).toHaveText("fused article: Elhage ↔ الحاج");
    await shoot(page, "name-search-en");

    await hit.getByRole("link", { name: "يوحنا الحاج" }).click();
    await expect(page).toHaveURL(/\/person\//);
    await context.close();
  });

  test("an admin confirms a group of equivalent names with its source", async ({ browser }) => {
    const { context, page } = await signInDemo(browser, { locale: "ar", path: "/management/names", email: "admin@roots.demo" });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("الأسماء المُعادِلة");
    await page.getByLabel("غير المُراجَعة فقط").check();
    const row = page.getByTestId("name-equivalents").locator('tr[data-key="charbel"]');
    await expect(row).toContainText("غير مُراجَعة");
    await row.getByRole("button", { name: "وضع علامة «مُراجَعة»" }).click();
    await page.getByLabel("المصدر (مرجع مسمًّى)").fill("Synaxarion of the Maronite Church, 24 July");
    await page.getByRole("button", { name: "تأكيد", exact: true }).click();
    // Reviewed groups leave the unreviewed list.
    await expect(row).toHaveCount(0);
    await page.getByLabel("غير المُراجَعة فقط").uncheck();
    await expect(page.getByTestId("name-equivalents").locator('tr[data-key="charbel"]')).toContainText("مُراجَعة");
    await shoot(page, "name-equivalents-ar", false); // the whole list is long
    await context.close();
  });
});
