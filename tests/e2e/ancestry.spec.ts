import { expect, test, type Page } from "@playwright/test";
import { gql } from "./api.js";
import { expectNoSeriousAxe } from "./axe.js";
import { advanceServerClock } from "./clock.js";
import { DEMO_PASSWORD, signInDemo } from "./sign-in.js";

async function shots(page: Page, name: string) {
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/screens/${name}-${width}.png`, fullPage: true });
  }
}

test.describe("ancestry documents", () => {
  // Three browsers, a payment, a settle job and four moves: far more than the default 30 s on a busy machine.
  test.setTimeout(180_000);

  test("in Arabic: a member requests an extract and pays by transfer, the admin confirms, the officer works it to delivered", async ({
    browser,
    request,
  }) => {
    const email = `ancestry-${Date.now()}@example.test`;
    await gql(request, `mutation ($input: SignUpInput!) { signUp(input: $input) { signedIn } }`, {
      input: { email, password: DEMO_PASSWORD, displayName: "رنا الحداد", preferredLanguage: "ar" },
    });
    const { context, page } = await signInDemo(browser, { locale: "ar", path: "/ancestry", email });
    await expect(page.getByRole("heading", { name: "ملفات الأصول", level: 1 })).toBeVisible();
    await expect(page.getByRole("tab", { name: "طلب الوثائق" })).toBeVisible();
    await shots(page, "ancestry-ar");
    await expectNoSeriousAxe(page, "ancestry");

    await page.getByRole("link", { name: "اطلب هذه الوثيقة" }).first().click();
    await expect(page.getByRole("heading", { name: "طلب وثيقة", level: 1 })).toBeVisible();
    await page.getByLabel("الاسم بالعربية كما هو مسجّل").fill("رنا الحداد");
    await page.getByLabel("اسم الأب", { exact: true }).fill("الياس");
    await page.getByLabel("اسم الأم").fill("ريما");
    await page.getByLabel("رقم السجل").fill("145");
    await page.getByLabel("قرية القيد").fill("Zahle");
    await page
      .getByRole("button", { name: /Zahle|زحلة/ })
      .first()
      .click();
    await page.getByLabel("البريد الإلكتروني").fill(email);
    await expect(page.getByText("تم حفظ المسودة")).toBeVisible({ timeout: 20_000 });
    await page.getByRole("button", { name: "إرسال ودفع" }).click();
    await expect(page.getByText("تم طلب الوثائق")).toBeVisible({ timeout: 20_000 });
    await expect(page).toHaveURL(/\/ancestry\/requests\//);
    await expect(page.getByText("بانتظار الدفع").first()).toBeVisible();
    const reference = (await page.getByTestId("request-reference").textContent())!.trim();
    const paymentReference = /RT-[2-9A-Z]{4}-[2-9A-Z]{4}/.exec((await page.locator("body").textContent())!)![0];

    // The admin confirms the transfer; the money core's settle job moves the request to review.
    const admin = (
      await gql<{ signIn: { accessToken: string } }>(request, `mutation ($input: SignInInput!) { signIn(input: $input) { accessToken } }`, {
        input: { email: "admin@roots.demo", password: DEMO_PASSWORD },
      })
    ).signIn.accessToken;
    await gql(
      request,
      `mutation ($input: ConfirmPaymentInput!) { confirmPayment(input: $input) { transactionId } }`,
      { input: { reference: paymentReference, received: "100000", idempotencyKey: `e2e-${reference}` } },
      admin,
    );
    await advanceServerClock(60_000);
    await page.reload();
    await expect(page.getByText("قيد المراجعة").first()).toBeVisible();

    // The officer claims it and works it to delivered at the desk, in Arabic.
    const desk = await signInDemo(browser, { locale: "ar", path: "/management/ancestry", email: "officer@roots.demo" });
    await expect(desk.page.getByRole("heading", { name: "مكتب الوثائق", level: 1 })).toBeVisible();
    const row = desk.page.getByTestId(`desk-${reference}`);
    await row.getByRole("button", { name: "استلام" }).click();
    await expect(desk.page.getByText("تم استلام الطلب")).toBeVisible();
    for (const state of ["لدى دائرة النفوس", "صدرت", "سُلّمت"]) {
      await desk.page
        .getByTestId(`desk-${reference}`)
        .getByRole("button", { name: new RegExp(`نقل إلى: .?${state}`) })
        .click();
      await expect(desk.page.getByTestId(`desk-${reference}`)).toContainText(state);
    }
    await shots(desk.page, "ancestry-desk-ar");
    await expectNoSeriousAxe(desk.page, "desk ar");
    await desk.context.close();

    await page.reload();
    await expect(page.getByText("سُلّمت").first()).toBeVisible();
    await shots(page, "ancestry-request-ar");
    await expectNoSeriousAxe(page, "ancestry");
    await context.close();
  });

  test("in French: the ancestry page's tabs, and a visitor asked to sign in to track requests", async ({ browser }) => {
    const context = await browser.newContext({ locale: "fr" });
    const page = await context.newPage();
    await page.goto("/ancestry?tab=track");
    await expect(page.getByRole("heading", { name: "Dossiers d’ascendance", level: 1 })).toBeVisible();
    await expect(page.getByText("Connectez-vous pour suivre vos demandes.")).toBeVisible();
    await page.getByRole("tab", { name: "Demander des documents" }).click();
    await expect(page.getByText("Extrait d’état civil individuel")).toBeVisible();
    await shots(page, "ancestry-fr");
    await expectNoSeriousAxe(page, "ancestry");
    await context.close();
  });
});
