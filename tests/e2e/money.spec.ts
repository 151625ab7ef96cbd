import { expect, test } from "@playwright/test";
import { gql } from "./api.js";
import { expectNoSeriousAxe } from "./axe.js";
import { DEMO_PASSWORD, signInDemo } from "./sign-in.js";

test.describe("money", () => {
  // Two browsers signed in, axe and six screenshots: more than the default 30 s on a busy machine.
  test.setTimeout(120_000);

  test("in Arabic: a member starts a bank transfer, the admin confirms it, the member sees the balance and the receipt, which anyone verifies signed out", async ({
    browser,
    request,
  }) => {
    const email = `wallet-${Date.now()}@example.test`;
    await gql(request, `mutation ($input: SignUpInput!) { signUp(input: $input) { signedIn } }`, {
      input: { email, password: DEMO_PASSWORD, displayName: "رنا الحداد", preferredLanguage: "ar" },
    });
    const { context, page } = await signInDemo(browser, { locale: "ar", path: "/wallet", email });
    await expect(page.getByRole("heading", { name: "محفظتي", level: 1 })).toBeVisible();
    // Arabic-Indic digits are read as well: ٢٥ is 25 dollars.
    await page.getByTestId("add-amount").fill("٢٥");
    await page.getByRole("button", { name: "احصل على مرجع التحويل" }).click();
    const reference = (await page.getByTestId("payment-reference").first().textContent())!.trim();
    expect(reference).toMatch(/^RT-[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    await expect(page.getByTestId("transfer-instructions").first()).toContainText("25,00");

    // The admin confirms it at the payments desk, in Arabic.
    const desk = await signInDemo(browser, { locale: "ar", path: "/management/payments", email: "admin@roots.demo" });
    await expect(desk.page.getByRole("heading", { name: "مكتب المدفوعات", level: 1 })).toBeVisible();
    const row = desk.page.getByTestId(`pending-${reference}`);
    await row.getByRole("button", { name: "تأكيد الاستلام" }).click();
    await expect(desk.page.getByTestId(`pending-${reference}`)).toHaveCount(0);
    // The member's statement is read only with a reason (kept in the audit log).
    const confirmedRow = desk.page.locator("li", { hasText: "رنا الحداد" }).first();
    await confirmedRow.getByRole("button", { name: "قراءة كشف الحساب" }).click();
    await confirmedRow.getByLabel("سبب قراءة كشف الحساب (يُحفظ في سجل التدقيق)").fill("تحقق من دفعة التحويل المصرفي");
    await confirmedRow.getByRole("button", { name: "اقرأ", exact: true }).click();
    await expect(confirmedRow.locator(".money-table")).toContainText("25,00");
    for (const width of [1366, 390]) {
      await desk.page.setViewportSize({ width, height: 900 });
      await desk.page.screenshot({ path: `test-results/screens/payments-desk-ar-${width}.png`, fullPage: true });
    }
    await desk.context.close();

    await page.reload();
    await expect(page.getByTestId("wallet-available")).toContainText("25,00");
    const receipts = page.getByTestId("wallet-receipts");
    await expect(receipts).toContainText("دفعة");
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `test-results/screens/wallet-ar-${width}.png`, fullPage: true });
    }
    await expectNoSeriousAxe(page, "wallet (ar)");
    const verifyHref = await receipts.getByRole("link", { name: "تحقّق منه" }).first().getAttribute("href");
    // The receipt as a PDF, the member's own (the page's cookies go with the request).
    const pdfHref = await receipts.getByRole("link", { name: "PDF" }).first().getAttribute("href");
    const pdf = await page.request.get(pdfHref!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toContain("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
    await context.close();

    // Signed out, in any browser: the public check shows the receipt and nothing more.
    const visitor = await browser.newContext({ locale: "ar" });
    const v = await visitor.newPage();
    await v.goto(verifyHref!);
    await expect(v.getByText("هذا الإيصال صحيح: أصدرته روتس.")).toBeVisible();
    await expect(v.locator("body")).toContainText("25,00");
    await expect(v.locator("body")).not.toContainText(email);
    await v.screenshot({ path: "test-results/screens/verify-receipt-ar-1366.png" });
    await visitor.close();
  });

  test("in English: the wallet at 390 px", async ({ browser }) => {
    const { context, page } = await signInDemo(browser, {
      locale: "en-US",
      path: "/wallet",
      options: { viewport: { width: 390, height: 844 } },
    });
    await expect(page.getByRole("heading", { name: "My wallet", level: 1 })).toBeVisible();
    await page.screenshot({ path: "test-results/screens/wallet-en-390.png", fullPage: true });
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.screenshot({ path: "test-results/screens/wallet-en-1366.png", fullPage: true });
    await context.close();
  });
});
