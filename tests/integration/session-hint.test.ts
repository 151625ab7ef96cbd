import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { toGlobalId } from "../../server/src/common/global-id.js";
import { buildUser } from "../factories/users.js";
import { buildVillage } from "../support/genealogy.js";
import { startTestServer, type TestServer } from "../support/server.js";

/**
 * A returning member whose access cookie has lapsed never sees a visitor's page first: the
 * session hint (`roots_session_hint`, no secret in it) set beside the refresh cookie makes the
 * server send the neutral frame instead of a visitor's render or first screen; the app then
 * renews the session and renders the member's view (tests/e2e/session-hint.spec.ts).
 */
const SLOTS = { page: "<!--roots:page-->", title: "%ROOTS_TITLE%", data: "<!--roots:data-->" };
const RENDERER = `
export async function renderPage(url, lang, execute) {
  const slug = decodeURIComponent(url.split("/")[2].split("?")[0]);
  const { data } = await execute({ query: "query V($slug: String!) { village(slug: $slug) { name } viewer { id } }", variables: { slug }, operationName: "V" }, lang);
  const member = Boolean(data?.viewer);
  return { html: "<h1>" + data.village.name + "</h1><p>" + (member ? "member " + data.viewer.id : "visitor") + "</p>", title: null, notFound: false, member, data: {} };
}
`;
const PASSWORD = "the snow on Sannine in April";

let server: TestServer;
let dist: string;
let base: string;
let slug: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), "roots-dist-"));
  mkdirSync(join(dist, ".server"));
  writeFileSync(join(dist, ".server", "server-render.js"), RENDERER);
  writeFileSync(join(dist, "index.html"), `<!doctype html><title>Roots</title><div id="root"></div>`);
  writeFileSync(join(dist, "routes.json"), JSON.stringify({ routes: ["/", "/settings", "/libanpedia/:villageId"] }));
  writeFileSync(
    join(dist, "first-screens.json"),
    JSON.stringify({ pages: { "/": "home" }, frame: "frame", rendered: { "/libanpedia/:villageId": "rendered-0" }, slots: SLOTS }),
  );
  for (const lang of ["ar", "en", "fr"]) {
    writeFileSync(join(dist, `index.frame.${lang}.html`), `<!doctype html><title>Roots</title><div id="root">frame</div>`);
    writeFileSync(join(dist, `index.home.${lang}.html`), `<!doctype html><title>Roots</title><div id="root">visitor home</div>`);
    writeFileSync(
      join(dist, `index.rendered-0.${lang}.html`),
      `<!doctype html><title>${SLOTS.title}</title><div id="root">${SLOTS.page}</div>${SLOTS.data}`,
    );
  }
  server = await startTestServer({ CLIENT_DIST: dist, BREACHED_PASSWORD_MODE: "off" });
  base = server.url.replace(/\/graphql$/, "");
  slug = (await buildVillage(server, "Ehden")).slug;
});

afterAll(async () => {
  await server?.stop();
  rmSync(dist, { recursive: true, force: true });
});

const open = async (path: string, cookie?: string) => {
  const res = await fetch(base + path, { headers: { accept: "text/html", "accept-language": "en", ...(cookie ? { cookie } : {}) } });
  return {
    status: res.status,
    root: /<div id="root">(.*?)<\/div>/.exec(await res.text())?.[1],
    cacheControl: res.headers.get("cache-control"),
  };
};

describe("the first screen of someone signed in on this browser", () => {
  it("a visitor gets the visitor's render and first screen", async () => {
    expect((await open(`/libanpedia/${slug}`)).root).toBe("<h1>Ehden</h1><p>visitor</p>");
    expect((await open("/")).root).toBe("visitor home");
  });

  it("with the session hint and no live access cookie: the neutral frame, on a rendered page and on a first screen", async () => {
    expect(await open(`/libanpedia/${slug}`, "roots_session_hint=1")).toMatchObject({ status: 200, root: "frame" });
    expect(await open("/", "roots_session_hint=1")).toMatchObject({ status: 200, root: "frame" });
    expect(await open("/settings", "roots_session_hint=1")).toMatchObject({ status: 200, root: "frame" });
    // A page cookie that no longer names anyone (a session ended) gives a visitor's render: the frame instead.
    const { token, id } = await buildUser(server.ds);
    await server.ds.query(`UPDATE sessions SET revoked_at = now() WHERE user_id = $1`, [id]);
    expect((await open(`/libanpedia/${slug}?ended`, `roots_session_hint=1; roots_page=${token}`)).root).toBe("frame");
  });

  it("with the hint and a live access cookie: the member's own render", async () => {
    const { token, id } = await buildUser(server.ds);
    const page = await open(`/libanpedia/${slug}`, `roots_session_hint=1; roots_page=${token}`);
    expect(page.root).toBe(`<h1>Ehden</h1><p>member ${toGlobalId("User", id)}</p>`);
    expect(page.cacheControl).toBe("private, no-store");
  });
});

describe("the session hint", () => {
  const cookieNamed = (setCookie: string[] | undefined, name: string) => setCookie?.find((c) => c.startsWith(`${name}=`));

  it("is set readable by scripts with the refresh cookie (sign-up, sign-in, refresh), for as long, and cleared at sign-out", async () => {
    const up = await server.gql(`mutation ($input: SignUpInput!) { signUp(input: $input) { signedIn } }`, {
      input: { email: "hint@example.test", password: PASSWORD, displayName: "Nadia", preferredLanguage: "en" },
    });
    const hint = cookieNamed(up.setCookie, "roots_session_hint")!;
    expect(hint).toMatch(/^roots_session_hint=1;/);
    expect(hint).toMatch(/Path=\//);
    expect(hint).not.toMatch(/HttpOnly/i);
    const maxAge = (c: string) => Number(/Max-Age=(\d+)/.exec(c)![1]);
    expect(maxAge(hint)).toBe(maxAge(cookieNamed(up.setCookie, "roots_rt")!));

    const signIn = await server.gql<{ signIn: { accessToken: string } }>(
      `mutation ($input: SignInInput!) { signIn(input: $input) { accessToken } }`,
      { input: { email: "hint@example.test", password: PASSWORD } },
    );
    expect(cookieNamed(signIn.setCookie, "roots_session_hint")).toMatch(/^roots_session_hint=1;/);
    const refreshed = await server.gql(`mutation { refreshSession { signedIn } }`, {}, { cookie: `roots_rt=${signIn.cookies!.roots_rt}` });
    expect(cookieNamed(refreshed.setCookie, "roots_session_hint")).toMatch(/^roots_session_hint=1;/);

    const out = await server.gql(
      `mutation { signOut }`,
      {},
      { token: signIn.data!.signIn.accessToken, cookie: `roots_rt=${refreshed.cookies!.roots_rt}` },
    );
    expect(cookieNamed(out.setCookie, "roots_session_hint")).toMatch(/^roots_session_hint=;.*Expires=Thu, 01 Jan 1970/);
  });

  it("is cleared when a refresh is refused", async () => {
    const refused = await server.gql(
      `mutation { refreshSession { signedIn } }`,
      {},
      { cookie: "roots_rt=not-a-session-anymore-0123456789abcdef" },
    );
    expect(refused.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
    expect(cookieNamed(refused.setCookie, "roots_session_hint")).toMatch(/^roots_session_hint=;/);
  });
});
