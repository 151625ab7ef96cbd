import { expect, test, type Locator, type Page } from "@playwright/test";
import { gql } from "./api.js";
import { growAncestors, smallestVisibleLabelPx } from "./chart-support.js";
import { signInDemo } from "./sign-in.js";
import { signUpInArabic } from "./tree-support.js";

/**
 * Issue #20's layout faults, as geometry a person relies on: no tool or overview over a chart's
 * cards, the person and their near relatives inside the chart's opening view (on a laptop and a
 * phone), a toast clear of the page's actions, the village list near the top of a phone's screen.
 */
type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 0.5 &&
  inner.y >= outer.y - 0.5 &&
  inner.x + inner.width <= outer.x + outer.width + 0.5 &&
  inner.y + inner.height <= outer.y + outer.height + 0.5;
const box = async (l: Locator) => (await l.boundingBox())!;
const card = (page: Page, id: string) => page.locator(`[data-testid="chart-card"][data-person-id="${id}"]`).first();

/** The parts of the cards shown in the chart's viewport (the drawing is clipped to it). */
async function visibleCards(page: Page): Promise<Box[]> {
  const vp = await box(page.getByTestId("chart-viewport"));
  const all = await page
    .getByTestId("chart-card")
    .evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => ({ x: r.x, y: r.y, width: r.width, height: r.height })));
  return all
    .filter((c) => overlap(c, vp))
    .map((c) => {
      const x = Math.max(c.x, vp.x);
      const y = Math.max(c.y, vp.y);
      return { x, y, width: Math.min(c.x + c.width, vp.x + vp.width) - x, height: Math.min(c.y + c.height, vp.y + vp.height) - y };
    });
}

