import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** `npm start` rebuilds a build only when its inputs changed (scripts/build-cache.mjs), in a scratch tree. */
const { fingerprint, isFresh, markBuilt } = (await import(new URL("../../scripts/build-cache.mjs", import.meta.url).href)) as {
  fingerprint(name: string): string;
  isFresh(name: string, print?: string): boolean;
  markBuilt(name: string, print: string): void;
};

const home = process.cwd();
let dir: string;
const write = (rel: string, text: string) => {
  mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  writeFileSync(path.join(dir, rel), text);
};

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "roots-build-cache-"));
  for (const f of ["package.json", "package-lock.json", "tsconfig.json", "client/package.json", "client/index.html"]) write(f, "{}");
  write("client/src/main.tsx", "export const a = 1;\n");
  write("client/src/main.test.tsx", "test\n");
  process.chdir(dir);
});
afterAll(() => process.chdir(home));

describe("the build cache", () => {
  it("is stale without an output, fresh once built, stale again when a source or a VITE_ variable changes", () => {
    const first = fingerprint("client");
    expect(isFresh("client", first)).toBe(false);
    write("client/dist/index.html", "<html></html>");
    markBuilt("client", first);
    // The client build writes the server's page renderer last: without it the build is not done.
    expect(isFresh("client")).toBe(false);
    write("client/dist/.server/server-render.js", "export {};\n");
    expect(isFresh("client")).toBe(true);
    // A test file is not a build input.
    write("client/src/main.test.tsx", "changed\n");
    expect(isFresh("client")).toBe(true);
    write("client/src/main.tsx", "export const a = 2;\n");
    expect(isFresh("client")).toBe(false);
    markBuilt("client", fingerprint("client"));
    process.env.VITE_PRODUCT_DOMAIN = "roots.example";
    try {
      expect(isFresh("client")).toBe(false);
    } finally {
      delete process.env.VITE_PRODUCT_DOMAIN;
    }
    expect(isFresh("client")).toBe(true);
  });
});
