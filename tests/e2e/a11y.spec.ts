import { AxeBuilder } from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { bigTree, openUiPage } from "./ui-open.js";
import { LANGUAGES, UI_PAGES, type BigTree } from "./ui-pages.js";

/**
 * axe on the pages the UI checks measure (home, villages, a village, /roots on a 200-person
 * tree, a person page), in Arabic and English: no serious or critical violation. Lesser ones are
 * attached to the test's report and printed, for whoever restyles the page.
 */
let tree: BigTree;
test.beforeAll(async () => {
  test.setTimeout(90_000);
  tree = await bigTree(test.info().project.use.baseURL);
});

for (const lang of LANGUAGES) {
  for (const ui of UI_PAGES) {
    test(`${ui.name} (${lang}) has no serious or critical axe violation`, async ({ browser }, info) => {
      const { context, page } = await openUiPage(browser, ui, lang, tree);
      const result = await new AxeBuilder({ page }).analyze();
      await info.attach("axe-violations", { body: JSON.stringify(result.violations, null, 2), contentType: "application/json" });
      const describe = (v: (typeof result.violations)[number]) =>
        `${v.impact} ${v.id}: ${v.help} (${v.nodes.length}×: ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}; ${v.nodes[0]?.failureSummary?.replace(/\s+/g, " ").slice(0, 160)})`;
      const lesser = result.violations.filter((v) => v.impact !== "serious" && v.impact !== "critical");
      if (lesser.length) console.log(`axe ${ui.name} (${lang}), not failing:\n  ${lesser.map(describe).join("\n  ")}`);
      expect(result.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map(describe)).toEqual([]);
      await context.close();
    });
  }
}
