import { expect, test, type Page } from "@playwright/test";
import { signInDemo } from "./sign-in.js";

// The server sends each page with its first screen already in (client/src/app/first-screen):
// a phone paints the header and the home page's title before any script has run.
/** Run in the page before its scripts: keeps the heading the server sent, to compare once the app runs. */
const keepServersHeading = () =>
  document.addEventListener("DOMContentLoaded", () => {
    (window as unknown as { serversHeading: Element | null }).serversHeading = document.querySelector("h1");
  });
/** Whether the page's heading is still the element the server sent (the app hydrated it, not replaced it). */
const sameHeading = (page: Page) =>
  page.evaluate(() => {
    const kept = (window as unknown as { serversHeading: Element | null }).serversHeading;
    return kept !== null && document.querySelector("h1") === kept;
  });
/** Errors the page throws (a hydration mismatch among them: React reports it so). */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  return errors;
}

test.describe("first screen before the scripts", () => {
  test("the home page reads in Arabic with no JavaScript at all, right to left, and in English for a reader who chose English", async ({
    browser,
    baseURL,
  }) => {
    const arabic = await browser.newContext({ javaScriptEnabled: false, locale: "ar" });
    const page = await arabic.newPage();
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("اعثر على قريتك. واحفظ حكاية عائلتك.");
    await expect(page.getByRole("navigation", { name: "التنقل الرئيسي" }).getByRole("link", { name: "القرى" })).toBeVisible();
    await expect(page).toHaveTitle(/جذور/);
    await arabic.close();

    // The saved choice (a cookie the app writes) wins over the browser's language.
    const english = await browser.newContext({ javaScriptEnabled: false, locale: "ar" });
    await english.addCookies([{ name: "roots_lang", value: "en", url: baseURL! }]);
    const en = await english.newPage();
    await en.goto("/villages");
    await expect(en.locator("html")).toHaveAttribute("lang", "en");
    await expect(en.locator("html")).toHaveAttribute("dir", "ltr");
    await expect(en.getByRole("link", { name: "Villages" })).toBeVisible();
    // /villages has a first screen of its own: its title and introduction, in the tab's title too.
    await expect(en.getByRole("heading", { level: 1 })).toHaveText("Find your village");
    await expect(en.locator("p.lead")).toContainText("Zahleh");
    await expect(en).toHaveTitle("Find your village — Roots");
    // Every other page is first the frame: the header over the page-loading spinner, never a
    // not-found page, and no header link claiming to be the current page.
    await en.goto("/about");
    await expect(en.getByRole("status")).toHaveText("Loading page...");
    await expect(en.getByRole("heading", { level: 1 })).toHaveCount(0);
    await expect(en.locator('nav a[aria-current="page"]')).toHaveCount(0);
    await english.close();
  });

  test("the live page takes the first screen's place: one page, usable, and the language choice kept for the server", async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale: "en-US" });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.getByTestId("rootspace-card")).toBeVisible();
    await expect(page.locator("#root")).not.toHaveAttribute("inert");
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expect(page.locator("header.header")).toHaveCount(1);
    await page.getByRole("searchbox").fill("Zahl");
    await expect(page.getByRole("searchbox")).toHaveValue("Zahl");

    await page.getByLabel("Language").selectOption("fr");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    expect((await context.cookies()).find((c) => c.name === "roots_lang")?.value).toBe("fr");
    const html = await (await page.request.get("/", { headers: { accept: "text/html" } })).text();
    expect(html).toContain('<html lang="fr" dir="ltr">');
    await context.close();
  });

  test("a village page comes whole from the server: readable with no JavaScript, with its title, and 404 when there is no such village", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: "ar" });
    const page = await context.newPage();
    const response = await page.goto("/libanpedia/zahle");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("زحلة — جذور");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("زحلة");
    await expect(page.getByRole("heading", { name: "التاريخ", level: 2 })).toBeVisible();
    await expect(page.getByTestId("hub-families")).toBeVisible();
    await expect(page.getByTestId("lebanon-map")).toBeVisible();
    const missing = await page.goto("/libanpedia/no-such-village");
    expect(missing?.status()).toBe(404);
    await expect(page.getByTestId("not-found")).toBeVisible();
    // The village's Rootpedia and its articles come whole too: a reader follows a plain link from one to the other.
    await page.goto("/root/zahle/rootpedia");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("روتبيديا \u2068زحلة\u2069"); // the name set apart as the app sets it (FSI … PDI)
    await page.locator('a[href*="/rootpedia/article/"]').first().click();
    await expect(page).toHaveURL(/\/root\/zahle\/rootpedia\/article\//);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("زحلة");
    await expect(page).toHaveTitle("زحلة — جذور");
    await context.close();
  });

  test("the live village page starts from the server's data instead of asking again, and a member then gets their own view", async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale: "en-US" });
    await context.addInitScript(keepServersHeading);
    const page = await context.newPage();
    const failures = pageErrors(page);
    const asked: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/graphql") && r.method() === "POST") asked.push(String(r.postDataJSON()?.operationName ?? ""));
    });
    await page.goto("/libanpedia/zahle");
    await expect(page.locator("#root")).not.toHaveAttribute("inert");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Zahle");
    await expect(page.getByRole("button", { name: "Join" }).or(page.getByRole("link", { name: "Join" }))).toBeVisible();
    // The page's own queries were answered in the HTML (the map's neighbours are never cached).
    expect(asked.filter((op) => ["VillagePage", "HubFamilies", "VillageHub"].includes(op))).toEqual([]);
    // The app took the server's page over as it was (hydrated): the same heading, no mismatch.
    expect(await sameHeading(page)).toBe(true);
    expect(failures).toEqual([]);
    await context.close();

    // A member is sent their own view (the page cookie names them): what they may do is there at once.
    const admin = await signInDemo(browser, { locale: "en-US", path: "/", email: "admin@roots.demo" });
    asked.length = 0;
    admin.page.on("request", (r) => {
      if (r.url().endsWith("/graphql") && r.method() === "POST") asked.push(String(r.postDataJSON()?.operationName ?? ""));
    });
    await admin.page.goto("/libanpedia/zahle");
    const families = admin.page.getByTestId("hub-families");
    await expect(families.getByRole("button", { name: "Edit" }).first()).toBeVisible();
    expect(asked.filter((op) => ["VillagePage", "HubFamilies", "VillageHub"].includes(op))).toEqual([]);
    await admin.context.close();
  });

  test("a returning member whose access cookie lapsed is sent the neutral frame, then their own view: never a visitor's page", async ({
    browser,
  }) => {
    const member = await signInDemo(browser, { locale: "en-US", path: "/" });
    // The session hint came with the refresh cookie; the page cookie lapses with its access token.
    expect((await member.context.cookies()).map((c) => c.name)).toContain("roots_session_hint");
    await member.context.clearCookies({ name: "roots_page" });
    // Whether the visitor's prompt is ever on screen, from the first byte the browser parses.
    await member.context.addInitScript(() => {
      const w = window as unknown as { visitorSeen: boolean };
      w.visitorSeen = false;
      new MutationObserver(() => {
        if (document.body?.textContent?.includes("Sign in to see the members from this village.")) w.visitorSeen = true;
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    const page = member.page;
    const sent = await page.goto("/libanpedia/zahle");
    expect(await sent!.text()).not.toContain("Sign in to see the members from this village.");
    await expect(page.getByText("Choose in your settings whether you appear here.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Zahle");
    expect(await page.evaluate(() => (window as unknown as { visitorSeen: boolean }).visitorSeen)).toBe(false);
    // Signed out, the hint goes: the next visit is a visitor's, with the visitor's page.
    await page.getByRole("button", { name: "Sign out" }).first().click();
    await expect.poll(async () => (await member.context.cookies()).map((c) => c.name)).not.toContain("roots_session_hint");
    const after = await page.goto("/libanpedia/zahle");
    expect(await after!.text()).toContain("Sign in to see the members from this village.");
    await member.context.close();
  });

  test("a member's tree and person pages come whole from the server, for them alone", async ({ browser }) => {
    const member = await signInDemo(browser, { locale: "en-US", path: "/" });
    // With no JavaScript at all, signed in (the same cookies): the member's own pages, readable.
    const noScript = await browser.newContext({
      javaScriptEnabled: false,
      locale: "en-US",
      storageState: await member.context.storageState(),
    });
    const page = await noScript.newPage();
    const tree = await page.goto("/roots");
    expect(tree?.status()).toBe(200);
    expect(tree?.headers()["cache-control"]).toBe("private, no-store");
    await expect(page).toHaveTitle("My family tree — Roots");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("My family tree");
    await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
    await page.locator('a[href^="/person/"]').first().click();
    await expect(page).toHaveURL(/\/person\//);
    await expect(page.getByRole("heading", { level: 1 })).not.toBeEmpty();
    await expect(page.getByText("This is you")).toBeVisible();
    await noScript.close();
    // A visitor is sent no member's page: the frame, and the browser sends them to sign in.
    const visitor = await browser.newContext({ javaScriptEnabled: false, locale: "en-US" });
    const outside = await visitor.newPage();
    expect((await outside.goto("/roots"))?.status()).toBe(200);
    await expect(outside.getByRole("heading", { name: "My family tree" })).toHaveCount(0);
    await visitor.close();
    // With JavaScript, the live pages start from the server's data instead of asking again.
    const asked: string[] = [];
    member.page.on("request", (r) => {
      if (r.url().endsWith("/graphql") && r.method() === "POST") asked.push(String(r.postDataJSON()?.operationName ?? ""));
    });
    const failures = pageErrors(member.page);
    await member.context.addInitScript(keepServersHeading);
    await member.page.goto("/roots");
    await expect(member.page.getByTestId("root-picker")).toBeVisible();
    await expect(member.page.locator("#root")).not.toHaveAttribute("inert");
    await expect.poll(() => sameHeading(member.page)).toBe(true);
    expect(asked.filter((op) => ["TreeStart", "MyPeople", "TreeChart"].includes(op))).toEqual([]);
    // (Followed in the app, a link asks for the next page's data; opened anew, it comes with it.)
    await member.page.locator('a[href^="/person/"]').first().click();
    await expect(member.page.getByText("This is you")).toBeVisible();
    asked.length = 0;
    await member.page.reload();
    await expect(member.page.getByText("This is you")).toBeVisible();
    await expect(member.page.locator("#root")).not.toHaveAttribute("inert");
    expect(asked.filter((op) => ["PersonPage", "TreeChart"].includes(op))).toEqual([]);
    await expect.poll(() => sameHeading(member.page)).toBe(true);
    expect(failures).toEqual([]);
    await member.context.close();
  });
});
