import { expect, test } from "@playwright/test";
import { signInDemo } from "./sign-in.js";

test.describe("how are we related?", () => {
  test("a member compares two people of their tree: the name in Arabic (paternal side) and in English, with the path", async ({
    browser,
  }) => {
    const { context, page } = await signInDemo(browser, { locale: "ar", path: "/roots" });

    // Three generations: وديع, his father فارس, and فارس's father يوسف (died 1990).
    // The member already has a tree: a new person starts another one, drawn at once.
    await page.getByText("ابدأ شجرة أخرى").click();
    await page.getByLabel("الاسم الكامل بالعربية").fill("وديع الشدياق");
    await page.getByLabel("الولادة").fill("1990");
    await page.getByRole("button", { name: "أضف", exact: true }).click();
    await expect(page.getByTestId("card-actions")).toContainText("وديع الشدياق");
    await page.getByTestId("card-actions").getByRole("link", { name: "افتح صفحة الشخص" }).click();
    await expect(page).toHaveURL(/\/person\//);
    await page.getByRole("button", { name: "أضف الأب" }).first().click();
    await page.getByLabel("الاسم الكامل بالعربية").fill("فارس الشدياق");
    await page.locator("form").getByRole("button", { name: "أضف الأب" }).click();
    await expect(page.getByTestId("pedigree").getByTestId("person-card")).toHaveCount(2);
    await page.getByTestId("pedigree").getByText("فارس الشدياق").click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("فارس الشدياق");
    await page.getByRole("button", { name: "أضف الأب" }).first().click();
    await page.getByLabel("الاسم الكامل بالعربية").fill("يوسف الشدياق");
    await page.getByLabel("الولادة").fill("1920");
    await page.getByLabel("الوفاة").fill("1990");
    await page.locator("form").getByRole("button", { name: "أضف الأب" }).click();
    await page.getByTestId("pedigree").getByText("يوسف الشدياق").click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("يوسف الشدياق");

    // On the grandfather's page, compare with the grandson.
    const panel = page.getByTestId("relationship-panel");
    await expect(panel.getByRole("heading", { level: 2 })).toHaveText("ما صلة القرابة بيننا؟");
    await panel.getByLabel("قارن بشخص آخر (ابحث بالاسم)").fill("وديع");
    await panel.getByRole("button", { name: /وديع الشدياق/ }).click();
    await expect(panel.getByTestId("relationship-name")).toHaveText("جد لأب");
    const names = panel.getByRole("list", { name: "الطريق بينهما" }).getByRole("link");
    await expect(names).toHaveText(["وديع الشدياق", "فارس الشدياق", "يوسف الشدياق"]);
    // Right to left: the chain starts on the right.
    const [first, last] = [await names.nth(0).boundingBox(), await names.nth(2).boundingBox()];
    expect(first!.x).toBeGreaterThan(last!.x);
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: "test-results/screens/relationship-ar.png", fullPage: true });

    await page.getByLabel("اللغة").selectOption("en");
    await expect(panel.getByRole("heading", { level: 2 })).toHaveText("How are we related?");
    await expect(panel.getByTestId("relationship-name")).toHaveText("paternal grandfather");
    const namesEn = panel.getByRole("list", { name: "Path between them" }).getByRole("link");
    const [firstEn, lastEn] = [await namesEn.nth(0).boundingBox(), await namesEn.nth(2).boundingBox()];
    expect(firstEn!.x).toBeLessThan(lastEn!.x);
    await page.screenshot({ path: "test-results/screens/relationship-en.png", fullPage: true });
    await context.close();
  });
});
