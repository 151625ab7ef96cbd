import { mkdirSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { axeOn } from "./axe.js";
import { signInDemo } from "./sign-in.js";

/**
 * Issue #44: on a 390 px phone, whatever a finger presses on the visitor's pages, a member's pages
 * (their roots, settings, notifications) and a Rootpedia history is at least 44 px tall (buttons,
 * fields, the lists' and the text's links, the footer's), and a button or a radio 44 px wide, in
 * Arabic and English.
 * The map's dots are not counted: a tap takes the nearest place within 22 px (maps.spec.ts).
 * Screenshots: test-results/screens/touch-*.png.
 */
const DIR = "test-results/screens";
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 };

test.beforeAll(() => mkdirSync(DIR, { recursive: true }));

/** What a finger may press in the page's main and footer, under 44 px tall (a checkbox or radio: its label). */
async function smallTargets(page: Page, where: string): Promise<string[]> {
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
          width: r.width,
          control: e instanceof HTMLButtonElement || (e instanceof HTMLInputElement && ["checkbox", "radio"].includes(e.type)),
        };
      })
      // Height for all; width too for buttons and radios (a link's text makes it wide enough).
      .filter((t) => t.height < 43.5 || (t.control && t.width < 43.5))
      .map((t) => `${t.name} ${t.width.toFixed(0)}×${t.height.toFixed(0)} px`),
  );
  // And axe's own rule (WCAG 2.2: 24 px, or room around the target) at the phone's width.
  const axe = await axeOn(page).withRules(["target-size"]).analyze();
  const crowded = axe.violations.flatMap((v) => v.nodes.map((n) => `axe ${v.id} ${n.target.join(" ")}`));
  return [...found, ...crowded].map((f) => `${where}: ${f}`);
}

const shot = (page: Page, name: string, locale: string) =>
  page.screenshot({ path: `${DIR}/touch-${name.replace(/[^a-z]+/g, "-")}-${locale.slice(0, 2)}.png`, fullPage: true });

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
      small.push(...(await smallTargets(page, path)));
      await shot(page, path, locale);
    }
    expect(small).toEqual([]);
    await context.close();
  });

  test(`a member's pages and a Rootpedia history have no touch target under 44 px (${locale.slice(0, 2)})`, async ({ browser }) => {
    test.setTimeout(120_000);
    const { context, page } = await signInDemo(browser, { locale, path: "/roots", options: PHONE });
    const small: string[] = [];
    for (const path of ["/roots", "/settings", "/notifications"]) {
      if (new URL(page.url()).pathname !== path) await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      await page.waitForLoadState("networkidle");
      small.push(...(await smallTargets(page, path)));
      await shot(page, `member${path}`, locale);
    }
    // A Rootpedia article's history: the compare radios and the rows' actions.
    await page.goto("/root/zahle/rootpedia");
    await page.getByTestId("rootpedia-articles").getByRole("link").first().click();
    await page
      .getByRole("main")
      .getByRole("link", { name: locale === "ar" ? "السجل" : "History", exact: true })
      .click();
    await expect(page.getByTestId("rootpedia-history").locator('input[type="radio"]').first()).toBeVisible();
    small.push(...(await smallTargets(page, "history")));
    await shot(page, "history", locale);
    expect(small).toEqual([]);
    await context.close();
  });
}
