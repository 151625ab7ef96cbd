import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ARABIC_TEXT, arabicCharacters } from "./arabic-subset";

const read = (path: string) => readFileSync(fileURLToPath(new URL(path, import.meta.url)), "utf8");
const arabicIn = (text: string) => [...new Set(text.match(/[\u0600-\u06ff\u0750-\u077f\u0870-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/gu) ?? [])];

describe("the Arabic faces' subset", () => {
  it("keeps every Arabic character of the villages' names (the gazetteer), though the build does not read it", () => {
    const missing = arabicIn(read("../../../../server/seed-data/villages/lb-localities.csv")).filter((c) => !ARABIC_TEXT.includes(c));
    expect(missing).toEqual([]);
  });

  it("keeps every Arabic character of the translations, and any rarer one they come to use", () => {
    const translations = read("../../i18n/translations.csv");
    const kept = arabicCharacters(translations);
    expect(arabicIn(translations).filter((c) => !kept.includes(c))).toEqual([]);
    expect(arabicCharacters("ﷺ ۝")).toContain("ﷺ");
    // The letters, vowel marks, digits and punctuation; not the Qur'anic marks or the African letters.
    for (const c of "ءابتثجحخدذرزسشصضطظعغفقكلمنهوي ًٌٍَُِّْ ٠١٢٣٤٥٦٧٨٩ ،؛؟ پچژڤکگی".replace(/ /g, "")) expect(kept).toContain(c);
    expect(kept).not.toContain("\u06d6");
    expect(kept).not.toContain("\u0753");
  });
});
