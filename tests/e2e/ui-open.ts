import { expect, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "@playwright/test";
import { signInDemo } from "./sign-in.js";
import { LOCALE, seedBigTree, type BigTree, type UiLanguage, type UiPage } from "./ui-pages.js";

/** The 200-person tree, built once per run of a spec (before its tests), through the API. */
export async function bigTree(baseURL: string | undefined): Promise<BigTree> {
  if (!baseURL) throw new Error("no baseURL in the Playwright config");
  return seedBigTree(baseURL);
}

/**
 * What shows that a page has its data, beyond its first heading: the tree's chart has drawn its
 * cards, the person page names the person. (Network quiet is not enough on a busy machine: a
 * lazy chunk still being parsed leaves the network idle with the queries yet to start.)
 */
const READY: Record<string, (page: Page, tree: BigTree, lang: UiLanguage) => Promise<void>> = {
  roots: (page) => expect(page.getByTestId("chart-card").first()).toBeVisible({ timeout: 20_000 }),
  person: (page, tree, lang) => expect(page.getByRole("heading", { level: 1 })).toHaveText(tree.rootName[lang], { timeout: 20_000 }),
};

/**
 * Opens one of the measured pages in `lang`: as a visitor, or signed in as the tree's owner
 * through the sign-in page. Resolves once the page has its data: its first heading is shown (and
 * what READY asks), the network is quiet and no spinner or skeleton is left.
 */
export async function openUiPage(
  browser: Browser,
  ui: UiPage,
  lang: UiLanguage,
  tree: BigTree,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
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
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await READY[ui.name]?.(page, tree, lang);
  await page.waitForLoadState("networkidle");
  await page.waitForFunction(() => !document.querySelector('.spinner, [class*="skeleton"], [aria-busy="true"]'));
  return { context, page };
}

/** The two screens the UI checks look at: a laptop and a phone. */
export const SCREENS = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
] as const;
export type Screen = (typeof SCREENS)[number];

/** `openUiPage` at one of SCREENS, as the screen's device (a phone is mobile and touch). */
export function openUiPageAt(browser: Browser, ui: UiPage, lang: UiLanguage, tree: BigTree, size: Screen) {
  return openUiPage(browser, ui, lang, tree, {
    viewport: size,
    deviceScaleFactor: 1,
    isMobile: size.width < 600,
    hasTouch: size.width < 600,
  });
}

/**
 * Screenshots of the open page, for people to look at: `<dir>/ui-<page>-<lang>-<width>.png` (the
 * first screen) and `…-full.png` (the page down to four screens). Then asserts only what a
 * screenshot cannot be trusted without: the page does not scroll sideways.
 */
export async function shootAndCheckWidth(page: Page, ui: UiPage, lang: UiLanguage, size: Screen, dir: string): Promise<void> {
  const name = `${dir}/ui-${ui.name}-${lang}-${size.width}`;
  await page.screenshot({ path: `${name}.png` });
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.screenshot({
    path: `${name}-full.png`,
    fullPage: true,
    clip: { x: 0, y: 0, width: size.width, height: Math.min(height, size.height * 4) },
  });
  // The page itself never scrolls sideways (a wide chart or table scrolls inside its own box).
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect.soft(overflow, `${ui.name} (${lang}) at ${size.width} px scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
}
