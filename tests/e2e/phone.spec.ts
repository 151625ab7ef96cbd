import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { gql } from "./api.js";
import { DEMO_PASSWORD, signInDemo } from "./sign-in.js";

/**
 * Issue #44: the site on a 390 × 844 phone, in Arabic, English and French. The header is one row
 * (brand, search, the bell, a menu button); its menu opens a sheet with every link, the language
 * and Sign out, each whole and at least 44 px tall; no page scrolls sideways and no label is cut.
 * Screenshots: SHOTS_DIR (test-results/screens)/phone-*.png.
 */
const DIR = process.env.SHOTS_DIR ?? "test-results/screens";
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 };
const LOCALES = ["ar", "en-US", "fr-FR"] as const;
type Locale = (typeof LOCALES)[number];
const short = (l: Locale) => l.slice(0, 2);
const PORTRAIT = fileURLToPath(new URL("../fixtures/media/portrait-gps.jpg", import.meta.url));

test.beforeAll(() => mkdirSync(DIR, { recursive: true }));

/** Elements whose text runs past their own box (clipped or spilling), and the page's sideways overflow. */
const faults = (page: Page, root = "body") =>
  page.evaluate((sel) => {
    const cut = Array.from(document.querySelectorAll<HTMLElement>(`${sel} :is(a, button, label, h1, h2, h3, .tab, th, td, select)`))
      .filter((e) => e.offsetParent !== null && getComputedStyle(e).overflowX !== "auto" && getComputedStyle(e).overflowX !== "scroll")
      // Within a box that scrolls sideways on purpose (a wide table, a chart) is not a fault.
      .filter((e) => !e.parentElement?.closest('[class*="scroll"], .data-table, [data-testid="chart-viewport"]'))
      .filter((e) => !e.closest(".visually-hidden") && e.scrollWidth > e.clientWidth + 1 && e.clientWidth > 0)
      .map(
        (e) => `${e.tagName.toLowerCase()}.${e.className} "${(e.textContent ?? "").trim().slice(0, 30)}" ${e.scrollWidth}>${e.clientWidth}`,
      );
    return { sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth, cut };
  }, root);

