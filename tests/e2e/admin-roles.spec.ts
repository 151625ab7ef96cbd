import { expect, test } from "@playwright/test";
import { signInDemo } from "./sign-in.js";

test.describe("roles", () => {
  test("an admin grants a role and revokes it, asked why in Arabic; a reason too short is refused there, translated, and nothing changes", async ({
    browser,
  }) => {
    const { context, page } = await signInDemo(browser, { locale: "ar", path: "/admin/roles", email: "admin@roots.demo" });
    await page.getByLabel("ابحث بالاسم أو البريد أو الهاتف").fill("member@roots.demo");
    const member = page.getByTestId("member").filter({ hasText: "member@roots.demo" });
    await expect(member).toHaveCount(1);

    await member.getByLabel("الدور").selectOption("EDITOR");
    // The duration is a choice of terms in Arabic words (not the browser's mm/dd/yyyy), and says
    // the day it ends before the role is granted.
    await member.getByLabel("المدة").selectOption({ label: "3 أشهر" });
    await expect(member.locator(".form-field__hint")).toHaveText(/^حتى \u2068?\d+ [\u0600-\u06FF]+ \d{4}\u2069?$/);
    await member.screenshot({ path: "test-results/screens/admin-roles-term-ar.png" });
    await page.setViewportSize({ width: 390, height: 844 });
    await member.screenshot({ path: "test-results/screens/admin-roles-term-ar-390.png" });
    await member.getByLabel("السبب").fill("مراجعة تجريبية");
    await member.getByRole("button", { name: "منح الدور" }).click();
    const grant = member.locator("li.grant").filter({ hasText: "مراجعة تجريبية" });
    await expect(grant).toHaveCount(1);
    await expect(grant).toContainText(/حتى \u2068?\d+ [\u0600-\u06FF]+ \d{4}/);

    await grant.getByRole("button", { name: "سحب" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("سحب · محرّر · Maya Saab");
    await dialog.getByLabel("لماذا يُسحب هذا الدور؟").fill("لا");
    await dialog.getByRole("button", { name: "سحب" }).click();
    await expect(dialog.getByRole("alert")).toHaveText(/[\u0600-\u06FF]/);
    await expect(dialog.getByLabel("لماذا يُسحب هذا الدور؟")).toHaveValue("لا");
    await expect(grant).toHaveCount(1);

    await dialog.getByLabel("لماذا يُسحب هذا الدور؟").fill("انتهت المراجعة");
    await dialog.getByRole("button", { name: "سحب" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(grant).toHaveCount(0);
    await page.reload();
    await page.getByLabel("ابحث بالاسم أو البريد أو الهاتف").fill("member@roots.demo");
    await expect(page.getByTestId("member").filter({ hasText: "member@roots.demo" })).toHaveCount(1);
    await expect(page.locator("li.grant").filter({ hasText: "مراجعة تجريبية" })).toHaveCount(0);
    await context.close();
  });
});
