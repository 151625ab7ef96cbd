import { expect, test } from "@playwright/test";
import { signInDemo } from "./sign-in.js";

const SHEET = [
  "الرقم,الاسم,اسم الأب,الجنس,مواليد سنة,القرية,الأب",
  "1,جرجس الحداد,,ذكر,ABT 1880,زحلة,",
  "2,الياس جرجس الحداد,جرجس,ذكر,1910,Zahle,1",
  "3,نجيب الياس الحداد,الياس,ذكر,1940,أتلانتس,2",
].join("\n");

test.describe("spreadsheet import", () => {
  test("a member uploads a sheet with an Arabic header row, fixes a column, reviews and imports it", async ({ browser }) => {
    const { context, page } = await signInDemo(browser, { locale: "ar", path: "/excel" });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("استيراد جدول بيانات");

    await page.getByTestId("import-file").setInputFiles({ name: "الحداد.csv", mimeType: "text/csv", buffer: Buffer.from(SHEET, "utf8") });
    await expect(page.getByRole("heading", { name: "راجع قبل الاستيراد" })).toBeVisible({ timeout: 20_000 });
    // "مواليد سنة" is not a header the importer knows: the member maps it to the birth date.
    const birthColumn = page.getByLabel(/مواليد سنة/);
    await expect(birthColumn).toHaveValue("");
    await expect(page.getByLabel(/العمود \u2068?الأب\u2069?$/)).toHaveValue("father");
    await birthColumn.selectOption("birthDate");
    await page.getByRole("button", { name: "طبّق وأعد القراءة" }).click();
    await expect(page.getByLabel(/مواليد سنة/)).toHaveValue("birthDate", { timeout: 20_000 });
    await expect(page.getByTestId("import-summary")).toContainText("3");
    // A warning names the row's person.
    await page.getByRole("tab", { name: /تحذيرات/ }).click();
    await expect(page.getByRole("tabpanel")).toContainText("نجيب الياس الحداد — لم يُعثر على القرية");
    await page.screenshot({ path: "test-results/screens/import-sheet-warnings-ar.png", fullPage: true });
    const confirm = page.getByRole("button", { name: /استيراد \u20683\u2069 أشخاص/ });
    await expect(confirm).toBeVisible({ timeout: 20_000 });
    await page.screenshot({ path: "test-results/screens/import-sheet-review-ar.png", fullPage: true });
    await confirm.click();
    await expect(page.getByRole("heading", { name: "تمّ استيراد شجرتك" })).toBeVisible({ timeout: 20_000 });
    // The warnings stay within reach once the file is in the tree.
    await expect(page.getByRole("button", { name: "تنزيل التحذيرات" })).toBeVisible();
    await page.getByRole("link", { name: "عرض شجرتي" }).click();
    // The tree opens where this member's tree opens (their own record), not on the file's first person.
    await expect(page).toHaveURL(/\/roots$/);
    const picker = page.getByRole("combobox", { name: "شجرة", exact: true });
    await expect(picker.locator("option:checked")).not.toHaveText("جرجس الحداد");
    // The imported people are the member's: choosing one draws them with the imported father and grandfather.
    await expect(picker.getByRole("option", { name: "نجيب الياس الحداد" })).toBeAttached();
    await picker.selectOption({ label: "نجيب الياس الحداد" });
    const cards = page.getByTestId("chart-card");
    await expect(cards).toHaveCount(3);
    for (const name of ["نجيب الياس الحداد", "الياس جرجس الحداد", "جرجس الحداد"])
      await expect(cards.filter({ hasText: name }).first()).toBeVisible();
    // "ABT 1880" stays approximate on the card.
    await expect(cards.filter({ hasText: "جرجس الحداد" }).filter({ hasNotText: "الياس" })).toContainText("~1880–");
    await page.screenshot({ path: "test-results/screens/import-sheet-tree-ar.png", fullPage: true });
    await context.close();
  });

  test("a visitor sees how to import and can download the template in English", async ({ browser }) => {
    const context = await browser.newContext({ locale: "en-US" });
    const page = await context.newPage();
    await page.goto("/excel");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Import a spreadsheet");
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download the template" }).click();
    const file = await (await download).path();
    const text = (await import("node:fs")).readFileSync(file, "utf8");
    expect(text).toContain("Father's name");
    await expect(page.getByRole("link", { name: "Sign in to import" })).toBeVisible();
    await page.screenshot({ path: "test-results/screens/import-sheet-visitor-en.png", fullPage: true });
    await context.close();
  });
});
