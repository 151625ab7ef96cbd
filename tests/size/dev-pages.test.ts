import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "@jest/globals";

const DIST = "client/dist";

describe("production client build", () => {
  it("leaves out the development-only component page (/dev/components)", () => {
    // The test command builds the client first; run `npm run build -w client` when running this alone.
    expect(existsSync(`${DIST}/.vite/manifest.json`)).toBe(true);
    const manifest = readFileSync(`${DIST}/.vite/manifest.json`, "utf8");
    expect(manifest).not.toContain("ComponentsPage");
    const built = readdirSync(join(DIST, "assets")).filter((f) => /\.(js|css)$/.test(f));
    expect(built.length).toBeGreaterThan(0);
    for (const file of built) {
      const text = readFileSync(join(DIST, "assets", file), "utf8");
      expect({ file, hasPage: text.includes("dev-components") }).toEqual({ file, hasPage: false });
    }
  });
});
