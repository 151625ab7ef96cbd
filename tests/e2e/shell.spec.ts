import { expect, test, type Page } from "@playwright/test";
import { signInDemo } from "./sign-in.js";

test.describe("client shell", () => {
  test("a first visit with an English browser is in English; switching to Arabic turns the page right-to-left", async ({ browser }) => {
    const context = await browser.newContext({ locale: "en-US" });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Find your village. Keep your family's story.");
    await expect(page.getByTestId("rootspace-card")).toContainText("Lebanon");
    await page.screenshot({ path: "test-results/screens/home-en.png", fullPage: true });

    await page.getByLabel("Language").selectOption("ar");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("اعثر على قريتك. واحفظ حكاية عائلتك.");
    await expect(page.getByTestId("rootspace-card")).toContainText("لبنان");
    await page.screenshot({ path: "test-results/screens/home-ar.png", fullPage: true });

    // The choice is saved and wins over the browser language on the next visit.
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await context.close();
  });

  test("with no usable browser language the site starts in Arabic", async ({ browser }) => {
    const context = await browser.newContext({ locale: "de-DE" });
    const page = await context.newPage();
    await page.goto("/about");
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("عن جذور");
    await context.close();
  });

  test("an unknown path shows the not-found page; legacy paths redirect", async ({ browser }) => {
    const context = await browser.newContext({ locale: "en-US" });
    const page = await context.newPage();
    await page.goto("/no/such/page");
    await expect(page.getByTestId("not-found")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    await page.goto("/congress");
    await expect(page).toHaveURL(/\/opinions$/);
    await page.goto("/village-hubs");
    await expect(page).toHaveURL(/\/root-hubs$/);
    await context.close();
  });

  test("a render error shows the fallback screen; Try Again and Go Home recover", async ({ browser }) => {
    const context = await browser.newContext({ locale: "en-US" });
    const page = await context.newPage();
    await page.goto("/diagnostics");
    await expect(page.getByTestId("check-graphql")).toHaveAttribute("data-result", "pass");
    await expect(page.getByTestId("check-websocket")).toHaveAttribute("data-result", "pass");
    await expect(page.getByTestId("check-server")).toHaveAttribute("data-result", "pass");
    await page.getByRole("button", { name: "Show the error screen" }).click();
    await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
    await expect(page.getByText("We encountered an unexpected error. This has been logged and we'll investigate.")).toBeVisible();
    await page.screenshot({ path: "test-results/screens/error-en.png" });
    await page.getByRole("button", { name: "Try Again" }).click();
    await expect(page.getByRole("heading", { name: "Diagnostics" })).toBeVisible();
    await page.getByRole("button", { name: "Show the error screen" }).click();
    await page.getByRole("button", { name: "Go Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await context.close();
  });

  test("the status page reads the server's health", async ({ browser }) => {
    const context = await browser.newContext({ locale: "fr-FR" });
    const page = await context.newPage();
    await page.goto("/health");
    await expect(page.getByTestId("health-status")).toHaveText("Tous les systèmes fonctionnent");
    await context.close();
  });

  test("no CSP violations and no console errors on the main pages", async ({ browser }) => {
    const context = await browser.newContext({ locale: "ar" });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("console", (m) => m.type() === "error" && problems.push(m.text()));
    page.on("pageerror", (e) => problems.push(String(e)));
    for (const path of ["/", "/about", "/privacy", "/terms", "/cookies", "/health"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  // Issue #20: with the fallback font (wider than the webfonts) a member's links took two lines on
  // a phone, then one when the webfont arrived, and the whole page moved up under the reader.
  test("on a phone the header keeps its height when the webfonts replace the fallback font, in Arabic and English", async ({ browser }) => {
    test.setTimeout(90_000); // two sign-ins and two cold loads
    for (const locale of ["ar", "en-US"] as const) {
      const { context } = await signInDemo(browser, { locale, path: "/dashboard", options: { viewport: { width: 412, height: 823 } } });
      // The fonts are held back until the page has been drawn with the fallback font.
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      await context.route(/\.woff2$/, async (route) => {
        await released;
        await route.continue();
      });
      const page = await context.newPage();
      await page.goto("/roots", { waitUntil: "domcontentloaded" }); // "load" would wait for the fonts
      const signOut = page.locator("#header-menu button", { hasText: locale === "ar" ? "تسجيل الخروج" : "Sign out" });
      await expect(signOut).toBeAttached({ timeout: 20_000 }); // the session is known (the button waits in the closed menu)
      const loadedFaces = () =>
        page.evaluate(() => {
          let n = 0;
          document.fonts.forEach((f) => void (f.status === "loaded" && n++));
          return n;
        });
      expect(await loadedFaces(), "no webfont yet").toBe(0);
      const before = await headerGeometry(page);
      release();
      await page.evaluate(() => document.fonts.ready);
      await expect.poll(loadedFaces).toBeGreaterThan(0);
      const after = await headerGeometry(page);
      expect(after, `${locale}: the header moved when the webfonts arrived`).toEqual(before);
      // Nothing sticks out of the screen sideways, and Sign out is on it (in the header's menu).
      expect(after.pageWidth).toBeLessThanOrEqual(412);
      await page.getByTestId("header-menu-button").click();
      const out = (await signOut.boundingBox())!;
      expect(out.x >= 0 && out.x + out.width <= 412).toBe(true);
      await context.close();
    }
  });
});

/** The header's height, where the page's content starts, and the page's width. */
const headerGeometry = (page: Page) =>
  page.evaluate(() => ({
    header: document.querySelector("header")!.getBoundingClientRect().height,
    main: document.querySelector("main")!.getBoundingClientRect().top,
    pageWidth: document.documentElement.scrollWidth,
  }));