/** The header's rows, the menu's items, and their sizes, with the menu open. */
async function checkHeader(page: Page, who: string): Promise<void> {
  const header = page.locator("header.header");
  const button = page.getByTestId("header-menu-button");
  // One row: the header is about a touch target tall (it was 290 px of 844 for a member). Read
  // in one go once the header is there (the app may draw the page again as it takes it over).
  await expect(header).toBeVisible();
  const sizes = await header.evaluate((h) => ({
    height: h.getBoundingClientRect().height,
    icons: Array.from(h.querySelectorAll<HTMLElement>(".header__quick > :is(a, button)"))
      .filter((e) => e.offsetParent !== null) // not shown to this reader
      .map((e) => Math.min(e.getBoundingClientRect().width, e.getBoundingClientRect().height)),
  }));
  expect(sizes.height, `${who}: the header is one row`).toBeLessThanOrEqual(72);
  for (const side of sizes.icons) expect(side, `${who}: a header icon is smaller than 44 px`).toBeGreaterThanOrEqual(44);
  await expect(button).toHaveAttribute("aria-expanded", "false");
  // A click before the app has taken the server's page over does nothing: click until it opens.
  await expect(async () => {
    if ((await button.getAttribute("aria-expanded")) !== "true") await button.click();
    await expect(button).toHaveAttribute("aria-expanded", "true", { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  const sheet = page.locator("#header-menu");
  await expect(sheet).toBeVisible();
  // The items' boxes in one reading of the page (a re-render between two reads cannot lose one).
  const boxes = await sheet.evaluate((menu) =>
    Array.from(menu.querySelectorAll<HTMLElement>("a, button, select"))
      .filter((e) => e.offsetParent !== null)
      .map((e) => {
        const r = e.getBoundingClientRect();
        return { name: (e.textContent ?? "").trim(), x: r.x, width: r.width, height: r.height };
      }),
  );
  expect(boxes.length).toBeGreaterThan(3);
  for (const b of boxes) {
    expect(b.height, `${who}: "${b.name}" is ${b.height} px tall`).toBeGreaterThanOrEqual(44);
    expect(b.x >= 0 && b.x + b.width <= 390, `${who}: "${b.name}" runs off the screen`).toBe(true);
  }
  const { sideways, cut } = await faults(page, "header");
  expect(sideways, `${who}: the page scrolls sideways`).toBeLessThanOrEqual(0);
  expect(cut, `${who}: labels cut in the header`).toEqual([]);
}

async function visitor(browser: Browser, locale: Locale, path: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ locale, ...PHONE });
  const page = await context.newPage();
  await page.goto(path);
  await expect(page.locator("html")).toHaveAttribute("lang", short(locale));
  return { context, page };
}

test.describe("on a phone (issue #44)", () => {
  for (const locale of LOCALES) {
    test(`the header is one row and its menu holds every link, the language and the way in (${short(locale)}, visitor)`, async ({
      browser,
    }) => {
      const { context, page } = await visitor(browser, locale, "/");
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      await page.screenshot({ path: `${DIR}/phone-header-visitor-${short(locale)}.png` });
      await checkHeader(page, `visitor ${locale}`);
      const sheet = page.locator("#header-menu");
      await expect(sheet.getByRole("link", { name: locale === "ar" ? "القرى" : "Villages" })).toBeVisible();
      await expect(sheet.getByRole("link", { name: { ar: "من نحن", "en-US": "About", "fr-FR": "À propos" }[locale] })).toBeVisible();
      await page.screenshot({ path: `${DIR}/phone-menu-visitor-${short(locale)}.png` });
      // A link in it opens its page and closes the menu.
      await sheet.getByRole("link", { name: locale === "ar" ? "القرى" : "Villages" }).click();
      await expect(page).toHaveURL(/\/villages$/);
      await expect(sheet).toBeHidden();
      await expect(page.getByTestId("header-menu-button")).toHaveAttribute("aria-expanded", "false");
      await context.close();
    });
  }

  for (const locale of ["ar", "en-US"] as const) {
    test(`an admin's menu holds all their links and Sign out; Escape closes it (${short(locale)})`, async ({ browser }) => {
      const { context, page } = await signInDemo(browser, { locale, path: "/admin", email: "admin@roots.demo", options: PHONE });
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      await page.screenshot({ path: `${DIR}/phone-header-admin-${short(locale)}.png` });
      await checkHeader(page, `admin ${locale}`);
      const sheet = page.locator("#header-menu");
      await expect(sheet.getByRole("link", { name: locale === "ar" ? "المدير" : "Admin", exact: true })).toHaveClass(/active/);
      await expect(sheet.getByRole("button", { name: locale === "ar" ? "تسجيل الخروج" : "Sign out" })).toBeVisible();
      await expect(sheet.getByRole("combobox")).toBeEnabled();
      await page.screenshot({ path: `${DIR}/phone-menu-admin-${short(locale)}.png` });
      await page.keyboard.press("Escape");
      await expect(sheet).toBeHidden();
      await expect(page.getByTestId("header-menu-button")).toBeFocused();
      await context.close();
    });
  }

  for (const locale of LOCALES) {
    test(`the visitor's pages neither scroll sideways nor cut a label (${short(locale)})`, async ({ browser }) => {
      test.setTimeout(90_000);
      const context = await browser.newContext({ locale, ...PHONE });
      const page = await context.newPage();
      const found: string[] = [];
      for (const path of ["/", "/villages", "/libanpedia/zahle", "/auth", "/auth?mode=signup", "/people?q=Haddad", "/about"]) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
        await page.waitForLoadState("networkidle");
        const { sideways, cut } = await faults(page);
        if (sideways > 0) found.push(`${path}: scrolls sideways by ${sideways} px`);
        for (const c of cut) found.push(`${path}: ${c}`);
        await page.screenshot({ path: `${DIR}/phone-${path.replace(/[^a-z]+/g, "-")}-${short(locale)}.png` });
      }
      expect(found).toEqual([]);
      await context.close();
    });
  }
});

/**
 * A dialog open on the phone: inside the screen, nothing in it scrolls sideways or is cut, each of
 * its controls at least 44 px tall; its screenshot (phone-dialog-<name>-<lang>.png).
 */
async function checkDialog(page: Page, name: string, locale: Locale): Promise<void> {
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  const box = (await dialog.boundingBox())!;
  expect(box.x >= 0 && box.x + box.width <= 390, `${name}: the dialog is inside the screen`).toBe(true);
  const { sideways, cut } = await faults(page, '[role="dialog"]');
  expect(sideways, `${name}: the page scrolls sideways`).toBeLessThanOrEqual(0);
  expect(cut, `${name}: text cut`).toEqual([]);
  expect(await dialog.evaluate((d) => d.scrollWidth - d.clientWidth), `${name}: the dialog scrolls sideways`).toBeLessThanOrEqual(0);
  const small = await dialog.evaluate((d) =>
    Array.from(d.querySelectorAll<HTMLElement>("button, select, textarea, input:not([type=hidden], [type=file])"))
      .filter((e) => e.getClientRects().length > 0)
      .map((e) => {
        const target = e instanceof HTMLInputElement && ["checkbox", "radio"].includes(e.type) ? (e.closest("label") ?? e) : e;
        return {
          name: `${e.tagName.toLowerCase()} "${(e.textContent || e.getAttribute("aria-label") || "").trim().slice(0, 30)}"`,
          r: target.getBoundingClientRect(),
        };
      })
      .filter(({ r }) => r.height < 43.5)
      .map(({ name, r }) => `${name} ${r.height.toFixed(0)} px`),
  );
  expect(small, `${name}: controls under 44 px`).toEqual([]);
  await page.screenshot({ path: `${DIR}/phone-dialog-${name}-${short(locale)}.png` });
}

test.describe("dialogs on a phone (issue #44)", () => {
  for (const locale of ["ar", "en-US"] as const) {
    const ar = locale === "ar";
    test(`the article editor's dialogs (cite a record, insert a photo) fit the screen (${short(locale)})`, async ({ browser }) => {
      const { context, page } = await signInDemo(browser, { locale, path: "/root/zahle/rootpedia", options: PHONE });
      await page.getByTestId("rootpedia-articles").getByRole("link").first().click();
      await page
        .getByRole("main")
        .getByRole("link", { name: ar ? "تحرير" : "Edit", exact: true })
        .click();
      for (const [name, button] of [
        ["cite", ar ? "استشهد بسجل" : "Cite a record"],
        ["photo", ar ? "أدرج صورة" : "Insert a photo"],
      ] as const) {
        await page.getByRole("button", { name: button, exact: true }).click();
        await checkDialog(page, name, locale);
        await page.keyboard.press("Escape");
        await expect(page.getByRole("dialog")).toBeHidden();
      }
      await context.close();
    });

    test(`a reason dialog (an admin revokes a role) fits the screen (${short(locale)})`, async ({ browser }) => {
      const { context, page } = await signInDemo(browser, { locale, path: "/admin/roles", email: "admin@roots.demo", options: PHONE });
      await page
        .getByRole("main")
        .getByRole("button", { name: ar ? "سحب" : "Revoke", exact: true })
        .first()
        .click();
      await checkDialog(page, "reason", locale);
      await context.close();
    });

    test(`the tree's relative dialog fits the screen (${short(locale)})`, async ({ browser, request }) => {
      const email = `phone-relative-${Date.now()}-${short(locale)}@example.test`;
      await gql(request, `mutation ($input: SignUpInput!) { signUp(input: $input) { signedIn } }`, {
        input: { email, password: DEMO_PASSWORD, displayName: "Sami Haddad", preferredLanguage: short(locale) },
      });
      const { context, page } = await signInDemo(browser, { locale, path: "/treebuilder", email, options: PHONE });
      await page.getByLabel(ar ? "الاسم الكامل بالعربية" : "Full name in Arabic").fill("سامي الحداد");
      await page.getByLabel(ar ? "الاسم الكامل (بالحروف اللاتينية)" : "Full name (Latin letters)").fill("Sami Haddad");
      await page.getByLabel(ar ? "الولادة" : "Birth").fill("1980");
      await page.getByRole("button", { name: ar ? "أضف" : "Add", exact: true }).click();
      await page
        .getByRole("button", { name: ar ? "أضف الأب" : "Add father", exact: true })
        .first()
        .click();
      await checkDialog(page, "relative", locale);
      await context.close();
    });
  }

  for (const locale of ["ar", "en-US"] as const) {
    test(`the portrait dialog stacks its fields inside the screen (${short(locale)})`, async ({ browser, request }) => {
      const email = `phone-dialog-${Date.now()}-${short(locale)}@example.test`;
      await gql(request, `mutation ($input: SignUpInput!) { signUp(input: $input) { signedIn } }`, {
        input: { email, password: DEMO_PASSWORD, displayName: "Layla Maalouf", preferredLanguage: short(locale) },
      });
      const { accessToken } = (
        await gql<{ signIn: { accessToken: string } }>(
          request,
          `mutation ($input: SignInInput!) { signIn(input: $input) { accessToken } }`,
          {
            input: { email, password: DEMO_PASSWORD },
          },
        )
      ).signIn;
      const { createPerson } = await gql<{ createPerson: { id: string } }>(
        request,
        `mutation ($input: PersonInput!) { createPerson(input: $input) { id } }`,
        { input: { fullName: "Charlotte Maalouf", fullNameAr: "شارلوت معلوف", birthDate: "1816", deathDate: "1855" } },
        accessToken,
      );
      const { context, page } = await signInDemo(browser, { locale, path: `/person/${createPerson.id}`, email, options: PHONE });
      await page
        .getByTestId("person-portrait")
        .getByRole("button", { name: locale === "ar" ? "إضافة صورة شخصية" : "Add a portrait" })
        .click();
      const dialog = page.getByRole("dialog");
      await dialog.getByLabel(locale === "ar" ? "ملف الصورة" : "Picture file").setInputFiles(PORTRAIT);
      await expect(dialog.getByRole("img")).toBeVisible();
      const box = (await dialog.boundingBox())!;
      expect(box.x >= 0 && box.x + box.width <= 390, "the dialog is inside the screen").toBe(true);
      // The file's help text has the dialog's width, not a sliver beside the control.
      const hint = (await dialog.locator(".field__hint").first().boundingBox())!;
      expect(hint.width, "the help text's column").toBeGreaterThan(box.width / 2);
      const { sideways, cut } = await faults(page, '[role="dialog"]');
      expect(sideways).toBeLessThanOrEqual(0);
      expect(cut).toEqual([]);
      const overflow = await dialog.evaluate((d) => d.scrollWidth - d.clientWidth);
      expect(overflow, "the dialog scrolls sideways").toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${DIR}/phone-portrait-dialog-${short(locale)}.png` });
      await context.close();
    });
  }
});
