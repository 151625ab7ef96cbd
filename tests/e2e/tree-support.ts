import { expect, type Page } from "@playwright/test";

/** Creates a new member in Arabic (a fresh address each time) and lands on the dashboard. */
export async function signUpInArabic(page: Page, emailPrefix: string) {
  await page.goto("/auth?mode=signup");
  await page.getByLabel("اسمك").fill("سامي الحداد");
  await page.getByLabel("البريد الإلكتروني").fill(`${emailPrefix}-${Date.now()}@example.test`);
  await page.getByLabel("كلمة المرور", { exact: true }).fill("cedars of the holy valley");
  await page.getByRole("button", { name: "إنشاء الحساب" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** On an empty /treebuilder (Arabic), adds the first person of the tree. */
export async function addFirstPerson(page: Page, ar: string, latin: string, birth: string) {
  await page.goto("/treebuilder");
  await page.getByLabel("الاسم الكامل بالعربية").fill(ar);
  await page.getByLabel("الاسم الكامل (بالحروف اللاتينية)").fill(latin);
  await page.getByLabel("الولادة").fill(birth);
  await page.getByRole("button", { name: "أضف", exact: true }).click();
}

/** Fills the chart's person dialog (Arabic) and submits it with its own button, named like the action. */
export async function addFromDialog(page: Page, action: string, ar: string, latin: string, birth: string, death?: string) {
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("الاسم الكامل بالعربية").fill(ar);
  await dialog.getByLabel("الاسم الكامل (بالحروف اللاتينية)").fill(latin);
  await dialog.getByLabel("الولادة").fill(birth);
  if (death) await dialog.getByLabel("الوفاة").fill(death);
  await dialog.getByRole("button", { name: action, exact: true }).click();
  await expect(dialog).toBeHidden();
}