test.describe("layout (issue #20)", () => {
  test("tree charts open with their tools beside the drawing and the person's near relatives in view, on a laptop and a phone", async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({ locale: "ar", viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await signUpInArabic(page, "layout");
    // Four generations of ancestors (30 people) above the person, four children below.
    const { rootId, father, mother, childIds } = await growAncestors(page, 4, 4);
    // Who must be in the opening view with the person: as many of the next generation as fit, the closest
    // first (the parents of a deep pedigree are a screen apart: the father; a phone's hourglass: the middle children).
    const nearAt = (width: number) => ({
      pedigree: [father],
      descendants: childIds,
      hourglass: width < 600 ? [father, mother, childIds[1], childIds[2]] : [father, mother, ...childIds],
    });

    for (const [width, height] of [
      [1366, 900],
      [390, 844],
    ]) {
      await page.setViewportSize({ width, height });
      const near = nearAt(width);
      for (const view of ["pedigree", "descendants", "hourglass"] as const) {
        await page.goto(`/roots?root=${rootId}&view=${view}`);
        await expect(card(page, rootId)).toBeVisible();
        const vp = await box(page.getByTestId("chart-viewport"));
        const tools = await box(page.getByRole("toolbar", { name: "أدوات المخطط" }));
        const where = `${view} at ${width} px`;
        // The tools never cover the drawing, nor any card.
        expect(overlap(tools, vp), `${where}: the tools are over the drawing`).toBe(false);
        for (const c of await visibleCards(page)) expect(overlap(c, tools), `${where}: a card under the tools`).toBe(false);
        // The overview is closed on opening (a button opens it where there is room).
        await expect(page.getByTestId("chart-minimap")).toHaveCount(0);
        // The person and their parents or children are inside the opening view, readable.
        for (const id of [rootId, ...near[view]]) expect(inside(await box(card(page, id)), vp), `${where}: ${id} out of view`).toBe(true);
        expect((await smallestVisibleLabelPx(page)).min, where).toBeGreaterThanOrEqual(11);
        if (width < 600) {
          // A phone: the chart spans the screen, its cards are big enough to tap, the person is on the first screen.
          expect(vp.width).toBeGreaterThanOrEqual(width - 1);
          for (const id of [rootId, ...near[view]]) expect((await box(card(page, id))).height).toBeGreaterThanOrEqual(44);
          expect((await box(card(page, rootId))).y + 44).toBeLessThanOrEqual(height);
        }
        await page.screenshot({ path: `test-results/screens/layout-${view}-ar-${width}.png` });
      }
    }
    // The hourglass's halves stay near the person: the grandparents' parents open folded, a button unfolds them.
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`/roots?root=${rootId}&view=hourglass`);
    await expect(card(page, rootId)).toBeVisible();
    await expect(page.getByTestId("chart-card")).toHaveCount(1 + 2 + 4 + 4);
    // On a laptop, a large tree's overview opens from its button, in a corner.
    await page.goto(`/roots?root=${rootId}&view=pedigree`);
    await page.getByTestId("chart-minimap-toggle").click();
    const minimap = await box(page.getByTestId("chart-minimap"));
    expect(inside(minimap, await box(page.getByTestId("chart-viewport")))).toBe(true);
    await context.close();
  });

  // The phone header (a one-row header whose menu opens a sheet, issue #44) is checked in phone.spec.ts.

  test("on a phone the sign-in toast leaves the page's actions uncovered, inside the screen, and closes", async ({ browser }) => {
    for (const locale of ["ar", "en-US"] as const) {
      const { context, page } = await signInDemo(browser, {
        locale,
        path: "/roots",
        options: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
      });
      const toast = page.getByTestId("toast");
      await expect(toast).toBeVisible();
      await expect(
        page
          .getByTestId("card-actions")
          .or(page.getByRole("heading", { level: 2 }))
          .first(),
      ).toBeVisible();
      const t = await box(toast);
      expect(inside(t, { x: 0, y: 0, width: 390, height: 844 })).toBe(true);
      const actions = await page
        .locator("main")
        .locator("button, a, input, select, summary")
        .evaluateAll((els) =>
          els
            .map((e) => e.getBoundingClientRect())
            .filter((r) => r.width && r.height && r.bottom > 0 && r.top < 844)
            .map((r) => ({ x: r.x, y: r.y, width: r.width, height: r.height })),
        );
      expect(actions.length).toBeGreaterThan(0);
      for (const a of actions) expect(overlap(a, t), `the toast covers an action at ${JSON.stringify(a)}`).toBe(false);
      const close = toast.getByRole("button");
      expect((await box(close)).height).toBeGreaterThanOrEqual(44);
      await close.click();
      await expect(toast).toHaveCount(0);
      await context.close();
    }
  });

  test("on a phone the village search and list come first; the map opens on request and the caza filter drives both", async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale: "en-US", viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto("/villages");
    const first = page.getByTestId("village-results").locator("li").first();
    await expect(first).toBeVisible();
    expect((await box(page.getByLabel("Village name"))).y).toBeLessThan(844);
    expect((await box(first)).y + 20).toBeLessThan(844);
    await expect(page.getByTestId("lebanon-map")).toHaveCount(0);
    await page.getByLabel("District (caza)").selectOption("Zgharta");
    // The list says how many villages the caza has, as the database counts them.
    const { villages } = await gql<{ villages: { totalCount: number } }>(
      page.request,
      `query { villages(district: "Zgharta", first: 1) { totalCount } }`,
    );
    expect(villages.totalCount).toBeGreaterThan(50);
    await expect(page.getByRole("status").filter({ hasText: "villages" })).toHaveText(
      new RegExp(`^\\W*${villages.totalCount}\\W* villages$`),
    );
    await page.getByRole("button", { name: "Map", exact: true }).click();
    const map = page.getByTestId("lebanon-map");
    await expect(map.locator('path[data-caza="Zgharta"]')).toHaveClass(/is-selected/);
    await map.locator('path[data-caza="Jezzine"]').dispatchEvent("click");
    await expect(page.getByLabel("District (caza)")).toHaveValue("Jezzine");
    await expect(page.getByTestId("village-results").locator("li").first()).toContainText("Jezzine");
    // The page never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await context.close();
  });
});
