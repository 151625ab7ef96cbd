import { describe, expect, it } from "vitest";
import { parseTranslations } from "./csv";
import csvText from "./translations.csv?raw";

/** The client's own source, read as text (tests and generated code excluded). */
const sources = import.meta.glob<string>(["../**/*.{ts,tsx}", "!../**/*.test.{ts,tsx}", "!../gql/**", "!../**/generated.ts"], {
  query: "?raw",
  import: "default",
  eager: true,
});

describe("translation keys", () => {
  it("every key the client uses is translated", () => {
    const known = new Set(Object.keys(parseTranslations(csvText).en.translation));
    const used = new Set<string>();
    for (const text of Object.values(sources)) {
      for (const m of text.matchAll(/\bt\(\s*"([a-z_.]+)"/g)) used.add(m[1]);
      for (const m of text.matchAll(/labelKey:\s*"([a-z_.]+)"/g)) used.add(m[1]);
    }
    expect(used.size).toBeGreaterThan(20);
    const missing = [...used].filter((k) => !known.has(k) && !known.has(`${k}_one`));
    expect(missing).toEqual([]);
  });
});
