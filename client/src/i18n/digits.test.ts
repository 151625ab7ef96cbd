import { afterEach, beforeAll, describe, expect, it } from "vitest";
import i18next from "i18next";
import { changeDigits, changeLanguage, initI18n } from ".";
import { parseTranslations } from "./csv";
import csvText from "./translations.csv?raw";
import { digitStyle, localeFor, savedDigitStyle } from "./digits";
import { formatDate, formatNumber } from "../lib/format";
import { dateInWords } from "../lib/dateText";

beforeAll(async () => {
  await initI18n(parseTranslations(csvText));
});
afterEach(async () => {
  changeDigits("latn");
  await changeLanguage("en");
});

const march1890 = new Date(Date.UTC(1890, 2, 12));

describe("the digits of Arabic pages", () => {
  it("are Latin by default, with a point for thousands (ar-LB-u-nu-latn)", () => {
    expect(digitStyle()).toBe("latn");
    expect(localeFor("ar")).toBe("ar-LB-u-nu-latn");
    expect(formatNumber(1234567, "ar")).toBe("1.234.567");
    expect(formatDate(march1890, "ar", { dateStyle: "long", timeZone: "UTC" })).toBe("12 آذار 1890");
  });

  it("are Arabic-Indic once the reader chooses them, saved in this browser; English and French keep Latin ones", () => {
    changeDigits("arab");
    expect(savedDigitStyle()).toBe("arab");
    expect(formatNumber(1948, "ar")).toBe("١٬٩٤٨");
    expect(formatDate(march1890, "ar", { dateStyle: "long", timeZone: "UTC" })).toBe("١٢ آذار ١٨٩٠");
    expect(formatNumber(1948, "en")).toBe("1,948");
    expect(formatNumber(1948, "fr")).toMatch(/^1\s948$/);
  });

  it("reach what is written without Intl: a date in words, and a plain number in a translation", async () => {
    await changeLanguage("ar");
    changeDigits("arab");
    const t = i18next.getFixedT("ar");
    expect(dateInWords("ABT 1890", "ar", t)).toContain("١٨٩٠");
    expect(dateInWords("12 MAR 1890", "ar", t)).toContain("١٢ آذار ١٨٩٠");
    // A number given to a translation (`{{n}}`); text keeps its own digits.
    expect(t("ingestion.mapping.untitled", { n: 3 })).toBe("العمود \u2068٣\u2069");
    expect(t("ingestion.mapping.untitled", { n: "Zone 3" })).toBe("العمود \u2068Zone 3\u2069");
    changeDigits("latn");
    expect(dateInWords("ABT 1890", "ar", t)).toContain("1890");
  });
});
