import { beforeAll, describe, expect, it } from "vitest";
import i18next from "i18next";
import { changeLanguage, initI18n } from "../i18n";
import { parseTranslations } from "../i18n/csv";
import csvText from "../i18n/translations.csv?raw";
import { dateInWords } from "./dateText";

beforeAll(async () => {
  await initI18n(parseTranslations(csvText));
});

/** Without the bidi isolates i18next puts around every value, and with plain spaces. */
const words = async (text: string, lang: "ar" | "en" | "fr") => {
  await changeLanguage(lang);
  return (
    dateInWords(text, lang, i18next.t)
      ?.replace(/[\u2068\u2069\u2060]/g, "")
      .replace(/\u00a0/g, " ") ?? null
  );
};

describe("dateInWords", () => {
  it("says a date in Arabic, with Levantine month names, however it was typed", async () => {
    expect(await words("12 MAR 1890", "ar")).toBe("12 آذار 1890");
    expect(await words("ABT 1890", "ar")).toBe("حوالي سنة 1890");
    expect(await words("حوالي ١٨٩٠", "ar")).toBe("حوالي سنة 1890");
    expect(await words("1890 تقريباً", "ar")).toBe("حوالي سنة 1890");
    expect(await words("bef oct 1922", "ar")).toBe("قبل تشرين الأول 1922");
    expect(await words("BET 1880 AND 1885", "ar")).toBe("بين 1880 و1885");
    expect(await words("12 March 1890", "ar")).toBe("12 آذار 1890");
  });

  it("and in French, with its articles and contractions", async () => {
    expect(await words("AFT 02 JAN 1900", "fr")).toBe("après le 2 janvier 1900");
    expect(await words("1 MAR 1890", "fr")).toBe("1er mars 1890");
    expect(await words("FROM 1880 TO 1885", "fr")).toBe("de 1880 à 1885");
    expect(await words("FROM 12 MAR 1880 TO 1 APR 1885", "fr")).toBe("du 12 mars 1880 au 1er avril 1885");
    expect(await words("TO 12 MAR 1890", "fr")).toBe("jusqu'au 12 mars 1890");
    expect(await words("BET MAR 1880 AND 1885", "fr")).toBe("entre mars 1880 et 1885");
    expect(await words("حوالي ١٨٩٠", "fr")).toBe("vers 1890");
  });

  it("and in English", async () => {
    expect(await words("ABT 1890", "en")).toBe("about 1890");
    expect(await words("حوالي ١٨٩٠", "en")).toBe("about 1890");
    expect(await words("12 MAR 1890", "en")).toBe("12 March 1890");
  });

  it("gives a Hijri date with the Gregorian days it falls on", async () => {
    expect(await words("12 رجب 1310 هـ", "ar")).toBe("12 رجب 1310 هـ (الموافق 30 كانون الثاني 1893 م)");
    expect(await words("12 رجب 1310 هـ", "en")).toBe("12 Rajab 1310 AH (30 January 1893)");
    expect(await words("١٣١٠ هـ", "en")).toMatch(/^1310 AH \(1892\s?–\s?1893\)$/);
    expect(await words("حوالي 1310 هـ", "fr")).toMatch(/^vers 1310 de l'hégire \(1892\s?–\s?1893\)$/);
  });

  it("says a Julian date's calendar, and leaves what it cannot read as written", async () => {
    expect(await words("JULIAN 5 OCT 1582", "en")).toBe("5 October 1582 (Julian calendar)");
    expect(await words("INT 1890 (as the record says)", "fr")).toBe("1890");
    expect(await words("1890/91", "ar")).toBe("1890/91");
    expect(await words("the 1890s", "en")).toBeNull();
  });
});
