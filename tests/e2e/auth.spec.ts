import { expect, test, type Page } from "@playwright/test";
import { DEMO_PASSWORD } from "./sign-in.js";

async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

test.describe("accounts and guards", () => {
  test("sign up → dashboard; sign out → protected page → /auth with returnTo → sign in → back", async ({ browser }) => {
    const context = await browser.newContext({ locale: "en-US" });
    const page = await context.newPage();
    const email = `e2e-${Date.now()}@example.test`;
    await page.goto("/auth?mode=signup");
    await page.getByLabel("Your name").fill("Hala Maalouf");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("pomegranates ripen slowly in Ehden");
    await page.getByLabel("Village of origin (optional)").fill("Ehden");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByTestId("toast").first()).toContainText("Your secure account has been created successfully.");
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Hala Maalouf");
    await expect(page.getByText("Ehden")).toBeVisible();
    await page.screenshot({ path: "test-results/screens/dashboard-en.png", fullPage: true });

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByTestId("toast").filter({ hasText: "Signed out" })).toBeVisible();
    await page.goto("/settings?tab=sessions");
    await expect(page).toHaveURL(/\/auth\?returnTo=%2Fsettings%3Ftab%3Dsessions$/);
    await expect(page.getByText("Authentication Required")).toBeVisible();
    await expect(page.getByText("Please sign in to access this feature.")).toBeVisible();
    await page.screenshot({ path: "test-results/screens/auth-required-en.png", fullPage: true });
    await signIn(page, email, "pomegranates ripen slowly in Ehden");
    await expect(page).toHaveURL(/\/settings\?tab=sessions$/);
    await expect(page.getByTestId("sessions").locator("li")).toHaveCount(1);
    // The device by its browser and system ("Chrome on Linux"), not its raw user agent; "This device" apart.
    await expect(page.getByTestId("device-name")).toHaveText(/^\u2068?Chrome\u2069? on \u2068?Linux\u2069?$/);
    await expect(page.getByTestId("sessions")).not.toContainText("Mozilla");
    await expect(page.getByTestId("sessions")).toContainText("This device");
    await page.screenshot({ path: "test-results/screens/settings-devices-en.png", fullPage: true });
    await context.close();
  });

  test("the session survives a reload (refresh cookie), and /auth sends a signed-in member to /dashboard", async ({ browser }) => {
    const context = await browser.newContext({ locale: "en-US" });
    const page = await context.newPage();
    await page.goto("/auth");
    await signIn(page, "member@roots.demo");
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Maya Saab");
    await page.goto("/auth");
    await expect(page).toHaveURL(/\/dashboard$/);
    await context.close();
  });

  test("wrong password shows the invalid-credentials error", async ({ browser }) => {
    const context = await browser.newContext({ locale: "en-US" });
    const page = await context.newPage();
    await page.goto("/auth");
    await signIn(page, "member@roots.demo", "definitely not it");
    await expect(page.getByRole("alert")).toHaveText("Invalid credentials: check your email or phone and password.");
    await context.close();
  });

  test("a member opening /admin is refused; an admin manages roles", async ({ browser }) => {
    const memberCtx = await browser.newContext({ locale: "en-US" });
    const member = await memberCtx.newPage();
    await member.goto("/auth?returnTo=%2Fadmin");
    await signIn(member, "member@roots.demo");
    await expect(member).toHaveURL(/\/admin$/);
    await expect(member.getByTestId("forbidden")).toBeVisible();
    await memberCtx.close();

    const adminCtx = await browser.newContext({ locale: "ar" });
    const admin = await adminCtx.newPage();
    await admin.goto("/auth");
    await expect(admin.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(admin.getByRole("heading", { level: 1 })).toHaveText("تسجيل الدخول إلى جذور");
    await admin.screenshot({ path: "test-results/screens/auth-ar.png", fullPage: true });
    await admin.getByLabel("البريد الإلكتروني").fill("admin@roots.demo");
    await admin.getByLabel("كلمة المرور", { exact: true }).fill(DEMO_PASSWORD);
    await admin.getByRole("button", { name: "دخول", exact: true }).click();
    await expect(admin).toHaveURL(/\/dashboard$/);
    await admin.goto("/admin/roles");
    await expect(admin.getByTestId("member").first()).toBeVisible();
    await admin.screenshot({ path: "test-results/screens/admin-roles-ar.png", fullPage: true });
    await adminCtx.close();
  });

  test("magic link: requested by a member, read from the admin outbox, signs in once", async ({ browser }) => {
    const memberCtx = await browser.newContext({ locale: "en-US" });
    const member = await memberCtx.newPage();
    await member.goto("/auth?mode=magic");
    await member.getByLabel("Email").fill("curator@roots.demo");
    await member.getByRole("button", { name: "Send me a sign-in link" }).click();
    await expect(member.getByTestId("toast").first()).toContainText("Check your email for the sign-in link.");

    const adminCtx = await browser.newContext({ locale: "en-US" });
    const admin = await adminCtx.newPage();
    await admin.goto("/auth?returnTo=%2Fadmin%2Foutbox");
    await signIn(admin, "admin@roots.demo");
    const mail = admin.getByTestId("outbox-email").filter({ hasText: "curator@roots.demo" }).first();
    await expect(mail).toBeVisible();
    // Its status in the reader's words (the admin reads Arabic once signed in), never a raw "kept".
    await expect(mail.getByTestId("outbox-status")).toHaveText(/^(Kept here \(no SMTP\)|محفوظة هنا \(من دون SMTP\))$/);
    const link = /https?:\/\/\S+\/auth-check\?token=[\w-]+/.exec((await mail.textContent()) ?? "")![0];
    await adminCtx.close();

    const path = new URL(link).pathname + new URL(link).search;
    await member.goto(path);
    await expect(member).toHaveURL(/\/dashboard$/);
    await expect(member.getByRole("heading", { level: 1 })).toContainText("Georges Khoury");
    await member.goto("/auth-check?token=" + new URL(link).searchParams.get("token"));
    await memberCtx.clearCookies();
    const again = await memberCtx.newPage();
    await again.goto(path);
    await expect(again.getByRole("alert")).toContainText("invalid, expired or already used");
    await memberCtx.close();
  });
});
