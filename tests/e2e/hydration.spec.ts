import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { gql } from "./api.js";
import { DEMO_PASSWORD } from "./sign-in.js";

/**
 * Issue #44: pages the server renders are taken over by the app without a mismatch (React error
 * #418, which threw the page's part away and drew it again): the not-found pages of unknown
 * records (sent as 404), and a person page with a portrait, on a 390 px phone in Arabic and
 * English. Screenshots: test-results/screens/hydration-*.png.
 */
const DIR = "test-results/screens";
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 };
const LOCALES = ["ar", "en-US"] as const;
const short = (l: string) => l.slice(0, 2);
const PORTRAIT = fileURLToPath(new URL("../fixtures/media/portrait-gps.jpg", import.meta.url));

/** Opens `path` and waits until the app has taken the server's page over; returns what the browser reported meanwhile. */
async function openRendered(page: Page, path: string): Promise<{ status: number; problems: string[] }> {
  const problems: string[] = [];
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("console", (m) => {
    // A page sent as 404 is reported by the browser as a resource that failed to load: that is its status, not a fault.
    const ownStatus = /status of 404/.test(m.text()) && m.location().url === page.url();
    if ((m.type() === "error" || m.type() === "warning") && !ownStatus) problems.push(`console ${m.type()}: ${m.text()}`);
  });
  const res = await page.goto(path);
  // The server's page is in the HTML before any script runs...
  expect(await res!.text()).toContain('id="roots-data"');
  // ... and the app has taken it over once the page is no longer inert (App.tsx).
  await expect(page.locator("#root")).not.toHaveAttribute("inert");
  await page.waitForLoadState("networkidle");
  return { status: res!.status(), problems };
}

async function memberToken(request: APIRequestContext, email: string, lang: string): Promise<string> {
  await gql(request, `mutation ($input: SignUpInput!) { signUp(input: $input) { signedIn } }`, {
    input: { email, password: DEMO_PASSWORD, displayName: "Layla Maalouf", preferredLanguage: lang },
  });
  const { signIn } = await gql<{ signIn: { accessToken: string } }>(
    request,
    `mutation ($input: SignInInput!) { signIn(input: $input) { accessToken } }`,
    { input: { email, password: DEMO_PASSWORD } },
  );
  return signIn.accessToken;
}

/** A person who died long ago (a visitor may read them), with a portrait sent as the portrait dialog sends it. */
async function personWithPortrait(request: APIRequestContext, lang: string): Promise<string> {
  const token = await memberToken(request, `hydration-${Date.now()}-${lang}@example.test`, lang);
  const { createPerson } = await gql<{ createPerson: { id: string } }>(
    request,
    `mutation ($input: PersonInput!) { createPerson(input: $input) { id } }`,
    { input: { fullName: "Charlotte Maalouf", fullNameAr: "شارلوت معلوف", birthDate: "1816", deathDate: "1855" } },
    token,
  );
  const id = createPerson.id;
  const upload = await request.post(`/api/media?target=${encodeURIComponent(id)}&kind=portrait`, {
    data: readFileSync(PORTRAIT),
    headers: { "content-type": "application/octet-stream", authorization: `Bearer ${token}`, "x-roots-language": lang },
  });
  expect(upload.status()).toBe(201);
  // Its sizes are made by a job: the portrait shows once they are.
  await expect
    .poll(
      async () =>
        (
          await gql<{ person: { portrait: { image: { src: string } | null } | null } }>(
            request,
            `query ($id: ID!) { person(id: $id) { portrait { image { src } } } }`,
            { id },
          )
        ).person.portrait?.image?.src ?? null,
      { timeout: 60_000 },
    )
    .not.toBeNull();
  return id;
}

async function phone(browser: Browser, locale: string) {
  const context = await browser.newContext({ locale, ...PHONE });
  return { context, page: await context.newPage() };
}

test.describe("server-rendered pages are taken over cleanly (issue #44)", () => {
  for (const locale of LOCALES) {
    test(`an unknown village or person is the not-found page, sent as 404, taken over without a mismatch (${short(locale)})`, async ({
      browser,
    }) => {
      const { context, page } = await phone(browser, locale);
      const unknownPerson = `/person/${Buffer.from("Person:01900000-0000-7000-8000-000000000000").toString("base64")}`;
      for (const path of ["/libanpedia/no-such-village", unknownPerson]) {
        const { status, problems } = await openRendered(page, path);
        expect(status, path).toBe(404);
        await expect(page.getByTestId("not-found")).toBeVisible();
        expect(problems, `${path}: what the browser reported`).toEqual([]);
        await page.screenshot({ path: `${DIR}/hydration-not-found-${path.split("/")[1]}-${short(locale)}.png` });
      }
      // The page is live: its link home opens the home page in the app, and a known village opens after it.
      await page.getByTestId("not-found").getByRole("link").click();
      await expect(page).toHaveURL(/\/$/);
      await page.goto("/villages");
      await page.getByRole("searchbox").fill("Zahle");
      await page.getByTestId("village-results").getByRole("link").first().click();
      await expect(page).toHaveURL(/\/libanpedia\/zahle$/);
      await expect(page.getByTestId("not-found")).toHaveCount(0);
      await context.close();
    });

    test(`a person page with a portrait is taken over without a mismatch, the name beside the picture (${short(locale)})`, async ({
      browser,
      request,
    }) => {
      const id = await personWithPortrait(request, short(locale));
      const name = locale === "ar" ? "شارلوت معلوف" : "Charlotte Maalouf";
      for (const width of [390, 1366]) {
        const context = await browser.newContext({ locale, ...PHONE, viewport: { width, height: 844 }, isMobile: width < 600 });
        const page = await context.newPage();
        const { status, problems } = await openRendered(page, `/person/${id}`);
        expect(status).toBe(200);
        const picture = page.getByTestId("person-portrait").getByRole("img");
        await expect(picture).toBeVisible();
        expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
        expect(problems, "what the browser reported").toEqual([]);
        // The name sits by the picture (beside it, or under it when the screen is too narrow for both).
        const pic = (await picture.boundingBox())!;
        const heading = (await page.getByRole("heading", { level: 1, name }).boundingBox())!;
        const apart = Math.max(
          heading.x - (pic.x + pic.width),
          pic.x - (heading.x + heading.width),
          heading.y - (pic.y + pic.height),
          pic.y - (heading.y + heading.height),
        );
        expect(apart, `${width} px: the name's distance from the portrait`).toBeLessThan(48);
        await page.screenshot({ path: `${DIR}/hydration-person-portrait-${short(locale)}-${width}.png` });
        await context.close();
      }
    });
  }
});
