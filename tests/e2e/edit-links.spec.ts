import { expect, test } from "@playwright/test";
import { addFirstPerson, addFromDialog, signUpInArabic } from "./tree-support.js";

const SHOTS = process.env.SHOTS_DIR ?? "test-results/screens";

test.describe("changing and removing what was recorded", () => {
  test("in Arabic, a member adds a union, corrects its date, removes a parent link, and adds, edits and deletes a family of a village", async ({
    browser,
  }) => {
    test.setTimeout(150_000);
    const context = await browser.newContext({ locale: "ar", viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signUpInArabic(page, "links");

    // A person and their father, from the tree builder; then the person's page.
    await addFirstPerson(page, "سامي الحداد", "Sami Haddad", "1950");
    const actions = page.getByTestId("card-actions");
    await actions.getByRole("button", { name: "أضف الأب" }).click();
    await addFromDialog(page, "أضف الأب", "نبيل الحداد", "Nabil Haddad", "1920");
    await expect(page.getByTestId("chart-card")).toHaveCount(2);
    await actions.getByRole("link", { name: "افتح صفحة الشخص" }).click();
    await expect(page).toHaveURL(/\/person\//);
    const personUrl = page.url();
    const links = page.getByTestId("person-links");
    await expect(links.getByTestId("parent-item")).toContainText("نبيل الحداد");

    // Add a union (a new spouse), from the person page.
    await links.getByRole("button", { name: "أضف زوجاً أو زوجة" }).click();
    await addFromDialog(page, "أضف الزوج أو الزوجة", "ريما الحداد", "Rima Haddad", "1955");
    const union = links.getByTestId("union-item");
    await expect(union).toContainText("ريما الحداد");
    await expect(union).toContainText("زواج");

    // Edit its date: a date before he was 12 is refused, in Arabic, under the field; then a good one.
    await union.getByRole("button", { name: /^تعديل/ }).click();
    const form = links.getByRole("form", { name: /تعديل الارتباط مع/ });
    await expect(form).toContainText("حوالي 1890"); // examples of dates as people say them
    await form.getByLabel("تاريخ الارتباط").fill("1955");
    await form.getByRole("button", { name: "حفظ" }).click();
    await expect(form.locator(".form-field__errors")).toContainText("يجب أن يكون عمر الشريكين");
    await links.screenshot({ path: `${SHOTS}/person-union-edit-ar.png` });
    await form.getByLabel("تاريخ الارتباط").fill("ABT 1975");
    await form.getByLabel("المكان").fill("زحلة");
    await form.getByRole("button", { name: "حفظ" }).click();
    await expect(form).toBeHidden();
    // Said in Arabic words: "ABT 1975" is "about the year 1975".
    await expect(union.getByTestId("union-date")).toHaveText(/^حوالي \u2068?سنة \u2068?1975\u2069?\u2069?$/);
    await expect(union).toContainText("زحلة");

    // Remove the father link, after confirming; the person and the pedigree no longer show him.
    await links.getByRole("button", { name: /أزل الرابط مع/ }).click();
    const ask = links.getByRole("alertdialog");
    await expect(ask).toContainText("نبيل الحداد");
    await page.screenshot({ path: `${SHOTS}/person-links-confirm-ar.png`, fullPage: true });
    await ask.getByRole("button", { name: "نعم، أزِل" }).click();
    await expect(links.getByTestId("parent-item")).toHaveCount(0);
    await expect(links).toContainText("لم يُسجَّل أيّ من الوالدين بعد.");
    await expect(page.getByTestId("pedigree")).not.toContainText("نبيل الحداد");

    // The village of origin, found by its Arabic name.
    const origin = page.getByTestId("family-picker");
    await origin.getByLabel("ابحث عن قرية الأصل").fill("زحلة");
    await origin.getByRole("button", { name: "زحلة · Zahle", exact: true }).click(); // two villages are called زحلة; the Latin spelling tells them apart
    await expect(origin.getByRole("link", { name: "زحلة" })).toBeVisible();

    // On the village's root hub: add a family (a refused Arabic name first), then edit it.
    await page.goto("/root-hubs?village=zahle");
    const families = page.getByTestId("hub-families");
    await families.getByRole("button", { name: "أضف عائلة" }).click();
    const add = families.getByRole("form", { name: "أضف عائلة" });
    await add.getByLabel("اسم العائلة (بالحروف اللاتينية)").fill("Haddad");
    await add.getByLabel("اسم العائلة (بالعربية)").fill("Haddad");
    await add.getByRole("button", { name: "حفظ" }).click();
    await expect(add.locator(".form-field__errors")).toContainText("الصيغة غير صالحة.");
    await add.getByLabel("اسم العائلة (بالعربية)").fill("الحداد");
    await add.getByLabel("ملاحظات (بالإنكليزية)").fill("Blacksmiths of the Berdawni valley.");
    await add.getByRole("button", { name: "حفظ" }).click();
    const haddad = families.getByTestId("family-item").filter({ hasText: "الحداد" });
    await expect(haddad).toBeVisible();
    await haddad.getByRole("button", { name: /^تعديل/ }).click();
    const edit = families.getByRole("form", { name: "تعديل العائلة" });
    await expect(edit.getByLabel("اسم العائلة (بالعربية)")).toHaveValue("الحداد");
    await edit.getByLabel("ملاحظات (بالعربية)").fill("حدّادو وادي البردوني.");
    await edit.getByLabel("اسم العائلة (بالفرنسية)").fill("Haddad");
    await families.screenshot({ path: `${SHOTS}/hub-family-edit-ar.png` });
    await edit.getByRole("button", { name: "حفظ" }).click();
    await expect(haddad).toContainText("حدّادو وادي البردوني.");

    // The person joins the family; deleting it is then refused, with the reason, in Arabic.
    await page.goto(personUrl);
    await origin.getByLabel("عائلة هذا الشخص").selectOption({ label: "الحداد" });
    await origin.getByRole("button", { name: "حفظ" }).click();
    await expect(origin.getByRole("status")).toHaveText("تمّ الحفظ.");
    await expect(page.locator(".facts")).toContainText("الحداد");
    await page.screenshot({ path: `${SHOTS}/person-page-ar.png`, fullPage: true });
    await links.screenshot({ path: `${SHOTS}/person-links-ar.png` });

    await page.goto("/root-hubs?village=zahle");
    await families.scrollIntoViewIfNeeded();
    await families.screenshot({ path: `${SHOTS}/hub-families-ar.png` });
    await haddad.getByRole("button", { name: /^حذف/ }).click();
    await families.getByRole("button", { name: "نعم، احذف" }).click();
    await expect(haddad.getByRole("alert")).toContainText("ما زال أشخاص ينتمون إلى هذه العائلة");
    await families.screenshot({ path: `${SHOTS}/hub-families-refused-ar.png` });

    // In English, the same screens (screenshots), then the family is left and deleted.
    await page.getByLabel("اللغة").selectOption("en");
    await expect(families.getByRole("heading", { name: "Families" })).toBeVisible();
    await families.screenshot({ path: `${SHOTS}/hub-families-en.png` });
    await page.goto(personUrl);
    await expect(links.getByRole("heading", { name: "Parents and partners" })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/person-page-en.png`, fullPage: true });
    await links.screenshot({ path: `${SHOTS}/person-links-en.png` });
    await origin.getByLabel("Family of this person").selectOption({ label: "No family" });
    await origin.getByRole("button", { name: "Save" }).click();
    await expect(origin.getByRole("status")).toHaveText("Saved.");

    await page.goto("/root-hubs?village=zahle");
    await haddad.getByRole("button", { name: /^Delete/ }).click();
    await families.getByRole("button", { name: "Yes, delete" }).click();
    await expect(families.getByTestId("family-item").filter({ hasText: "Haddad" })).toHaveCount(0);
    await context.close();
  });
});
