import { expect, type Browser, type BrowserContextOptions } from "@playwright/test";

/** The demo accounts' password (the demo seed). */
export const DEMO_PASSWORD = "cedar-roots-demo-2026";

const LABELS = {
  "en-US": { email: "Email", password: "Password", signIn: "Sign in" },
  ar: { email: "البريد الإلكتروني", password: "كلمة المرور", signIn: "دخول" },
};

/**
 * A new browser context in `locale`, signed in as a demo account through the sign-in page, which
 * returns to `path`.
 */
export async function signInDemo(
  browser: Browser,
  {
    locale,
    path,
    email = "member@roots.demo",
    options = {},
  }: { locale: keyof typeof LABELS; path: string; email?: string; options?: BrowserContextOptions },
) {
  const context = await browser.newContext({ locale, ...options });
  const page = await context.newPage();
  const label = LABELS[locale];
  await page.goto(`/auth?returnTo=${encodeURIComponent(path)}`);
  await page.getByLabel(label.email).fill(email);
  await page.getByLabel(label.password, { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: label.signIn, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}$`));
  return { context, page };
}
