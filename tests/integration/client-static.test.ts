import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { request } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { startTestServer, type TestServer } from "../support/server.js";

/** The built client as the server sends it: compressed (brotli or gzip) for a browser that accepts it, plain to one that does not. */
let server: TestServer;
let dist: string;
const script = `export const villages = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ slug: `village-${i}`, name: `Village ${i}` })))};\n`;

/** A raw GET (fetch would unzip the body and hide how it travelled). */
function get(
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url.replace(/\/graphql$/, "")}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), "roots-dist-"));
  mkdirSync(join(dist, "assets"));
  writeFileSync(
    join(dist, "index.html"),
    `<!doctype html><html lang="ar" dir="rtl"><head><title>Roots</title></head><body><div id="root"></div>${"<!-- padding -->".repeat(100)}</body></html>`,
  );
  writeFileSync(join(dist, "assets", "villages-abc123.js"), script);
  server = await startTestServer({ CLIENT_DIST: dist });
});

afterAll(async () => {
  await server.stop();
  rmSync(dist, { recursive: true, force: true });
});

describe("the client's files go compressed", () => {
  it("go in brotli to a browser that accepts it (as browsers do), still cached for a year", async () => {
    const res = await get("/assets/villages-abc123.js", { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["cache-control"]).toMatch(/immutable/);
    expect(brotliDecompressSync(res.body).toString()).toBe(script);
    expect(res.body.length).toBeLessThan(script.length / 4);
  });

  it("gzipped to one that accepts only gzip", async () => {
    const res = await get("/assets/villages-abc123.js", { "accept-encoding": "gzip" });
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(res.body).toString()).toBe(script);
  });

  it("the page itself too", async () => {
    const res = await get("/", { accept: "text/html", "accept-encoding": "gzip" });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(res.body).toString()).toContain('<div id="root">');
  });

  it("plain to a client that accepts no compression", async () => {
    const res = await get("/assets/villages-abc123.js", {});
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.body.toString()).toBe(script);
  });
});
