import { expect, test, type Browser } from "@playwright/test";
import { signInDemo } from "./sign-in.js";

const signInAsCurator = (browser: Browser, locale: "en-US" | "ar", email = "curator@roots.demo") =>
  signInDemo(browser, { locale, path: "/management/villages", email });

test.describe("village curation", () => {
  test("a curator opens /management/villages and verifies a record with a source (English, then Arabic)", async ({ browser }) => {
    const { context, page } = await signInAsCurator(browser, "en-US");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Village curation");
    const row = page.getByTestId("review-item").filter({ hasText: "Mikhael Saab" });
    await expect(row).toBeVisible();
    await expect(row).toContainText("Zahle");
    // No source: refused, translated.
    await row.getByRole("button", { name: "Verify" }).click();
    await expect(row.getByRole("alert")).toContainText("A source is required to verify a record.");
    await row.getByLabel("Source").fill("Zahle parish register, 1890, no. 17");
    await page.screenshot({ path: "test-results/screens/curation-en.png", fullPage: true });
    await row.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByRole("status").filter({ hasText: /Verified\W*1\W*record/ })).toBeVisible();
    await expect(page.getByTestId("review-item").filter({ hasText: "Mikhael Saab" })).toHaveCount(0);

    await context.close();

    const ar = await signInAsCurator(browser, "ar");
    await expect(ar.page.getByRole("heading", { level: 1 })).toHaveText("أمانة القرى");
    const arRow = ar.page.getByTestId("review-item").filter({ hasText: "الياس صعب" });
    const eliasUrl = await arRow.getByRole("link").getAttribute("href");
    await arRow.getByLabel("المصدر").fill("سجل نفوس زحلة، رقم 112");
    await ar.page.screenshot({ path: "test-results/screens/curation-ar.png", fullPage: true });
    await arRow.getByRole("button", { name: "وثّق" }).click();
    await expect(ar.page.getByText("وُثّق سجل واحد")).toBeVisible();
    // The person page shows the verification in its history, with Revert.
    await ar.page.goto(eliasUrl!);
    await expect(ar.page.getByTestId("history")).toContainText("وُثّق");
    await expect(ar.page.getByTestId("history")).toContainText("سجل نفوس زحلة، رقم 112");
    await expect(ar.page.getByTestId("history").getByRole("button", { name: "تراجع" })).toBeVisible();
    await ar.page.getByTestId("history").scrollIntoViewIfNeeded();
    await ar.page.screenshot({ path: "test-results/screens/curation-history-ar.png", fullPage: true });
    await ar.context.close();
  });
});

test.describe("editors and admins", () => {
  test("an admin finds any village by its Arabic name on /management/villages and edits its text", async ({ browser }) => {
    const { context, page } = await signInAsCurator(browser, "en-US", "admin@roots.demo");
    await page.getByLabel("Edit any village").fill("إهدن");
    await page.getByRole("button", { name: "Ehden", exact: true }).click();
    await expect(page.getByRole("link", { name: "Ehden", exact: true })).toBeVisible();
    const french = page.getByLabel(/French/).first();
    await french.fill("Village du Liban-Nord, au pied des cèdres.");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible(); // not the sign-in toast, if still shown
    await expect(page.getByTestId("history")).toContainText("Changed");
    await context.close();
  });
});

test.describe("possible matches", () => {
  test("typing a person who is already recorded (in the other script) offers to use that person instead", async ({ browser }) => {
    const { context, page } = await signInDemo(browser, { locale: "en-US", path: "/roots" });
    const picker = page.getByRole("combobox", { name: "Tree of", exact: true });
    const options = picker.getByRole("option");
    await expect(options.first()).toBeAttached();
    const count = await options.count();
    // Start from another person's tree, so that choosing the match visibly changes the chart.
    await picker.selectOption({ label: "Maya Saab" });
    await expect(page.getByTestId("card-actions")).toContainText("Maya Saab");
    await page.getByText("Start another tree").click();
    await page.getByLabel("Full name in Arabic").fill("الياس صعب");
    await page.getByLabel("Birth").fill("1923");
    const matches = page.getByTestId("possible-matches");
    await expect(matches).toContainText("Elias Saab");
    await expect(matches).toContainText("similar Arabic name");
    await expect(matches).toContainText("born within five years");
    await page.screenshot({ path: "test-results/screens/possible-matches-en.png", fullPage: true });
    await matches.getByRole("button", { name: "Link this person instead" }).first().click();
    // The existing person is used: their tree is drawn, and nobody new was recorded.
    await expect(page.getByTestId("card-actions")).toContainText("Elias Saab");
    await expect(picker.locator("option:checked")).toHaveText("Elias Saab");
    await page.getByTestId("card-actions").getByRole("link", { name: "Open person page" }).click();
    await expect(page).toHaveURL(/\/person\//);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Elias Saab");
    await page.goto("/roots");
    await expect(options.first()).toBeAttached();
    await expect(options).toHaveCount(count);
    await context.close();
  });
});
