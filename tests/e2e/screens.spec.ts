import { mkdirSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { bigTree, openUiPage } from "./ui-open.js";
import { LANGUAGES, UI_PAGES, type BigTree } from "./ui-pages.js";

/**
 * Screenshots of the pages the UI checks measure, in Arabic and English, on a laptop (1366×900)
 * and a phone (390×844), for people to look at: SHOTS_DIR (test-results/screens)/ui-<page>-<lang>-<width>.png
 * (the first screen) and …-full.png (the page down to four screens). Asserts only what a
 * screenshot cannot be trusted without: the page does not scroll sideways.
 */
const DIR = process.env.SHOTS_DIR ?? "test-results/screens";
const SIZES = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
];

let tree: BigTree;
test.beforeAll(async () => {
  test.setTimeout(90_000);
  mkdirSync(DIR, { recursive: true });
  tree = await bigTree(test.info().project.use.baseURL);
});

for (const lang of LANGUAGES) {
  for (const ui of UI_PAGES) {
    test(`${ui.name} (${lang}) at 1366 and 390 px`, async ({ browser }) => {
      for (const size of SIZES) {
        const { context, page } = await openUiPage(browser, ui, lang, tree, {
          viewport: size,
          deviceScaleFactor: 1,
          isMobile: size.width < 600,
          hasTouch: size.width < 600,
        });
        const name = `${DIR}/ui-${ui.name}-${lang}-${size.width}`;
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
        await context.close();
      }
    });
  }
}
