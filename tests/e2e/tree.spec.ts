import { expect, test } from "@playwright/test";
import { signInDemo } from "./sign-in.js";

test.describe("family tree", () => {
  test("a member builds three generations in Arabic and sees them right to left; a visitor sees the living as Private", async ({
    browser,
  }) => {
    const { context, page } = await signInDemo(browser, { locale: "ar", path: "/roots", email: "curator@roots.demo" });

    await page.getByLabel("الاسم الكامل بالعربية").fill("سامي الحداد");
    await page.getByLabel("الولادة").fill("1985");
    await page.getByRole("button", { name: "أضف", exact: true }).click();
    // The builder draws the new tree; its card leads to the person page.
    await page.getByTestId("card-actions").getByRole("link", { name: "افتح صفحة الشخص" }).click();
    await expect(page).toHaveURL(/\/person\//);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("سامي الحداد");
    const personUrl = page.url();

    await page.getByRole("button", { name: "أضف الأب" }).first().click();
    await page.getByLabel("الاسم الكامل بالعربية").fill("نبيل الحداد");
    await page.getByLabel("الولادة").fill("1950");
    await page.locator("form").getByRole("button", { name: "أضف الأب" }).click();
    await expect(page.getByTestId("pedigree").getByTestId("person-card")).toHaveCount(2);

    // The grandfather, from the father's page.
    await page.getByTestId("pedigree").getByText("نبيل الحداد").click();
    await page.getByRole("button", { name: "أضف الأب" }).first().click();
    await page.getByLabel("الاسم الكامل بالعربية").fill("خليل الحداد");
    await page.getByLabel("الولادة").fill("ABT 1915");
    await page.getByLabel("الوفاة").fill("1988");
    await page.locator("form").getByRole("button", { name: "أضف الأب" }).click();
    await expect(page.getByTestId("pedigree").getByTestId("person-card")).toHaveCount(2);

    await page.goto(personUrl);
    const cards = page.getByTestId("pedigree").getByTestId("person-card");
    await expect(cards).toHaveCount(3);
    // Right to left: the person is right-most, the grandfather left-most.
    const [me, grandfather] = [await cards.nth(0).boundingBox(), await cards.nth(2).boundingBox()];
    expect(me!.x).toBeGreaterThan(grandfather!.x);
    await page.screenshot({ path: "test-results/screens/tree-ar.png", fullPage: true });

    const visitor = await browser.newContext({ locale: "en-US" });
    const vpage = await visitor.newPage();
    await vpage.goto(personUrl);
    await expect(vpage.getByRole("heading", { level: 1 })).toHaveText("Private");
    await expect(vpage.getByTestId("pedigree")).toContainText("خليل الحداد");
    await vpage.screenshot({ path: "test-results/screens/tree-visitor-en.png", fullPage: true });
    await visitor.close();
    await context.close();
  });
});
