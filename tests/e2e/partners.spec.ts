import { createHash, randomBytes } from "node:crypto";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { expectNoSeriousAxe } from "./axe.js";
import { signInDemo } from "./sign-in.js";

/** The partner's own site, where the member comes back with a code (answered here, never reached). */
const REDIRECT = "http://127.0.0.1:9/roots-callback";

async function shots(page: Page, name: string) {
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/screens/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

const asApp = async (request: APIRequestContext, token: string, query: string) =>
  (await (
    await request.post("/graphql", { data: { query }, headers: { "content-type": "application/json", authorization: `Bearer ${token}` } })
  ).json()) as { data?: Record<string, unknown> | null; errors?: { extensions?: { code?: string } }[] };

test.describe("the partner API", () => {
  // Two members' browsers, a consent and a revocation: more than the default 30 s on a busy machine.
  test.setTimeout(180_000);

  test("in Arabic: a developer registers an app, an admin approves it, a member consents and the app reads their tree, then the member revokes it", async ({
    browser,
    request,
  }) => {
    // The developer registers the app; the secret is shown once.
    const dev = await signInDemo(browser, { locale: "ar", path: "/developers/apps", email: "member@roots.demo" });
    const page = dev.page;
    await expect(page.getByRole("heading", { name: "تطبيقاتك لواجهة الجذور البرمجية", level: 1 })).toBeVisible();
    const name = `Cedar Genealogy ${randomBytes(3).toString("hex")}`;
    await page.getByLabel("اسم التطبيق (يراه الأعضاء عند طلب موافقتهم)").fill(name);
    await page.getByLabel("عناوين إعادة التوجيه").fill(REDIRECT);
    await page.getByRole("checkbox", { name: /tree:read/ }).check();
    await page.getByRole("button", { name: "تسجيل التطبيق" }).click();
    const secretBox = page.getByTestId("client-secret");
    await expect(secretBox).toBeVisible();
    const codes = await secretBox.locator("code").allTextContents();
    const [clientId, clientSecret] = codes;
    expect(clientId).toMatch(/^app_/);
    expect(clientSecret).toMatch(/^rs_/);
    await expect(page.getByTestId(`app-${clientId}`)).toContainText("بانتظار المراجعة");
    await shots(page, "partners-apps-ar");
    await expectNoSeriousAxe(page, "developer apps");

    // An admin approves it at /management/partners.
    const admin = await signInDemo(browser, { locale: "ar", path: "/management/partners", email: "admin@roots.demo" });
    const card = admin.page.getByTestId(`app-${clientId}`);
    await expect(card).toBeVisible();
    await shots(admin.page, "partners-desk-ar");
    await expectNoSeriousAxe(admin.page, "partners desk");
    await card.getByRole("button", { name: "اعتماد" }).click();
    await expect(admin.page.getByText("اعتُمد التطبيق: سيُبلَّغ مطوّره")).toBeVisible();
    await admin.context.close();

    // A member's browser goes through the authorization and the consent page.
    const verifier = randomBytes(32).toString("base64url");
    const challenge = createHash("sha256").update(verifier).digest("base64url");
    const member = await signInDemo(browser, { locale: "ar", path: "/settings", email: "curator@roots.demo" });
    let callback: URL | null = null;
    await member.page.route("http://127.0.0.1:9/**", async (route) => {
      callback = new URL(route.request().url());
      await route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>partner</title><p>ok</p>" });
    });
    const params = new URLSearchParams({
      client_id: clientId,
      response_type: "code",
      redirect_uri: REDIRECT,
      scope: "public:read tree:read",
      code_challenge: challenge,
      code_challenge_method: "S256",
      state: "e2e",
    });
    await member.page.goto(`/oauth/authorize?${params}`);
    await expect(member.page).toHaveURL(/\/oauth\/consent\//);
    const consent = member.page.getByTestId("consent");
    await expect(consent).toContainText(name);
    await expect(consent).toContainText("قراءة شجرة عائلتك كما تراها");
    await expect(consent).toContainText("127.0.0.1:9");
    await shots(member.page, "partners-consent-ar");
    await expectNoSeriousAxe(member.page, "consent");
    await consent.getByRole("button", { name: "سماح" }).click();
    await expect.poll(() => callback?.searchParams.get("code") ?? null).not.toBeNull();
    expect(callback!.searchParams.get("state")).toBe("e2e");

    // The app exchanges the code and reads the member's roots.
    const token = await request.post("/oauth/token", {
      form: {
        grant_type: "authorization_code",
        code: callback!.searchParams.get("code")!,
        redirect_uri: REDIRECT,
        code_verifier: verifier,
      },
      headers: { authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}` },
    });
    expect(token.status()).toBe(200);
    const { access_token: accessToken } = (await token.json()) as { access_token: string };
    expect((await asApp(request, accessToken, `{ myRoots { village { id } } }`)).errors).toBeUndefined();
    expect((await asApp(request, accessToken, `{ wallet { __typename } }`)).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");

    // The member sees the app in Settings and removes its access: the token stops at once.
    await member.page.goto("/settings/oauth-info");
    const grant = member.page.getByTestId(`grant-${clientId}`);
    await expect(grant).toContainText(name);
    await shots(member.page, "partners-grants-ar");
    await expectNoSeriousAxe(member.page, "grants");
    await grant.getByRole("button", { name: /^سحب إذن/ }).click();
    await grant.getByRole("alertdialog").getByRole("button", { name: "سحب الإذن" }).click();
    await expect(member.page.getByText("سُحب الإذن")).toBeVisible();
    await expect(grant).toHaveCount(0);
    expect((await asApp(request, accessToken, `{ myRoots { village { id } } }`)).errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    await member.context.close();

    // The developer tries the API in the explorer with the app (its page is a whole page load).
    await page.goto("/developers/explorer");
    await expect(page.getByRole("heading", { name: "مستكشف الواجهة البرمجية", level: 1 })).toBeVisible();
    await page.getByLabel("التطبيق").selectOption({ label: name });
    await page.getByRole("button", { name: "افتح المستكشف" }).click();
    await expect(page.getByRole("status").filter({ hasText: "الرمز صالح حتى" })).toBeVisible();
    const explorer = page.locator(".graphiql-container");
    await expect(explorer).toBeVisible({ timeout: 30_000 });
    // GraphiQL loads the schema (introspection) after it shows: a run pressed before that may do nothing, so press until it answers.
    await expect(async () => {
      await explorer.locator(".graphiql-execute-button").click();
      await expect(explorer.locator(".result-window")).toContainText('"remaining"', { timeout: 5_000 });
    }).toPass({ timeout: 60_000 });
    await shots(page, "partners-explorer-ar");
    await dev.context.close();
  });

  test("the developer portal, public, in Arabic and English", async ({ browser }) => {
    for (const [locale, title, scopes] of [
      ["ar", "واجهة الجذور البرمجية للمطوّرين", "النطاقات"],
      ["en-US", "Roots API for developers", "Scopes"],
    ] as const) {
      const context = await browser.newContext({ locale });
      const page = await context.newPage();
      await page.goto("/developers");
      await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
      const section = page.getByRole("region", { name: scopes });
      // The fields each scope opens are read from the live schema.
      await expect(section).toContainText("villages");
      await expect(section).toContainText("myRoots");
      await expect(page.locator(".partner-release").first()).toBeVisible();
      await shots(page, `partners-portal-${locale.slice(0, 2)}`);
      await expectNoSeriousAxe(page, `portal ${locale}`);
      await context.close();
    }
  });

  test("in English: the pages at a phone's width", async ({ browser }) => {
    const { context, page } = await signInDemo(browser, { locale: "en-US", path: "/developers/apps" });
    await expect(page.getByRole("heading", { name: "Your apps for the Roots API", level: 1 })).toBeVisible();
    await shots(page, "partners-apps-en");
    await page.goto("/settings/oauth-info");
    await expect(page.getByRole("heading", { name: "API access for partner sites", level: 1 })).toBeVisible();
    await shots(page, "partners-grants-en");
    await expectNoSeriousAxe(page, "grants en");
    await context.close();
  });
});
