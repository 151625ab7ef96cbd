import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { fakeClientDist } from "../support/fake-client-dist.js";
import { startTestServer, type TestServer } from "../support/server.js";
import { toGlobalId } from "../../server/src/common/global-id.js";
import { buildUser } from "../factories/users.js";
import { buildVillage } from "../support/genealogy.js";

// The server's side of pages rendered with their data: it loads the renderer the client build
// made (dist/.server/server-render.js; here a small stand-in that asks what the village page asks),
// answers the renderer's queries through the real GraphQL pipeline as its reader (the member the
// page cookie names, or a visitor) in the page's language, and sends the result in the page's template. The client's own renderer is checked in
// the browser (tests/e2e/first-screen.spec.ts).
const RENDERER = `
export async function renderPage(url, lang, execute) {
  const slug = decodeURIComponent(url.split("/")[2].split("?")[0]);
  const { data, errors } = await execute(
    { query: "query V($slug: String!) { village(slug: $slug) { name nameAr } viewer { id } }", variables: { slug }, operationName: "V" },
    lang,
  );
  if (errors?.some((e) => e.extensions?.code !== "NOT_FOUND")) throw new Error(errors.map((e) => e.message).join("; "));
  const member = Boolean(data?.viewer);
  if (!data?.village) return { html: "<h1>" + (errors?.[0]?.message ?? "none") + "</h1>", title: null, notFound: true, member, data: {} };
  const name = lang === "ar" ? data.village.nameAr : data.village.name;
  return { html: "<h1>" + name + "</h1><p>viewer " + JSON.stringify(data.viewer) + "</p>", title: name + " — Roots", notFound: false, member, data: { rootspace: "lebanon", cache: data } };
}
`;

let server: TestServer;
let dist: string;
let remove: () => void;
let base: string;
let slug: string;

beforeAll(async () => {
  ({ dist, remove } = fakeClientDist(RENDERER));
  server = await startTestServer({ CLIENT_DIST: dist });
  base = server.url.replace(/\/graphql$/, "");
  const village = await buildVillage(server, "Zahle");
  await server.ds.query(`UPDATE villages SET name_ar = 'زحلة' WHERE id = $1`, [village.raw]);
  slug = village.slug;
});

afterAll(async () => {
  await server?.stop();
  remove();
});

const open = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(base + path, { headers: { accept: "text/html", ...headers } });
  const html = await res.text();
  return { status: res.status, html, title: /<title>(.*?)<\/title>/.exec(html)?.[1], root: /<div id="root">(.*?)<\/div>/.exec(html)?.[1] };
};

describe("a page rendered on the server with its data", () => {
  it("is made from the database, as a visitor, in the reader's language", async () => {
    expect(await open(`/libanpedia/${slug}`, { "accept-language": "ar" })).toMatchObject({
      status: 200,
      title: "زحلة — Roots",
      root: "<h1>زحلة</h1><p>viewer null</p>",
    });
    const en = await open(`/libanpedia/${slug}`, { cookie: "roots_lang=en" });
    expect(en.root).toBe("<h1>Zahle</h1><p>viewer null</p>");
    expect(JSON.parse(/id="roots-data">(.*?)<\/script>/.exec(en.html)![1])).toEqual({
      rootspace: "lebanon",
      cache: { village: { name: "Zahle", nameAr: "زحلة" }, viewer: null },
    });
  });

  it("is rendered for a visitor even when the request carries someone's token", async () => {
    const { token, refreshToken } = await buildUser(server.ds);
    // (Its own address: a page rendered a moment ago for the same address is sent again.)
    const res = await open(`/libanpedia/${slug}?signed=in`, {
      authorization: `Bearer ${token}`,
      cookie: `roots_rt=${refreshToken}`,
      "accept-language": "en",
    });
    expect(res.root).toBe("<h1>Zahle</h1><p>viewer null</p>");
  });

  it("is made as the member the page cookie names, for them alone (no cache keeps it); an ended session's cookie names no one", async () => {
    const { token, id } = await buildUser(server.ds);
    const open1 = await fetch(`${base}/libanpedia/${slug}`, {
      headers: { accept: "text/html", cookie: `roots_page=${token}`, "accept-language": "en" },
    });
    expect(open1.headers.get("cache-control")).toBe("private, no-store");
    const html = await open1.text();
    expect(/<div id="root">(.*?)<\/div>/.exec(html)![1]).toBe(`<h1>Zahle</h1><p>viewer {"id":"${toGlobalId("User", id)}"}</p>`);
    await server.ds.query(`UPDATE sessions SET revoked_at = now() WHERE user_id = $1`, [id]);
    expect((await open(`/libanpedia/${slug}`, { cookie: `roots_page=${token}`, "accept-language": "en" })).root).toBe(
      "<h1>Zahle</h1><p>viewer null</p>",
    );
  });

  it("answers 404 for an unknown village, with the translated message from the API", async () => {
    const res = await open("/libanpedia/no-such-village", { "accept-language": "fr" });
    expect(res.status).toBe(404);
    expect(res.root).toBe("<h1>Introuvable.</h1>");
  });

  it("falls back to the frame when the renderer refuses (a bad slug is the API's error, shown by the browser)", async () => {
    expect(await open("/libanpedia/NOT_A_SLUG", { "accept-language": "en" })).toMatchObject({ status: 200, root: "frame" });
  });
});
