import { mkdirSync } from "node:fs";
import { test } from "@playwright/test";
import { bigTree, openUiPageAt, SCREENS, shootAndCheckWidth } from "./ui-open.js";
import { LANGUAGES, UI_PAGES, type BigTree } from "./ui-pages.js";

/**
 * The pages the UI checks measure, in Arabic and English, on a phone (390×844): screenshots for
 * people to look at in SHOTS_DIR (test-results/screens), ui-<page>-<lang>-390.png and
 * …-390-full.png, and the page does not scroll sideways. The laptop's (1366×900) are taken by
 * a11y.spec.ts on the page it has open for axe (one opening of each page less).
 */
const DIR = process.env.SHOTS_DIR ?? "test-results/screens";
const PHONE = SCREENS[1];

let tree: BigTree;
test.beforeAll(async () => {
  test.setTimeout(90_000);
  mkdirSync(DIR, { recursive: true });
  tree = await bigTree(test.info().project.use.baseURL);
});

for (const lang of LANGUAGES) {
  for (const ui of UI_PAGES) {
    test(`${ui.name} (${lang}) at ${PHONE.width} px`, async ({ browser }) => {
      const { context, page } = await openUiPageAt(browser, ui, lang, tree, PHONE);
      await shootAndCheckWidth(page, ui, lang, PHONE, DIR);
      await context.close();
    });
  }
}
