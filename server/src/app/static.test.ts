import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import express from "express";
import { clientRouteMatcher, clientRouter } from "./static.js";

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

describe("serving the built client", () => {
  let dir: string;
  let base: string;
  let close: () => void;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "roots-client-"));
    writeFileSync(join(dir, "index.html"), "<!doctype html><title>app</title>");
    writeFileSync(join(dir, "routes.json"), JSON.stringify({ routes: ["/", "/villages", "/libanpedia/:villageId"] }));
    const app = express();
    app.use(clientRouter(dir)!);
    const server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => {
    close();
    rmSync(dir, { recursive: true, force: true });
  });

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
