import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parseTranslations } from "./csv";
import csvText from "./translations.csv?raw";

/** Every literal translation key in the client's source exists in the CSV. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? (e.name === "gql" ? [] : sourceFiles(join(dir, e.name))) : /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

describe("translation keys", () => {
  it("every key the client uses is translated", () => {
    const known = new Set(Object.keys(parseTranslations(csvText).en.translation));
    const used = new Set<string>();
    for (const file of sourceFiles(fileURLToPath(new URL("..", import.meta.url)))) {
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(/\bt\(\s*"([a-z_.]+)"/g)) used.add(m[1]);
      for (const m of text.matchAll(/labelKey:\s*"([a-z_.]+)"/g)) used.add(m[1]);
    }
    expect(used.size).toBeGreaterThan(20);
    const missing = [...used].filter((k) => !known.has(k) && !known.has(`${k}_one`));
    expect(missing).toEqual([]);
  });
});
