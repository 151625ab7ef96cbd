import { expect, test, type Page } from "@playwright/test";
import { gql } from "./api.js";
import { expectNoSeriousAxe } from "./axe.js";
import { advanceServerClock } from "./clock.js";
import { DEMO_PASSWORD, signInDemo } from "./sign-in.js";

/** A registry's scan, as the officer uploads it. */
const SCAN = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

async function shots(page: Page, name: string) {
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/screens/${name}-${width}.png`, fullPage: true });
  }
}

test.describe("ancestry documents", () => {
  // Three browsers, a payment, a settle job and four moves: far more than the default 30 s on a busy machine.
  test.setTimeout(180_000);

  test("in Arabic: a member requests their grandfather's extract from the archives, pays by transfer, the admin confirms, the officer delivers the scan, the member adds it to his sources", async ({
    browser,
    request,
  }) => {
    const email = "member@roots.demo";
    const { context, page } = await signInDemo(browser, { locale: "ar", path: "/ancestry", email });
    await expect(page.getByRole("heading", { name: "ملفات الأصول", level: 1 })).toBeVisible();
    await expect(page.getByRole("tab", { name: "طلب الوثائق" })).toBeVisible();
    await shots(page, "ancestry-ar");
    await expectNoSeriousAxe(page, "ancestry");

    // The archives: the demo tree's Elias Saab (1921–1996), the member's grandfather.
    await page.getByRole("tab", { name: "البحث في الأرشيف" }).click();
    await page.getByLabel("اسم بالحروف العربية أو اللاتينية").fill("الياس صعب");
    await page.getByRole("button", { name: "ابحث في الأرشيف" }).click();
    await expect(page.getByRole("link", { name: "الياس صعب" }).first()).toBeVisible();
    await shots(page, "ancestry-archives-ar");
    await expectNoSeriousAxe(page, "ancestry archives");
    await page.getByRole("link", { name: "اطلب هذا السجل" }).first().click();

    // The form fills from the tree with what the member may see of him.
    await expect(page.getByRole("heading", { name: "طلب وثيقة", level: 1 })).toBeVisible();
    await expect(page.getByLabel("الاسم بالعربية كما هو مسجّل")).toHaveValue("الياس صعب");
    await expect(page.getByLabel("هذا الشخص متوفى")).toBeChecked();
    await page.getByLabel("صفتك").selectOption("descendant");
    await page.getByLabel("اسم الأب", { exact: true }).fill("ميخائيل");
    await page.getByLabel("اسم الأم").fill("وردة");
    await page.getByLabel("رقم السجل").fill("145");
    await page.getByLabel("البريد الإلكتروني").fill(email);
    await expect(page.getByText("تم حفظ المسودة")).toBeVisible();
    await shots(page, "ancestry-form-ar");
    await page.getByRole("button", { name: "إرسال ودفع" }).click();
    await expect(page.getByText("تم طلب الوثائق")).toBeVisible();
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
    const moveTo = async (state: string) => {
      await desk.page
        .getByTestId(`desk-${reference}`)
        .getByRole("button", { name: new RegExp(`نقل إلى: .?${state}`) })
        .click();
      await expect(desk.page.getByTestId(`desk-${reference}`)).toContainText(state);
    };
    await moveTo("لدى دائرة النفوس");
    await moveTo("صدرت");
    // A digital delivery is its scan: uploaded at the desk, then delivered.
    await desk.page
      .getByTestId(`desk-${reference}`)
      .getByLabel("ارفع النسخة الممسوحة من الوثيقة")
      .setInputFiles({ name: "اخراج-قيد.pdf", mimeType: "application/pdf", buffer: SCAN });
    await expect(desk.page.getByText("تم رفع الملف")).toBeVisible();
    await moveTo("سُلّمت");
    await shots(desk.page, "ancestry-desk-ar");
    await expectNoSeriousAxe(desk.page, "desk ar");
    // The desk keeps the document types and the holidays.
    await desk.page.getByRole("tab", { name: "أنواع الوثائق" }).click();
    await desk.page.getByText("إخراج قيد فردي").first().click();
    await expect(desk.page.getByLabel("الرسم الحكومي (ل.ل.)").first()).toHaveValue(/^50[.,]?000/);
    await desk.page.getByRole("tab", { name: "العطل الرسمية" }).click();
    await expect(desk.page.getByText("بانتظار التأكيد").first()).toBeVisible();
    await shots(desk.page, "ancestry-desk-holidays-ar");
    await expectNoSeriousAxe(desk.page, "desk holidays ar");
    await desk.context.close();

    await page.reload();
    await expect(page.getByText("سُلّمت").first()).toBeVisible();
    // The member downloads the scan, then adds it to the grandfather's sources.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "اخراج-قيد.pdf" }).click()]);
    expect(download.suggestedFilename()).toBe("اخراج-قيد.pdf");
    await page.getByRole("button", { name: "أضِف إلى مصادر الشخص" }).click();
    await expect(page.getByText("أُضيفت إلى مصادر الشخص").first()).toBeVisible();
    await expect(page.getByRole("button", { name: "أضِف إلى مصادر الشخص" })).toHaveCount(0);
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
