import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "@jest/globals";
import express from "express";
import type { RenderedPage } from "./page-render.js";
import { clientRouteMatcher, clientRouter, RENDER_TIMEOUT_MS, type RenderPage } from "./static.js";

describe("client route matcher", () => {
  const known = clientRouteMatcher(["/", "/villages", "/libanpedia/:villageId", "/admin/roles", "/docs/*"]);

  it("knows the client's pages, with parameters, any letter case and a trailing slash", () => {
    for (const path of ["/", "/villages", "/villages/", "/VILLAGES", "/libanpedia/zahle", "/admin/roles", "/docs", "/docs/a/b"])
      expect([path, known(path)]).toEqual([path, true]);
  });

  it("does not know anything else", () => {
    for (const path of ["/nowhere", "/villages/zahle", "/libanpedia", "/libanpedia/zahle/more", "/admin", "/admin/roles/x", "//"])
      expect([path, known(path)]).toEqual([path, false]);
  });
});

/** Serves `files` (name → content) as a built client in a temporary folder; `close` stops and removes it. */
async function serveClient(
  files: Record<string, string>,
  render?: RenderPage,
  keepMs?: number,
  personal?: (req: express.Request) => boolean,
): Promise<{ base: string; close: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), "roots-client-"));
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  const app = express();
  app.use(clientRouter(dir, render, { keepMs, personal })!);
  const server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const ROUTES = JSON.stringify({ routes: ["/", "/villages", "/root-hubs", "/libanpedia/:villageId"] });

describe("serving the built client", () => {
  let base: string;
  let close: () => void;
  beforeAll(async () => {
    ({ base, close } = await serveClient({ "index.html": "<!doctype html><title>app</title>", "routes.json": ROUTES }));
  });
  afterAll(() => close());

  const page = (path: string) => fetch(base + path, { headers: { accept: "text/html" } });

  it("answers a known page with the app and 200", async () => {
    for (const path of ["/", "/villages", "/libanpedia/zahle"]) {
      const res = await page(path);
      expect([path, res.status]).toEqual([path, 200]);
      expect(await res.text()).toContain("<title>app</title>");
    }
  });

  it("answers an unknown page with the app (its not-found page) and 404, even when asked again with its ETag", async () => {
    const res = await page("/no-such-page");
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("<title>app</title>");
    const etag = res.headers.get("etag");
    const again = await fetch(base + "/no-such-page", { headers: { accept: "text/html", ...(etag ? { "if-none-match": etag } : {}) } });
    expect(again.status).toBe(404);
  });
});

describe("serving each page's first screen in the reader's language", () => {
  let base: string;
  let close: () => void;
  beforeAll(async () => {
    const screens = Object.fromEntries(
      ["ar", "en", "fr"].flatMap((lang) =>
        ["home", "villages", "frame"].map((page) => [`index.${page}.${lang}.html`, `<!doctype html><title>${page} ${lang}</title>`]),
      ),
    );
    const list = JSON.stringify({ pages: { "/": "home", "/villages": "villages" }, frame: "frame" });
    ({ base, close } = await serveClient({
      "index.html": "<!doctype html><title>app</title>",
      "routes.json": ROUTES,
      "first-screens.json": list,
      ...screens,
    }));
  });
  afterAll(() => close());

  const title = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(base + path, { headers: { accept: "text/html", ...headers } });
    return { status: res.status, vary: res.headers.get("vary") ?? "", title: /<title>(.*)<\/title>/.exec(await res.text())?.[1] };
  };

  it("sends a page's own first screen where the build made one, and the frame on every other page", async () => {
    expect(await title("/")).toMatchObject({ status: 200, title: "home ar" });
    expect(await title("/villages")).toMatchObject({ status: 200, title: "villages ar" });
    expect(await title("/Villages/")).toMatchObject({ status: 200, title: "villages ar" });
    expect(await title("/villages?q=zahle")).toMatchObject({ status: 200, title: "villages ar" });
    expect(await title("/libanpedia/zahle")).toMatchObject({ status: 200, title: "frame ar" });
    expect(await title("/no-such-page")).toMatchObject({ status: 404, title: "frame ar" });
  });

  it("chooses the language as the app does: the saved choice, else the browser's, else Arabic", async () => {
    expect((await title("/", { cookie: "a=1; roots_lang=en; b=2" })).title).toBe("home en");
    expect((await title("/", { cookie: "roots_lang=fr", "accept-language": "en-US,en;q=0.9" })).title).toBe("home fr");
    expect((await title("/", { "accept-language": "de-DE,fr;q=0.8,en;q=0.5" })).title).toBe("home fr");
    expect((await title("/villages", { "accept-language": "en-GB" })).title).toBe("villages en");
    expect((await title("/root-hubs", { "accept-language": "en-GB" })).title).toBe("frame en");
    expect((await title("/", { cookie: "roots_lang=de", "accept-language": "de" })).title).toBe("home ar");
    expect((await title("/", { cookie: "xroots_lang=en" })).title).toBe("home ar");
  });

  it("tells caches that the page depends on the cookie and the browser's languages", async () => {
    const { vary } = await title("/");
    expect(vary).toMatch(/Cookie/i);
    expect(vary).toMatch(/Accept-Language/i);
  });
});

