import { expect, test, type Page } from "@playwright/test";
import { growAncestors, growDescendants, smallestVisibleLabelPx } from "./chart-support.js";
import { signUpInArabic } from "./tree-support.js";

const zoomOf = async (page: Page) => Number(await page.getByTestId("chart-viewport").getAttribute("data-zoom"));
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/screens/charts-${name}.png` });

test.describe("charts with real trees", () => {
  test("a 65-person descendant chart opens readable on the root, zooms with the wheel, pans by drag, folds branches", async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({ locale: "ar", viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await signUpInArabic(page, "charts");
    const { rootId, generations } = await growDescendants(page, [4, 3, 2, 1]);
    expect(generations.flat()).toHaveLength(65);

    await page.goto(`/roots?root=${rootId}&view=descendants`);
    const viewport = page.getByTestId("chart-viewport");
    await expect(page.locator(`[data-testid="chart-card"][data-person-id="${rootId}"]`)).toBeVisible();
    // Opening view: labels of at least 11 px on screen, the root card on screen.
    const { min, count } = await smallestVisibleLabelPx(page);
    expect(count).toBeGreaterThan(5);
    expect(min).toBeGreaterThanOrEqual(11);
    const vp = (await viewport.boundingBox())!;
    const root = (await page.locator(`[data-testid="chart-card"][data-person-id="${rootId}"]`).boundingBox())!;
    expect(root.x).toBeGreaterThanOrEqual(vp.x);
    expect(root.x + root.width).toBeLessThanOrEqual(vp.x + vp.width + 1);
    expect(root.y).toBeGreaterThanOrEqual(vp.y);
    expect(root.y + root.height).toBeLessThanOrEqual(vp.y + vp.height + 1);
    // The root's card is within the first screen.
    expect(root.y + root.height).toBeLessThanOrEqual(900);
    await shot(page, "descendants65-ar-1366");
    // The minimap opens from its button; pressing its top brings the top of the tree to the screen.
    const minimap = page.getByTestId("chart-minimap");
    await expect(minimap).toHaveCount(0);
    await page.getByTestId("chart-minimap-toggle").click();
    await expect(minimap).toBeVisible();
    const transform = () => page.locator("[data-viewport]").first().getAttribute("transform");
    const t0 = await transform();
    const mm = (await minimap.boundingBox())!;
    await page.mouse.click(mm.x + mm.width / 2, mm.y + 4);
    await expect.poll(transform).not.toBe(t0);
    await page.reload();
    await expect(page.locator(`[data-testid="chart-card"][data-person-id="${rootId}"]`)).toBeVisible();

    // Wheel zoom at the pointer; the page does not scroll.
    const z0 = await zoomOf(page);
    await page.mouse.move(vp.x + vp.width / 2, vp.y + vp.height / 2);
    await page.mouse.wheel(0, -400);
    await expect.poll(() => zoomOf(page)).toBeGreaterThan(z0);
    const z1 = await zoomOf(page);
    await page.mouse.wheel(0, 800);
    await expect.poll(() => zoomOf(page)).toBeLessThan(z1);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    // Drag to pan: the root card follows the pointer.
    const before = (await page.locator(`[data-testid="chart-card"][data-person-id="${rootId}"]`).boundingBox())!;
    await page.mouse.move(vp.x + 300, vp.y + 300);
    await page.mouse.down();
    await page.mouse.move(vp.x + 200, vp.y + 250, { steps: 8 });
    await page.mouse.up();
    const after = (await page.locator(`[data-testid="chart-card"][data-person-id="${rootId}"]`).boundingBox())!;
    expect(after.x - before.x).toBeCloseTo(-100, -1);
    expect(after.y - before.y).toBeCloseTo(-50, -1);
    // A drag is not a click: no card was chosen by it.
    await expect(page.getByTestId("card-actions")).toHaveCount(1); // the root is chosen by default
    await expect(page.getByTestId("card-actions")).toContainText("يوسف الحداد");

    // Keys: 0 fits the whole tree, + zooms in.
    await viewport.focus();
    await page.keyboard.press("0");
    const fitted = await zoomOf(page);
    expect(fitted).toBeLessThan(z0);
    await expect(page.getByTestId("chart-card")).toHaveCount(65);
    await page.keyboard.press("+");
    await expect.poll(() => zoomOf(page)).toBeGreaterThan(fitted);

    // Fold the first child's branch (the whole tree in view): their 15 descendants go and the
    // button shows how many; unfolding brings them back.
    await page.keyboard.press("0");
    await expect(page.getByTestId("chart-card")).toHaveCount(65);
    const toggle = page.locator(`[data-testid="branch-toggle"][data-key="down:${generations[1][0]}"]`);
    const grandchild = page.locator(`[data-testid="chart-card"][data-person-id="${generations[2][0]}"]`);
    await expect(grandchild).toHaveCount(1);
    await toggle.click();
    await expect(grandchild).toHaveCount(0);
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toContainText("+15");
    await expect(page.getByTestId("chart-card")).toHaveCount(65 - 15);
    await toggle.click();
    await expect(page.getByTestId("chart-card")).toHaveCount(65);
    await expect(toggle).toHaveAttribute("aria-expanded", "true");

    // Printing (the browser's own, or "Print or PDF") shows the whole chart alone, fitted to the page.
    await page.evaluate(() => window.dispatchEvent(new Event("beforeprint")));
    await page.emulateMedia({ media: "print" });
    const printed = page.locator("svg.chart-print");
    await expect(printed).toBeVisible();
    await expect(printed.locator('[data-testid="chart-card"]')).toHaveCount(65);
    await expect(page.locator("header").first()).toBeHidden();
    const sheet = (await printed.boundingBox())!;
    expect(sheet.width).toBeGreaterThan(1000);
    await page.screenshot({ path: "test-results/screens/charts-print-ar.png" });
    await page.emulateMedia({ media: "screen" });
    await page.evaluate(() => window.dispatchEvent(new Event("afterprint")));
    await expect(printed).toHaveCount(0);

    // How it looks: Arabic and English, desktop and phone.
    for (const lang of ["ar", "en"]) {
      if (lang === "en") await page.getByLabel("اللغة").selectOption("en");
      for (const width of [1366, 390]) {
        await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
        await page.goto(`/roots?root=${rootId}&view=descendants`);
        await expect(page.locator(`[data-testid="chart-card"][data-person-id="${rootId}"]`)).toBeVisible();
        expect((await smallestVisibleLabelPx(page)).min).toBeGreaterThanOrEqual(11);
        await shot(page, `descendants65-${lang}-${width}`);
      }
      await page.setViewportSize({ width: 1366, height: 900 });
    }
    await context.close();
  });

  test("fan and hourglass charts: ancestors in rings (father's side first in the reading direction), and ancestors above, descendants below; pinch zoom", async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ locale: "ar", viewport: { width: 1366, height: 900 }, hasTouch: true });
    const page = await context.newPage();
    await signUpInArabic(page, "fan");
    const { rootId, father, mother, childIds } = await growAncestors(page, 4, 2);
    const centre = async (id: string) => {
      const b = (await page.locator(`[data-testid="fan-slot"][data-person-id="${id}"]`).boundingBox())!;
      return b.x + b.width / 2;
    };

    await page.goto(`/roots?root=${rootId}&view=fan`);
    await expect(page.getByRole("button", { name: "المروحة" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("fan-centre")).toBeVisible();
    await expect(page.getByTestId("fan-slot")).toHaveCount(2 + 4 + 8 + 16);
    await expect(page.locator('[data-testid="fan-slot"][data-generation="4"]')).toHaveCount(16);
    // Arabic: the father's half on the right.
    expect(await centre(father)).toBeGreaterThan(await centre(mother));
    expect((await smallestVisibleLabelPx(page, '[data-testid="fan-slot"] text')).min).toBeGreaterThanOrEqual(11);
    await shot(page, "fan-ar-1366");
    // A segment is a card: choosing it offers that person's actions.
    await page.locator(`[data-testid="fan-slot"][data-person-id="${father}"]`).click();
    await expect(page.getByTestId("card-actions")).toContainText("نخلة 2 الخوري");

    await page.getByRole("button", { name: "الساعة الرملية" }).click();
    const card = (id: string) => page.locator(`[data-testid="chart-card"][data-person-id="${id}"]`);
    await expect(card(childIds[1])).toBeVisible();
    const y = async (id: string) => (await card(id).boundingBox())!.y;
    expect(await y(father)).toBeLessThan(await y(rootId));
    expect(await y(rootId)).toBeLessThan(await y(childIds[0]));
    expect(await y(childIds[0])).toBe(await y(childIds[1]));
    // Right to left: the elder child (born first) on the right.
    expect((await card(childIds[0]).boundingBox())!.x).toBeGreaterThan((await card(childIds[1]).boundingBox())!.x);
    expect((await smallestVisibleLabelPx(page)).min).toBeGreaterThanOrEqual(11);
    await shot(page, "hourglass-ar-1366");
    // A double click on a card shows that person's tree.
    await card(childIds[0]).dblclick();
    await expect(page).toHaveURL(new RegExp(`root=${childIds[0]}`));
    await expect(page.getByLabel("شجرة", { exact: true })).toHaveValue(childIds[0]);
    await expect(card(rootId)).toBeVisible();
    await page
      .locator('[data-testid="chart-card"] text')
      .filter({ hasText: "1960" })
      .first()
      .screenshot({ path: "test-results/screens/charts-years-ar.png" });

    // The person page draws the same hourglass; choosing a card opens that person's page.
    await page.goto(`/person/${rootId}`);
    const personChart = page.getByTestId("person-chart");
    await expect(personChart.locator(`[data-testid="chart-card"][data-person-id="${childIds[0]}"]`)).toBeVisible();
    await shot(page, "person-chart-ar-1366");
    await personChart.locator(`[data-testid="chart-card"][data-person-id="${childIds[0]}"]`).click();
    await expect(page).toHaveURL(new RegExp(`/person/${childIds[0]}$`));
    await expect(personChart.locator(`[data-testid="chart-card"][data-person-id="${rootId}"]`)).toBeVisible();

    // English, on a phone: the father's half on the left.
    await page.getByLabel("اللغة").selectOption("en");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/roots?root=${rootId}&view=fan`);
    await expect(page.getByTestId("fan-slot")).toHaveCount(30);
    expect(await centre(father)).toBeLessThan(await centre(mother));
    await shot(page, "fan-en-390");
    // Pinch with two fingers: the fan grows.
    const before = await zoomOf(page);
    const box = (await page.getByTestId("chart-viewport").boundingBox())!;
    const [px, py] = [box.x + box.width / 2, box.y + box.height / 2];
    const touch = await context.newCDPSession(page);
    const fingers = (d: number) => [
      { x: px - d, y: py, id: 1 },
      { x: px + d, y: py, id: 2 },
    ];
    await touch.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: fingers(30) });
    for (let d = 40; d <= 120; d += 10) await touch.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: fingers(d) });
    await touch.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await expect.poll(() => zoomOf(page)).toBeGreaterThan(before * 1.5);
    await page.getByRole("button", { name: "Hourglass" }).click();
    await expect(card(childIds[0])).toBeVisible();
    await shot(page, "hourglass-en-390");
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`/roots?root=${rootId}&view=fan`);
    await expect(page.getByTestId("fan-slot")).toHaveCount(30);
    await shot(page, "fan-en-1366");
    await page.goto(`/roots?root=${rootId}&view=hourglass`);
    await expect(card(childIds[0])).toBeVisible();
    await shot(page, "hourglass-en-1366");
    // The language, then a phone's width (there the language is in the header's menu).
    await page.getByLabel("Language").selectOption("ar");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/roots?root=${rootId}&view=fan`);
    await expect(page.getByTestId("fan-slot")).toHaveCount(30);
    await shot(page, "fan-ar-390");
    await page.goto(`/roots?root=${rootId}&view=hourglass`);
    await expect(card(childIds[0])).toBeVisible();
    await shot(page, "hourglass-ar-390");
    await context.close();
  });
});
