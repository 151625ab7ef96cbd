import { existsSync } from "node:fs";
import { describe, expect, it } from "@jest/globals";
import { initialJavaScript, landingFonts, type FontFile } from "./bundle-size.js";

const DIST = "client/dist";
const LANDING = "src/features/home/pages/HomePage.tsx";
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const total = (files: FontFile[]) => files.reduce((sum, f) => sum + f.bytes, 0);
const BUDGET_BYTES = 150 * 1024;

describe("landing route bundle", () => {
  it("downloads at most 150 KB of gzipped JavaScript before it can render", () => {
    // The test command builds the client first; run `npm run build -w client` when running this alone.
    expect(existsSync(`${DIST}/.vite/manifest.json`)).toBe(true);
    const { files, gzipBytes } = initialJavaScript(DIST, LANDING);
    console.log(`landing page: ${kb(gzipBytes)} of gzipped JavaScript in ${files.length} files (budget ${kb(BUDGET_BYTES)})`);
    expect(files.length).toBeGreaterThan(1);
    expect(gzipBytes).toBeLessThanOrEqual(BUDGET_BYTES);
  });

  it("reports its fonts apart from the JavaScript budget", () => {
    // Reported, not budgeted: which font files the first screen fetches for sure (preloaded) and
    // which it may (declared by the initial CSS and fonts.css; only the faces and scripts a page shows are fetched).
    const { preloaded, declared } = landingFonts(DIST, LANDING);
    const list = (files: FontFile[]) => files.map((f) => `\n  ${f.file.replace(/^assets\//, "")} ${kb(f.bytes)}`).join("");
    console.log(
      `landing page fonts (not counted in the JavaScript budget):\n` +
        `preloaded: ${preloaded.length} files, ${kb(total(preloaded))}${list(preloaded)}\n` +
        `declared by the initial CSS and fonts.css: ${declared.length} files, ${kb(total(declared))} (woff2 only: ${kb(total(declared.filter((f) => f.file.endsWith(".woff2"))))})${list(declared)}`,
    );
    // Every preloaded font is one the CSS declares: a preload nothing uses is a wasted download.
    expect(preloaded.filter((p) => !declared.some((d) => d.file === p.file))).toEqual([]);
    expect(declared.length).toBeGreaterThan(0);
  });

  it("ships the Arabic faces subset to the characters Arabic text uses (issue #44): each under 20 KB, not about 50", () => {
    const { declared } = landingFonts(DIST, LANDING);
    const arabic = declared.filter((f) => /arabic-arabic-\d+-normal-.*\.woff2$/.test(f.file));
    expect(arabic.map((f) => f.file.replace(/^assets\/|-[\w-]{8}\.woff2$/g, "")).sort()).toEqual([
      "noto-kufi-arabic-arabic-700-normal",
      "noto-naskh-arabic-arabic-400-normal",
      "noto-naskh-arabic-arabic-700-normal",
    ]);
    for (const f of arabic) expect([f.file, f.bytes < 20 * 1024]).toEqual([f.file, true]);
  });
});
