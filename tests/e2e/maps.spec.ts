import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";

const SHOTS = process.env.SHOTS_DIR ?? "test-results/screens";
const SIZES = [
  { name: "1366", width: 1366, height: 900 },
  { name: "390", width: 390, height: 844 },
] as const;

/** The zoom the map shows now, read from its layer's transform (1 = the whole country). */
async function zoomOf(page: Page): Promise<number> {
  const transform = await page.getByTestId("lebanon-map").locator(":scope > g").first().getAttribute("transform");
  const m = /scale\(([\d.]+)\)/.exec(transform ?? "");
  return m ? Number(m[1]) : 1;
}

test.describe("maps", () => {
  test("the caza filter drives the map and the list, from the map or from the list's filter", async ({ browser }) => {
    const context = await browser.newContext({ locale: "en-US", viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.goto("/villages");
    const map = page.getByTestId("lebanon-map");
    // Zoomed out, each caza's villages are one mark with their number (issue #44): no village's
    // place is fetched or drawn yet.
    await expect(map.locator(".lb-map__clusters g")).toHaveCount(25);
    const counts = await map.locator(".lb-map__clusters text").allTextContents();
    expect(counts.reduce((n, c) => n + Number(c.replace(/\D/g, "")), 0)).toBe(3198);
    await expect(map.locator(".lb-map__dots circle")).toHaveCount(0);
    await expect(map.locator(".lb-map__cazas path")).toHaveCount(25);
    await expect(map.locator('path[data-caza="Saida"]')).toHaveCount(1);

    // Choosing a caza on the map filters the list and zooms the map to it.
    await map.locator('path[data-caza="Zgharta"]').dispatchEvent("click");
    await expect(page).toHaveURL(/district=Zgharta/);
    await expect(page.getByLabel("District (caza)")).toHaveValue("Zgharta");
    await expect(page.getByRole("status").filter({ hasText: "villages" })).toHaveText(/^\W*82\W* villages$/);
    const items = page.getByTestId("village-results").locator("li");
    await expect(items.first()).toContainText("Zgharta");
    for (const text of await items.allInnerTexts()) expect(text).toContain("Zgharta");
    await expect(map.locator('path[data-caza="Zgharta"]')).toHaveClass(/is-selected/);
    await expect.poll(() => zoomOf(page)).toBeGreaterThan(2);
    // Zoomed in, every village is a dot again, and the marks are gone.
    await expect(map.locator(".lb-map__dots circle")).toHaveCount(3198);
    await expect(map.locator(".lb-map__clusters")).toHaveCount(0);
    // The list's results are the map's marked places, all in the caza.
    await expect(map.locator(".lb-map__hits a")).toHaveCount(30);
    await expect(map.locator(".lb-map__dots circle:not(.is-out)")).toHaveCount(82);
    await page.screenshot({ path: `${SHOTS}/villages-caza-en.png`, fullPage: true });

    // The list's filter moves the map too; clearing it shows the whole country again.
    await page.getByLabel("District (caza)").selectOption("Jezzine");
    await expect(map.locator('path[data-caza="Jezzine"]')).toHaveClass(/is-selected/);
    await expect(map.locator(".lb-map__dots circle:not(.is-out)")).toHaveCount(93);
    // Saida, which the source lacks, is a caza like the others: its border and its villages.
    await map.locator('path[data-caza="Saida"]').dispatchEvent("click");
    await expect(page.getByLabel("District (caza)")).toHaveValue("Saida");
    await expect(page.getByRole("status").filter({ hasText: "villages" })).toHaveText(/^\W*132\W* villages$/);
    await expect(map.locator(".lb-map__dots circle:not(.is-out)")).toHaveCount(132);
    await page.getByLabel("Village name").fill("Sayda");
    await expect(page.getByTestId("village-results").locator("li").first()).toContainText("Saida");
    await page.getByLabel("Village name").fill("");
    await page.screenshot({ path: `${SHOTS}/villages-saida-en.png`, fullPage: true });
    await page.getByRole("button", { name: "Show all of Lebanon" }).click();
    await expect(page).not.toHaveURL(/district=/);
    await expect.poll(() => zoomOf(page)).toBe(1);
    await context.close();
  });

  test("the map zooms with the wheel, the keyboard and its buttons; a village shows a card and opens", async ({ browser }) => {
    const context = await browser.newContext({ locale: "en-US", viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.goto("/villages");
    const map = page.getByTestId("lebanon-map");
    await expect(map.locator(".lb-map__clusters g").first()).toBeAttached();

    const box = (await map.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -400);
    await expect.poll(() => zoomOf(page)).toBeGreaterThan(1.5);
    const wheeled = await zoomOf(page);

    await map.focus();
    await page.keyboard.press("+");
    await expect.poll(() => zoomOf(page)).toBeGreaterThan(wheeled);
    await page.keyboard.press("0");
    await expect.poll(() => zoomOf(page)).toBe(1);
    await page.getByRole("button", { name: "Zoom in" }).click();
    await expect.poll(() => zoomOf(page)).toBeGreaterThan(1.5);
    await page.getByRole("button", { name: "Zoom out" }).click();
    await expect.poll(() => zoomOf(page)).toBe(1);

    // Search results are the map's links: hovering one shows its card, clicking opens it.
    await page.getByLabel("District (caza)").selectOption("Zgharta");
    await page.getByLabel("Village name").fill("Ehden");
    const hit = map.locator('.lb-map__hits a[href="/libanpedia/ehden"]');
    await hit.hover();
    await expect(page.getByTestId("map-card")).toContainText("Ehden");
    await expect(page.getByTestId("map-card")).toContainText("Zgharta");
    await hit.click();
    await expect(page).toHaveURL(/\/libanpedia\/ehden$/);
    await context.close();
  });

  // Issue #44: dots are a few pixels wide and a finger covers several; a tap takes the nearest place
  // within 22 px (a 44 px target), shows its card in both scripts, and the card's link opens it.
  for (const locale of ["ar", "en-US"] as const) {
    test(`on a phone a tap near a village shows its card, whose link opens it (${locale.slice(0, 2)})`, async ({ browser }) => {
      const context = await browser.newContext({ locale, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      await page.goto("/villages?district=Zgharta");
      await page.locator(".villages-map-toggle").tap();
      const map = page.getByTestId("lebanon-map");
      await expect(map.locator(".lb-map__dots circle:not(.is-out)")).toHaveCount(82);
      await expect.poll(() => zoomOf(page)).toBeGreaterThan(2);
      // A village inside the map, and a point 10 px from it, away from its nearest neighbour, that
      // is nearer to it than to any other: a tap there is beside the dot, not on it.
      // The map's top at the screen's top: every place tapped is on the screen.
      await map.evaluate((e) => e.scrollIntoView({ block: "start" }));
      const frame = (await map.boundingBox())!;
      const bottom = Math.min(frame.y + frame.height, 844);
      const dots = await map.locator(".lb-map__dots circle:not(.is-out)").evaluateAll((els) =>
        els.map((e) => {
          const r = e.getBoundingClientRect();
          return { id: e.getAttribute("data-id")!, x: r.x + r.width / 2, y: r.y + r.height / 2 };
        }),
      );
      const nearestTo = (x: number, y: number, but?: (typeof dots)[number]) =>
        dots.filter((o) => o !== but).reduce((a, b) => (Math.hypot(a.x - x, a.y - y) <= Math.hypot(b.x - x, b.y - y) ? a : b));
      const taps = dots
        .filter((d) => d.x > frame.x + 60 && d.x < frame.x + frame.width - 60 && d.y > frame.y + 120 && d.y < bottom - 40)
        .map((d) => {
          const n = nearestTo(d.x, d.y, d);
          const far = Math.hypot(d.x - n.x, d.y - n.y) || 1;
          return { d, x: d.x + (10 * (d.x - n.x)) / far, y: d.y + (10 * (d.y - n.y)) / far };
        })
        .filter((t) => nearestTo(t.x, t.y) === t.d);
      expect(taps.length, "a village with room for a tap beside it").toBeGreaterThan(0);
      const { d: alone, x, y } = taps[0];
      await page.touchscreen.tap(x, y);
      const card = page.getByTestId("map-card");
      const link = card.getByRole("link");
      await expect(link).toHaveAttribute("href", `/libanpedia/${alone.id}`);
      // The tap neither opened the village nor chose another caza; the card names it in both scripts.
      await expect(page).toHaveURL(/\/villages\?district=Zgharta$/);
      await expect(card.locator(".lb-map__card-other")).toHaveCount(1);
      expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      const shown = (await card.boundingBox())!;
      expect(shown.x >= 0 && shown.x + shown.width <= 390, "the card is on the screen").toBe(true);
      await page.screenshot({ path: `${SHOTS}/map-tap-${locale.slice(0, 2)}-390.png` });
      await link.tap();
      await expect(page).toHaveURL(new RegExp(`/libanpedia/${alone.id}$`));
      await context.close();
    });
  }

  test("a village page shows a mini-map of its caza with the village marked", async ({ browser }) => {
    for (const locale of ["en-US", "ar"]) {
      for (const size of SIZES) {
        const context = await browser.newContext({ locale, viewport: { width: size.width, height: size.height } });
        const page = await context.newPage();
        await page.goto("/libanpedia/zahle");
        const figure = page.locator("figure.lb-map");
        await expect(figure).toHaveAttribute("data-selected-caza", "Zahle");
        await expect(figure.locator('path[data-caza="Zahle"]')).toHaveClass(/is-selected/);
        await expect(figure.locator('.lb-map__hits a[href="/libanpedia/zahle"] circle')).toBeVisible();
        await expect(figure.locator(".lb-map__dots circle")).toHaveCount(90);
        await page.screenshot({ path: `${SHOTS}/village-${locale.slice(0, 2)}-${size.name}.png`, fullPage: true });
        await context.close();
      }
    }
  });

  // Issue #20: the mini-map's placeholder was 4:5 and the drawing took its caza's shape, so the
  // village's history below it moved when the map arrived.
  test("a village page's mini-map takes its placeholder's box, so the history below does not move (opened within the app)", async ({
    browser,
  }) => {
    for (const locale of ["ar", "en-US"]) {
      for (const size of [{ width: 412, height: 823 }, SIZES[0]]) {
        const context = await browser.newContext({ locale, viewport: size });
        // The map's code and its stylesheet are held back until the page has been drawn with its placeholder.
        let release = () => {};
        const released = new Promise<void>((resolve) => (release = resolve));
        await context.route(/\/assets\/LebanonMap-[^/]*\.js$/, async (route) => {
          await released;
          await route.continue();
        });
        await context.route(/\/assets\/[^/]*\.css$/, async (route) => {
          const response = await route.fetch();
          if ((await response.text()).includes(".lb-map__dots")) await released;
          await route.fulfill({ response });
        });
        const page = await context.newPage();
        // Opened from another page of the app (a village page loaded afresh comes with its map
        // drawn by the server: tests/e2e/first-screen.spec.ts).
        await page.goto("/about");
        await expect(page.locator("#root")).not.toHaveAttribute("inert");
        await page.evaluate(() => {
          window.history.pushState({}, "", "/libanpedia/zahle");
          window.dispatchEvent(new PopStateEvent("popstate"));
        });
        const history = page.locator("section.card").first();
        await expect(page.locator(".lb-map-placeholder")).toBeVisible();
        const before = { frame: (await page.locator(".lb-map-placeholder").boundingBox())!, history: (await history.boundingBox())! };
        release();
        const figure = page.locator("figure.lb-map");
        await expect(figure.locator(".lb-map__dots circle")).toHaveCount(90);
        const after = { frame: (await figure.locator(".lb-map__stage").boundingBox())!, history: (await history.boundingBox())! };
        const where = `${locale} at ${size.width} px`;
        for (const k of ["x", "y", "width", "height"] as const) {
          expect(after.frame[k], `${where}: the map's ${k}`).toBeCloseTo(before.frame[k], 0);
          expect(after.history[k], `${where}: the history's ${k}`).toBeCloseTo(before.history[k], 0);
        }
        await context.close();
      }
    }
  });

  test("the home page searches villages, families and people and shows the database's counts", async ({ browser, request }) => {
    // Eight full page loads (the home page and /villages, in two languages at two sizes) after the
    // search: about 30 s on a busy 2-core machine, the default limit.
    test.setTimeout(90_000);
    const res = await request.post("/graphql", { data: { query: "{ rootspaceCounts { villages families people } }" } });
    const { villages, families, people } = (await res.json()).data.rootspaceCounts as {
      villages: number;
      families: number;
      people: number;
    };
    expect(villages).toBeGreaterThan(3000);

    const context = await browser.newContext({ locale: "en-US", viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.getByTestId("count-villages")).toContainText(villages.toLocaleString("en-GB"));
    await expect(page.getByTestId("count-families")).toContainText(String(families));
    await expect(page.getByTestId("count-people")).toContainText(String(people));
    await expect(page.getByTestId("featured-village").first()).toBeVisible();
    await expect(page.getByTestId("featured-village").locator("svg.caza-shape").first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "Coming next" })).toBeVisible();

    const search = page.getByLabel("Search villages, families and people");
    const results = page.getByTestId("home-search-results");
    await search.fill("Zahleh");
    await expect(results.getByRole("link", { name: "Zahle", exact: true })).toHaveAttribute("href", "/libanpedia/zahle");
    await search.fill("Karam");
    await expect(results.getByRole("heading", { name: "Families" })).toBeVisible();
    await expect(results).toContainText("Karam");
    await search.fill("Saab");
    await expect(results.getByRole("heading", { name: "People" })).toBeVisible();
    await expect(results.getByRole("link", { name: "Elias Saab" })).toHaveAttribute("href", /^\/person\//);
    await search.press("Enter");
    await expect(page).toHaveURL(/\/villages\?q=Saab/);
    await context.close();

    for (const locale of ["en-US", "ar"]) {
      for (const size of SIZES) {
        const ctx = await browser.newContext({ locale, viewport: { width: size.width, height: size.height } });
        const p = await ctx.newPage();
        await p.goto("/");
        await expect(p.getByTestId("lebanon-map").locator(".lb-map__clusters g").first()).toBeAttached();
        await expect(p.getByTestId("featured-village").locator("svg.caza-shape").first()).toBeVisible();
        await p.screenshot({ path: `${SHOTS}/home-${locale.slice(0, 2)}-${size.name}.png`, fullPage: true });
        // The home map's caza links open the villages page filtered by the address alone.
        await p.goto("/villages?district=Chouf");
        // On a phone the list comes first and the map opens from its button.
        if (size.width <= 760) await p.getByRole("button", { name: locale === "ar" ? "الخريطة" : "Map", exact: true }).click();
        await expect(p.getByTestId("lebanon-map").locator('path[data-caza="Chouf"]')).toHaveClass(/is-selected/);
        await expect(p.locator("select").filter({ has: p.locator('option[value="Chouf"]') })).toHaveValue("Chouf");
        await p.screenshot({ path: `${SHOTS}/villages-${locale.slice(0, 2)}-${size.name}.png`, fullPage: true });
        await ctx.close();
      }
    }
  });

  test("an unknown page answers 404 with the not-found page; every client route answers 200", async ({ page, request }) => {
    const res = await page.goto("/no/such/page");
    expect(res?.status()).toBe(404);
    await expect(page.getByTestId("not-found")).toBeVisible();

    // The routes the client build wrote from its area manifests (the server reads the same file).
    const { routes } = JSON.parse(readFileSync("client/dist/routes.json", "utf8")) as { routes: string[] };
    expect(routes).toEqual(expect.arrayContaining(["/", "/villages", "/libanpedia/:villageId", "/about"]));
    // A page the server renders with its data answers for its record: "zahle" is a village, but
    // no article or person is called that.
    const noSuchRecord = ["/root/:slug/rootpedia/article/:articleId", "/person/:personId"];
    for (const route of routes) {
      const path = route.replace(/:[^/]+/g, "zahle");
      const answer = await request.get(path, { headers: { accept: "text/html" }, maxRedirects: 0 });
      expect([path, answer.status()]).toEqual([path, noSuchRecord.includes(route) ? 404 : 200]);
    }
    for (const path of ["/villages/zahle/nothing", "/admin/nothing"]) {
      const answer = await request.get(path, { headers: { accept: "text/html" } });
      expect([path, answer.status()]).toEqual([path, 404]);
    }
  });
});
