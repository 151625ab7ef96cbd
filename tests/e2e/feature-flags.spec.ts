import { expect, test } from "@playwright/test";
import { signInDemo } from "./sign-in.js";

test.describe("feature flags", () => {
  test("an admin switches the family tree off: its link hides, its pages say so; switched on again, they are back", async ({ browser }) => {
    const { context, page } = await signInDemo(browser, { locale: "en-US", path: "/admin/backoffice", email: "admin@roots.demo" });
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    const row = page.getByTestId("flag-familyTree");
    // The demo has every flag on; the production default of the village hubs is off.
    await expect(row).toContainText("Family tree");
    await expect(page.getByTestId("flag-villageHubs").getByRole("cell").nth(1)).toHaveText("Off");
    await expect(nav.getByRole("link", { name: "TreeBuilder" })).toBeVisible();
    try {
      await row.getByRole("button", { name: /Switch off.*Family tree/ }).click();
      await expect(row.getByRole("button", { name: /Switch on.*Family tree/ })).toBeVisible();
      await expect(nav.getByRole("link", { name: "TreeBuilder" })).toHaveCount(0);

      // Another visitor's first page load follows the server's flags.
      const visitor = await browser.newContext({ locale: "fr-FR" });
      const other = await visitor.newPage();
      await other.goto("/family-tree");
      await expect(other.getByTestId("switched-off")).toContainText("Cette partie du site est désactivée");
      await expect(other.getByRole("navigation", { name: "Navigation principale" }).getByRole("link", { name: "Villages" })).toBeVisible();
      await visitor.close();
    } finally {
      await page.goto("/admin/backoffice");
      await expect(page.getByTestId("flag-familyTree")).toBeVisible();
      const button = page.getByTestId("flag-familyTree").getByRole("button", { name: /Switch on.*Family tree/ });
      if (await button.isVisible()) await button.click();
      await expect(page.getByTestId("flag-familyTree").getByRole("button", { name: /Switch off.*Family tree/ })).toBeVisible();
    }
    await expect(nav.getByRole("link", { name: "TreeBuilder" })).toBeVisible();
    await context.close();
  });
});