describe("sending a page the server renders with its data (a village)", () => {
  const SLOTS = { page: "<!--roots:page-->", title: "%ROOTS_TITLE%", data: "<!--roots:data-->" };
  // Each test's answers differ: a page is kept only briefly here (the last test checks the keeping).
  const KEEP_MS = 300;
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const LANGS = ["ar", "en", "fr"];
  const page = (title: string, lang: string, body: string, end = "") =>
    `<!doctype html><html lang="${lang}"><head><title>${title}</title></head><body><div id="root">${body}</div>${end}</body></html>`;
  let base: string;
  let close: () => void;
  /** What the fake renderer was asked, and how it answers (set per test). */
  const asked: string[] = [];
  let answer: (url: string, lang: string) => Promise<RenderedPage | null>;
  beforeAll(async () => {
    const files = Object.fromEntries(
      LANGS.flatMap((lang) => [
        [`index.frame.${lang}.html`, page(`Roots ${lang}`, lang, "frame")],
        [`index.rendered-0.${lang}.html`, page(SLOTS.title, lang, SLOTS.page, SLOTS.data)],
      ]),
    );
    const list = { pages: {}, frame: "frame", rendered: { "/libanpedia/:villageId": "rendered-0" }, slots: SLOTS };
    ({ base, close } = await serveClient(
      { "index.html": "<!doctype html><title>app</title>", "routes.json": ROUTES, "first-screens.json": JSON.stringify(list), ...files },
      (url, lang) => {
        asked.push(`${url} ${lang}`);
        return answer(url, lang);
      },
      KEEP_MS,
      // A request with a page cookie names a member (server.ts: the cookie's access token).
      (req) => /roots_page=/.test(req.get("cookie") ?? ""),
    ));
  });
  afterAll(() => close());
  afterEach(() => sleep(KEEP_MS + 50));

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(base + path, { headers: { accept: "text/html", ...headers } });
    const html = await res.text();
    return {
      status: res.status,
      html,
      title: /<title>(.*?)<\/title>/.exec(html)?.[1],
      root: /<div id="root">(.*?)<\/div>/.exec(html)?.[1],
    };
  };
  const village = (html: string, data: unknown = {}, title: string | null = "Zahlé — Roots"): RenderedPage => ({
    html,
    title,
    notFound: false,
    member: false,
    data,
  });

  it("sends the page rendered in the reader's language, with its title and the data it was made of", async () => {
    asked.length = 0;
    answer = async (url, lang) => village(`<h1>${lang}: ${url}</h1>`, { rootspace: "lebanon", cache: { "Village:1": { name: "Zahlé" } } });
    const res = await get("/libanpedia/zahle?tab=history", { "accept-language": "fr" });
    expect(asked).toEqual(["/libanpedia/zahle?tab=history fr"]);
    expect(res).toMatchObject({ status: 200, title: "Zahlé — Roots", root: "<h1>fr: /libanpedia/zahle?tab=history</h1>" });
    const data = /<script type="application\/json" id="roots-data">(.*?)<\/script>/.exec(res.html)?.[1];
    expect(JSON.parse(data!)).toEqual({ rootspace: "lebanon", cache: { "Village:1": { name: "Zahlé" } } });
  });

  it("keeps text from the data from closing its script or adding markup, and escapes the title", async () => {
    answer = async () => village("<p>page</p>", { note: "</script><script>alert(1)</script><!--" }, "<b>Zahlé</b> & co");
    const { html, title } = await get("/libanpedia/zahle");
    expect(html).not.toContain("<script>alert(1)");
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(title).toBe("&lt;b&gt;Zahlé&lt;/b&gt; &amp; co");
    const data = /id="roots-data">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(data!)).toEqual({ note: "</script><script>alert(1)</script><!--" });
  });

  it("answers 404 with the not-found page the renderer made for an unknown village", async () => {
    answer = async () => ({ ...village("<h1>Page not found</h1>", {}, "Page not found — Roots"), notFound: true });
    expect(await get("/libanpedia/nowhere")).toMatchObject({ status: 404, root: "<h1>Page not found</h1>" });
  });

  it("sends the frame (the browser renders the page) when the render fails, and the frame's title when the page gave none", async () => {
    answer = async () => {
      throw new Error("the GraphQL answer had errors");
    };
    expect(await get("/libanpedia/zahle", { "accept-language": "en" })).toMatchObject({ status: 200, title: "Roots en", root: "frame" });
    answer = async () => village("<p>untitled</p>", {}, null);
    expect(await get("/libanpedia/zahle", { "accept-language": "en" })).toMatchObject({ title: "Roots en", root: "<p>untitled</p>" });
  });

  it(
    "does not wait for a render slower than the limit",
    async () => {
      answer = () => new Promise((resolve) => setTimeout(() => resolve(village("<p>late</p>")), RENDER_TIMEOUT_MS + 300));
      expect(await get("/libanpedia/zahle")).toMatchObject({ status: 200, root: "frame" });
    },
    RENDER_TIMEOUT_MS + 5000,
  );

  it("renders only the pages the build lists, never the others", async () => {
    asked.length = 0;
    answer = async () => village("<p>rendered</p>");
    expect(await get("/villages")).toMatchObject({ status: 200, root: "frame" });
    expect(await get("/libanpedia/zahle/more")).toMatchObject({ status: 404, root: "frame" });
    expect(asked).toEqual([]);
  });

  it("sends a page rendered a moment ago again, renders it once for readers who ask at the same time, and keeps no failure", async () => {
    asked.length = 0;
    answer = async () => {
      await sleep(50);
      return village("<p>once</p>");
    };
    const together = await Promise.all([get("/libanpedia/kept"), get("/libanpedia/kept"), get("/libanpedia/kept")]);
    expect(together.map((r) => r.root)).toEqual(["<p>once</p>", "<p>once</p>", "<p>once</p>"]);
    expect((await get("/libanpedia/kept")).root).toBe("<p>once</p>");
    expect(asked).toEqual(["/libanpedia/kept ar"]);
    // Per address and language.
    await get("/libanpedia/kept", { "accept-language": "en" });
    expect(asked).toHaveLength(2);
    await sleep(KEEP_MS + 50);
    answer = async () => village("<p>anew</p>");
    expect((await get("/libanpedia/kept")).root).toBe("<p>anew</p>");
    expect(asked).toHaveLength(3);

    answer = async () => {
      throw new Error("down for a moment");
    };
    expect((await get("/libanpedia/failing")).root).toBe("frame");
    answer = async () => village("<p>back</p>");
    expect((await get("/libanpedia/failing")).root).toBe("<p>back</p>");
  });

  it("renders a member's page for them alone: never kept or shared, and kept by no cache", async () => {
    asked.length = 0;
    let n = 0;
    answer = async () => ({ ...village(`<p>yours ${++n}</p>`, { viewer: "member-1" }), member: true });
    const member = { cookie: "roots_page=token-of-member-1" };
    const first = await fetch(base + "/libanpedia/mine", { headers: { accept: "text/html", ...member } });
    expect(first.headers.get("cache-control")).toBe("private, no-store");
    expect(await first.text()).toContain("<p>yours 1</p>");
    expect((await get("/libanpedia/mine", member)).root).toBe("<p>yours 2</p>");
    // A visitor is rendered their own page, and a member is not sent the visitor's kept one.
    answer = async () => village("<p>a visitor's</p>");
    const visitor = await fetch(base + "/libanpedia/mine", { headers: { accept: "text/html" } });
    expect(visitor.headers.get("cache-control")).toBe("no-cache");
    expect(await visitor.text()).toContain("<p>a visitor's</p>");
    answer = async () => ({ ...village("<p>yours 3</p>"), member: true });
    expect((await get("/libanpedia/mine", member)).root).toBe("<p>yours 3</p>");
    expect(asked).toHaveLength(4);
  });

  it("sends the frame when the page is not rendered for this reader, or is not found for a page cookie that names no one", async () => {
    answer = async () => null; // a member's page (/roots), asked for by a visitor
    expect(await get("/libanpedia/members-only")).toMatchObject({ status: 200, root: "frame" });
    // An expired page cookie: rendered as for a visitor, whose "not found" may be the member's own
    // private record; the browser, which knows who is signed in, renders the page.
    answer = async () => ({ ...village("<h1>Page not found</h1>"), notFound: true });
    expect(await get("/libanpedia/private", { cookie: "roots_page=expired-token" })).toMatchObject({ status: 200, root: "frame" });
    expect(await get("/libanpedia/private")).toMatchObject({ status: 404, root: "<h1>Page not found</h1>" });
  });
});
