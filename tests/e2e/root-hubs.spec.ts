import { expect, test } from "@playwright/test";
import { signInDemo } from "./sign-in.js";

test.describe("root hubs", () => {
  test("a visitor opens the root hub (Zahle by default): registry by country, festivals, landmarks; living emigrants stay hidden", async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale: "en-US" });
    const page = await context.newPage();
    await page.goto("/village-hubs");
    await expect(page).toHaveURL(/\/root-hubs$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Root hubs");
    await expect(page.locator(".hub-village-name")).toHaveText("Zahle");
    const registry = page.getByTestId("hub-registry");
    await expect(registry.locator("summary")).toHaveCount(3);
    await expect(registry).toContainText("Brazil");
    await expect(registry).toContainText("United States");
    await expect(registry).toContainText("Australia");
    await expect(registry).not.toContainText("Canada"); // Georges Saab is living
    await registry.locator("summary", { hasText: "Brazil" }).click();
    await expect(registry).toContainText("Elias Saab");
    await expect(registry).toContainText(/Left in \W*1948/);
    await expect(page.getByTestId("hub-events")).toContainText("Festival of the Vine");
    await expect(page.getByTestId("hub-landmarks")).toContainText("Our Lady of Zahle");
    await expect(page.getByTestId("hub-families")).toBeVisible();
    await expect(page.getByTestId("hub-people")).toBeVisible();
    await page.screenshot({ path: "test-results/screens/root-hubs-en.png", fullPage: true });

    await page.getByLabel("Choose a village").fill("Ehden");
    await page.getByRole("button", { name: "Ehden", exact: true }).click();
    await expect(page).toHaveURL(/\?village=ehden$/);
    await expect(page.getByTestId("hub-landmarks")).toContainText("Saint Mamas church (Mar Mema)");
    await expect(page.getByTestId("hub-families")).toContainText("Douaihy");
    await context.close();
  });

  test("in Arabic the village page shows its festivals, landmarks and emigrants, right to left", async ({ browser }) => {
    const context = await browser.newContext({ locale: "ar" });
    const page = await context.newPage();
    await page.goto("/libanpedia/ehden");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByTestId("hub-events")).toContainText("عيد الصليب");
    await expect(page.getByTestId("hub-landmarks")).toContainText("كنيسة مار ماما");
    const registry = page.getByTestId("hub-registry");
    await expect(registry).toContainText("سجلّ المهاجرين حسب البلد");
    await registry.locator("summary").first().click();
    await expect(registry).toContainText("مكاري");
    await page.screenshot({ path: "test-results/screens/village-hub-ar.png", fullPage: true });
    await page.goto("/root-hubs?village=zahle");
    await expect(page.getByTestId("hub-landmarks")).toContainText("سيدة زحلة والبقاع");
    await page.screenshot({ path: "test-results/screens/root-hubs-ar.png", fullPage: true });
    await context.close();
  });

  test("a member adds a landmark from the village page; the server's error shows by the field", async ({ browser }) => {
    const { context, page } = await signInDemo(browser, { locale: "en-US", path: "/libanpedia/ehden" });
    const landmarks = page.getByTestId("hub-landmarks");
    await landmarks.getByRole("button", { name: "Add a landmark" }).click();
    await landmarks.getByLabel("Kind of landmark").selectOption({ label: "Spring" });
    await landmarks.getByRole("button", { name: "Save" }).click();
    await expect(landmarks.locator(".form-field__errors")).toContainText("Give the landmark's name in Latin or Arabic script.");
    await page.screenshot({ path: "test-results/screens/village-add-landmark-en.png", fullPage: true });
    await landmarks.getByLabel("Name (English)").fill("Mar Sarkis spring");
    await landmarks.getByRole("button", { name: "Save" }).click();
    await expect(landmarks.locator(".hub-list")).toContainText("Mar Sarkis spring");
    await context.close();
  });
});
