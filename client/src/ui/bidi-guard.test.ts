import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = join(__dirname, "..");
/** Areas whose drawing others own for now (charts, home); the rest of the pages are checked. */
const SKIP = ["features/people/chart", "features/home"];

function tsxFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return tsxFiles(path);
    return name.endsWith(".tsx") && !name.endsWith(".test.tsx") ? [path] : [];
  });
}

/** A block (heading, paragraph, list item, cell…) given its own direction: it aligns to the far side of an Arabic page. (A <pre> of mail text or a stack trace keeps its own.) */
const BLOCK_WITH_DIR = /<(h[1-6]|p|div|li|dd|dt|td|th|section|article|ul|ol)\b[^>]*\sdir="(ltr|auto)"/g;

describe("mixed-direction text", () => {
  it("no page block sets dir itself: values are isolated with <bdi>, LtrValue or BidiText, so they sit beside their labels in Arabic", () => {
    const offenders = tsxFiles(join(SRC, "features"))
      .filter((f) => !SKIP.some((s) => relative(SRC, f).startsWith(s)))
      .flatMap((f) => [...readFileSync(f, "utf8").matchAll(BLOCK_WITH_DIR)].map((m) => `${relative(SRC, f)}: ${m[0]}`));
    expect(offenders).toEqual([]);
  });
});
