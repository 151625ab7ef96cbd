import { existsSync } from "node:fs";
import { describe, expect, it } from "@jest/globals";
import { initialJavaScript } from "./bundle-size.js";

const DIST = "client/dist";
const BUDGET_BYTES = 150 * 1024;

describe("landing route bundle", () => {
  it("downloads at most 150 KB of gzipped JavaScript before it can render", () => {
    // The test command builds the client first; run `npm run build -w client` when running this alone.
    expect(existsSync(`${DIST}/.vite/manifest.json`)).toBe(true);
    const { files, gzipBytes } = initialJavaScript(DIST, "src/features/home/pages/HomePage.tsx");
    expect(files.length).toBeGreaterThan(1);
    expect(gzipBytes).toBeLessThanOrEqual(BUDGET_BYTES);
  });
});
