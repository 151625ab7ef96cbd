import { expect, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "@playwright/test";
import { signInDemo } from "./sign-in.js";
import { LOCALE, seedBigTree, type BigTree, type UiLanguage, type UiPage } from "./ui-pages.js";

/** The 200-person tree, built once per run of a spec (before its tests), through the API. */
export async function bigTree(baseURL: string | undefined): Promise<BigTree> {
  if (!baseURL) throw new Error("no baseURL in the Playwright config");
  return seedBigTree(baseURL);
}

/**
 * Opens one of the measured pages in `lang`: as a visitor, or signed in as the tree's owner
 * through the sign-in page. Resolves once the page has its data: its first heading is shown,
 * the network is quiet and no spinner or skeleton is left.
 */
export async function openUiPage(browser: Browser, ui: UiPage, lang: UiLanguage, tree: BigTree, options: BrowserContextOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const locale = LOCALE[lang] as "ar" | "en-US";
  const path = ui.path(tree);
  let context: BrowserContext;
  let page: Page;
  if (ui.signedIn) {
    ({ context, page } = await signInDemo(browser, { locale, path, email: tree.email, options }));
  } else {
    context = await browser.newContext({ locale, ...options });
    page = await context.newPage();
    await page.goto(path);
  }
  await expect(page.locator("html")).toHaveAttribute("lang", lang);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible({ timeout: 15_000 });
  await page.waitForLoadState("networkidle");
  await page.waitForFunction(() => !document.querySelector('.spinner, [class*="skeleton"], [aria-busy="true"]'), undefined, { timeout: 15_000 });
  return { context, page };
}
