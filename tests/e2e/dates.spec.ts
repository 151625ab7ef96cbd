import { mkdirSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { signInDemo } from "./sign-in.js";
import { addFirstPerson, signUpInArabic } from "./tree-support.js";

/** Screenshots of the date field, to look at (issue #24: dates as people type them). */
const SHOTS = "/tmp/dates-shots";
mkdirSync(SHOTS, { recursive: true });

/** The reading under a field, without the bidi isolates that keep it in order. */
const plain = (s: string | null) => (s ?? "").replace(/[\u2066-\u2069\u2060]/g, "").replace(/\u00a0/g, " ");

test.describe("dates as people type them", () => {
  test("in Arabic: the add-person dialog reads حوالي ١٨٩٠ and a Hijri date, saves them, and the person page says them", async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ locale: "ar", viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await signUpInArabic(page, "dates");
    await addFirstPerson(page, "سامي الحداد", "Sami Haddad", "1985");
    const actions = page.getByTestId("card-actions");
    await expect(actions).toContainText("سامي الحداد");

    await actions.getByRole("button", { name: "أضف الأب" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("الاسم الكامل بالعربية").fill("يوسف الحداد");
    const birth = dialog.getByLabel("الولادة");
    // The examples are in Arabic and each is isolated.
    const birthField = dialog.locator(".form-field--date").first();
    await expect(birthField.locator(".form-field__hint bdi")).toHaveCount(5);
    await birth.fill("حوالي ١٨٩٠");
    const reading = birthField.locator(".form-field__reading");
    await expect(reading).toHaveText(/حوالي/);
    expect(plain(await reading.textContent())).toBe("فُهم التاريخ هكذا: حوالي سنة 1890");
    const death = dialog.getByLabel("الوفاة");
    await death.fill("١٣٧٠ هـ");
    const deathReading = dialog.locator(".form-field--date").nth(1).locator(".form-field__reading");
    await expect(deathReading).toContainText("هـ");
    expect(plain(await deathReading.textContent())).toMatch(/^فُهم التاريخ هكذا: 1370 هـ \(الموافق 1950\s?–\s?1951 م\)$/);
    await dialog.screenshot({ path: `${SHOTS}/dialog-ar-1366.png` });
    // Something that is not a date yet says so, in Arabic, and the field stays as typed.
    await birth.fill("حوالي");
    await expect(birthField.locator(".form-field__reading")).toHaveText("لم يُفهم بعدُ على أنه تاريخ.");
    await birth.fill("حوالي ١٨٩٠");
    await dialog.getByRole("button", { name: "أضف الأب", exact: true }).click();
    await expect(dialog).toBeHidden();

    // Saved as read: the card and the person page say it in words.
    const father = page.getByTestId("chart-card").filter({ hasText: "يوسف الحداد" });
    await expect(father).toContainText("1890");
    await father.click();
    await expect(actions).toContainText("يوسف الحداد");
    await actions.getByRole("link", { name: "افتح صفحة الشخص" }).click();
    await expect(page).toHaveURL(/\/person\//);
    const facts = page.locator("dl.facts");
    await expect(facts).toContainText("الوفاة");
    expect(plain(await facts.textContent())).toContain("الولادةحوالي سنة 1890");
    expect(plain(await facts.textContent())).toMatch(/الوفاة1370 هـ \(الموافق 1950\s?–\s?1951 م\)/);
    await page.screenshot({ path: `${SHOTS}/person-ar-1366.png`, fullPage: true });

    // The same dialog on a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goBack();
    await page.getByTestId("chart-card").filter({ hasText: "سامي الحداد" }).click();
    await actions.getByRole("button", { name: "أضف الأم" }).click();
    await dialog.getByLabel("الولادة").fill("12 رجب 1310 هـ");
    await expect(dialog.locator(".form-field__reading").first()).toContainText("رجب");
    await dialog.screenshot({ path: `${SHOTS}/dialog-ar-390.png` });
    await context.close();
  });

  test("in English: the same field reads Arabic and English dates for an English reader", async ({ browser }) => {
    const { context, page } = await signInDemo(browser, {
      locale: "en-US",
      path: "/treebuilder",
      options: { viewport: { width: 1366, height: 900 } },
    });
    const form = page.locator("form.person-form").first();
    if (!(await form.isVisible())) await page.getByText("Start another tree").click();
    const field = form.locator(".form-field--date").first();
    await form.getByLabel("Birth").fill("1890 تقريباً");
    expect(plain(await field.locator(".form-field__reading").textContent())).toBe("Understood as: about 1890");
    await form.getByLabel("Death").fill("12 Rajab 1310 AH");
    expect(plain(await form.locator(".form-field--date").nth(1).locator(".form-field__reading").textContent())).toBe(
      "Understood as: 12 Rajab 1310 AH (30 January 1893)",
    );
    await form.screenshot({ path: `${SHOTS}/form-en-1366.png` });
    await context.close();
  });
});
