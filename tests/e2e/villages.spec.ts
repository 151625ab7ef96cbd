import { expect, test } from "@playwright/test";

test.describe("villages", () => {
  test("a Latin spelling finds the Arabic record; the village page opens; the map marks results", async ({ browser }) => {
    const context = await browser.newContext({ locale: "en-US" });
    const page = await context.newPage();
    await page.goto("/villages");
    await page.getByLabel("Village name").fill("Zahleh");
    const results = page.getByTestId("village-results");
    await expect(results.locator("li").first()).toContainText("زحلة");
    await expect(page.locator(".lb-map__hits circle").first()).toBeVisible();
    await page.screenshot({ path: "test-results/screens/villages-en.png", fullPage: true });
    await results.locator("li").first().getByRole("link").click();
    await expect(page).toHaveURL(/\/libanpedia\/zahle$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Zahle");
    await context.close();
  });

  test("in Arabic the page reads right to left and an Arabic search finds the village", async ({ browser }) => {
    const context = await browser.newContext({ locale: "ar" });
    const page = await context.newPage();
    await page.goto("/villages");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    // The field takes either script; empty, its example still reads right to left.
    const direction = () => page.getByLabel("اسم القرية").evaluate((e) => getComputedStyle(e).direction);
    expect(await direction()).toBe("rtl");
    await page.getByLabel("اسم القرية").fill("Ehden");
    expect(await direction()).toBe("ltr");
    await page.getByLabel("اسم القرية").fill("اهدن");
    await expect(page.getByTestId("village-results").locator("li").first()).toContainText("إهدن");
    await page.getByLabel("القضاء").selectOption("Zgharta");
    await expect(page.getByTestId("village-results").locator("li").first()).toContainText("إهدن");
    await page.screenshot({ path: "test-results/screens/villages-ar.png", fullPage: true });
    await context.close();
  });
});
