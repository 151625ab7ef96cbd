import { expect, test } from "@playwright/test";
import { signInDemo } from "./sign-in.js";

test.describe("Rootpedia", () => {
  test("in Arabic: a member edits an article and sees it wait; the village's curator accepts it and compares two revisions", async ({
    browser,
  }) => {
    // The member (English account) reads and writes in Arabic.
    const { context, page } = await signInDemo(browser, { locale: "ar", path: "/libanpedia/zahle" });
    await page.getByTestId("rootpedia-link").click();
    await expect(page).toHaveURL(/\/root\/zahle\/rootpedia$/);
    // The encyclopedia starts with the outline made from Zahle's data, in the reader's language.
    const list = page.getByTestId("rootpedia-articles");
    await list.getByRole("link", { name: "زحلة" }).click();
    await expect(page.getByTestId("rootpedia-article")).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "العائلات" })).toBeVisible();
    const articleUrl = page.url();

    await page.getByRole("link", { name: "تحرير" }).click();
    const text = page.getByLabel("النص", { exact: true });
    await expect(text).toHaveAttribute("dir", "rtl");
    // A sentence the outline does not hold (it starts from Zahle's history, which names Mount Sannine).
    await text.fill(`${await text.inputValue()}\n\nكانت محطة قطار رياق قريبة من زحلة.`);
    await page.getByLabel("ملخّص التغيير").fill("إضافة الموقع");
    await page.getByRole("button", { name: "حفظ" }).click();
    await expect(page).toHaveURL(articleUrl);
    const pending = page.getByTestId("rootpedia-pending");
    await expect(pending).toContainText("تعديل بانتظار المراجعة");
    // Readers keep the reviewed version meanwhile.
    await expect(page.getByTestId("rootpedia-article").locator(".rootpedia-body")).not.toContainText("رياق");
    await page.screenshot({ path: "test-results/screens/rootpedia-pending-ar-1366.png", fullPage: true });
    await context.close();

    const curator = await signInDemo(browser, { locale: "ar", path: "/management/linpedia", email: "curator@roots.demo" });
    const queue = curator.page.getByTestId("rootpedia-queue");
    await expect(queue).toContainText("زحلة");
    await queue.getByRole("link", { name: "مراجعة" }).first().click();
    await curator.page.getByRole("button", { name: "قبول التعديل" }).click();
    await expect(curator.page.getByTestId("rootpedia-pending")).toBeHidden();
    await expect(curator.page.getByTestId("rootpedia-article").locator(".rootpedia-body")).toContainText("رياق");

    await curator.page.getByRole("link", { name: "السجل" }).click();
    const history = curator.page.getByTestId("rootpedia-history");
    await expect(history.locator("tbody tr")).toHaveCount(2);
    const diff = curator.page.getByTestId("rootpedia-diff");
    await expect(diff).toHaveAttribute("dir", "rtl");
    await expect(diff.locator("ins")).toContainText("رياق");
    await curator.page.screenshot({ path: "test-results/screens/rootpedia-history-ar-1366.png", fullPage: true });
    await curator.page.setViewportSize({ width: 390, height: 844 });
    await curator.page.screenshot({ path: "test-results/screens/rootpedia-history-ar-390.png", fullPage: true });

    // The same history in English (the language chosen at a desktop's width: on a phone it is in the header's menu).
    await curator.page.setViewportSize({ width: 1366, height: 900 });
    await curator.page.getByLabel("اللغة").selectOption("en");
    await expect(curator.page.getByRole("heading", { level: 1 })).toContainText("History of");
    await curator.page.screenshot({ path: "test-results/screens/rootpedia-history-en-1366.png", fullPage: true });
    await curator.context.close();
  });

  test("script in an article is refused with the reason and nothing is saved", async ({ browser }) => {
    const { context, page } = await signInDemo(browser, { locale: "en-US", path: "/root/zahle/rootpedia/new" });
    await page.getByLabel("Title").fill("Test");
    await page.getByLabel("Text", { exact: true }).fill("Hello <script>alert(1)</script>");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("alert")).toContainText("HTML is not allowed");
    await expect(page).toHaveURL(/\/rootpedia\/new$/);
    await context.close();
  });
});
