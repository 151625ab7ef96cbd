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
    await member.getByLabel("السبب").fill("مراجعة تجريبية");
    await member.getByRole("button", { name: "منح الدور" }).click();
    const grant = member.locator("li.grant").filter({ hasText: "مراجعة تجريبية" });
    await expect(grant).toHaveCount(1);

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
