import { mkdirSync } from "node:fs";
import { expect, test } from "@playwright/test";

/**
 * Issue #44: on a 390 px phone, whatever a finger presses on the visitor's pages is at least 44 px
 * tall (buttons, fields, the lists' and the text's links, the footer's), in Arabic and English.
 * The map's dots are not counted: a tap takes the nearest place within 22 px (maps.spec.ts).
 * Screenshots: test-results/screens/touch-*.png.
 */
const DIR = "test-results/screens";
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 };

test.beforeAll(() => mkdirSync(DIR, { recursive: true }));

for (const locale of ["ar", "en-US"] as const) {
  test(`the visitor's pages have no touch target under 44 px tall (${locale.slice(0, 2)})`, async ({ browser }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ locale, ...PHONE });
    const page = await context.newPage();
    const small: string[] = [];
    for (const path of ["/", "/villages", "/libanpedia/zahle", "/auth", "/people?q=Haddad", "/about"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      await page.waitForLoadState("networkidle");
      const found = await page.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLElement>("main :is(a, button, input, select, textarea), footer :is(a, button, select)"))
          .filter((e) => !e.closest("svg, .visually-hidden") && e.getClientRects().length > 0)
          .filter((e) => !(e instanceof HTMLInputElement && ["hidden", "file"].includes(e.type)))
          .map((e) => {
            // A checkbox or radio is pressed through its label.
            const target = e instanceof HTMLInputElement && ["checkbox", "radio"].includes(e.type) ? (e.closest("label") ?? e) : e;
            const r = target.getBoundingClientRect();
            return {
              name: `${e.tagName.toLowerCase()} "${(e.textContent || e.getAttribute("aria-label") || "").trim().slice(0, 30)}"`,
              height: r.height,
            };
          })
          .filter((t) => t.height < 43.5)
          .map((t) => `${t.name} ${t.height.toFixed(0)} px`),
      );
      small.push(...found.map((f) => `${path}: ${f}`));
      await page.screenshot({ path: `${DIR}/touch-${path.replace(/[^a-z]+/g, "-")}-${locale.slice(0, 2)}.png`, fullPage: true });
    }
    expect(small).toEqual([]);
    await context.close();
  });
}
