import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { formatDate, formatNumber } from "../lib/format";
import { parseTranslations } from "./csv";
import { changeLanguage, initI18n } from "./index";
import { detectLanguage } from "./languages";
import { runtimeKey } from "./typed";
import csvText from "./translations.csv?raw";

const strip = (s: string) => s.replace(/[\u2068\u2069]/g, "");

beforeAll(async () => {
  await initI18n(parseTranslations(csvText));
});

describe("first-visit language (decisions.md)", () => {
  it("saved choice, then browser language, then Arabic", () => {
    expect(detectLanguage("fr", ["en-US"])).toBe("fr");
    expect(detectLanguage("xx", ["de-DE", "en-GB"])).toBe("en");
    expect(detectLanguage(null, ["fr-CA"])).toBe("fr");
    expect(detectLanguage(null, ["de-DE", "it"])).toBe("ar");
    expect(detectLanguage(undefined, [])).toBe("ar");
  });
});

describe("translations", () => {
  it("every key has English, Arabic and French text", () => {
    const res = parseTranslations(csvText);
    const keys = Object.keys(res.en.translation);
    expect(keys.length).toBeGreaterThan(50);
    for (const lang of ["ar", "fr"] as const) expect(keys.filter((k) => !res[lang].translation[k])).toEqual([]);
  });

  it("a missing key shows the key itself", () => {
    expect(i18next.t(runtimeKey("no.such.key"))).toBe("no.such.key");
  });

  it("Arabic falls back to English for a key that failed to load", async () => {
    const res = parseTranslations("key,label,en,ar,fr\nonly.en,x,English only,,\n");
    const inst = i18next.createInstance();
    await inst.init({ resources: res, lng: "ar", fallbackLng: "en", keySeparator: false });
    expect(inst.t(runtimeKey("only.en"))).toBe("English only");
  });

  it("switching language updates <html lang dir> and is saved", async () => {
    await changeLanguage("ar");
    expect(document.documentElement).toMatchObject({ lang: "ar", dir: "rtl" });
    await changeLanguage("en");
    expect(document.documentElement).toMatchObject({ lang: "en", dir: "ltr" });
    expect(JSON.parse(localStorage.getItem("roots:language")!).data).toBe("en");
  });

  it("the page's description (what search results show) follows the language", async () => {
    const meta = document.head.appendChild(Object.assign(document.createElement("meta"), { name: "description", content: "" }));
    await changeLanguage("fr");
    expect(meta.content).toMatch(/^Retrouvez le village de votre famille au Liban/);
    await changeLanguage("ar");
    expect(meta.content).toMatch(/^اعثر على قرية عائلتك في لبنان/);
    meta.remove();
  });

  it("uses all six Arabic plural forms", async () => {
    await changeLanguage("ar");
    const forms = [0, 1, 2, 3, 11, 100].map((count) => strip(i18next.t("rootspace.count", { count })));
    expect(forms).toEqual(["لا توجد مساحات", "مساحة واحدة", "مساحتان", "3 مساحات", "11 مساحة", "100 مساحة"]);
    await changeLanguage("en");
    expect(strip(i18next.t("rootspace.count", { count: 1 }))).toBe("1 rootspace");
    expect(strip(i18next.t("rootspace.count", { count: 2 }))).toBe("2 rootspaces");
  });

  it("writes counts as the reader's language writes numbers, choosing the plural form by the count", async () => {
    await changeLanguage("ar");
    expect(strip(i18next.t("ingestion.confirm", { count: 20000 }))).toBe("استيراد 20.000 شخص");
    expect(strip(i18next.t("ingestion.progress.writing", { written: 12500, total: 49998 }))).toContain("12.500 من 49.998");
    await changeLanguage("fr");
    expect(strip(i18next.t("ingestion.confirm", { count: 20000 }))).toBe("Importer 20\u202f000 personnes");
    await changeLanguage("en");
    expect(strip(i18next.t("ingestion.confirm", { count: 20000 }))).toBe("Import 20,000 people");
    expect(strip(i18next.t("ingestion.confirm", { count: 1 }))).toBe("Import 1 person");
  });

  it("bidi-isolates interpolated names inside sentences", async () => {
    await changeLanguage("ar");
    expect(i18next.t("home.rootspace_intro", { name: "Lebanon" })).toContain("\u2068Lebanon\u2069");
  });
});

describe("formatting with Intl", () => {
  it("Arabic dates use Latin digits and Levantine month names", () => {
    const d = new Date("2026-01-15T12:00:00Z");
    const ar = formatDate(d, "ar");
    expect(ar).toContain("كانون الثاني");
    expect(ar).toContain("2026");
    expect(formatDate(d, "fr")).toBe("15 janvier 2026");
    expect(formatDate(d, "en")).toBe("15 January 2026");
  });

  it("numbers follow the reader's language", () => {
    expect(formatNumber(14000000, "en")).toBe("14,000,000");
    expect(formatNumber(14000000, "ar")).toMatch(/^14.000.000$/);
    expect(formatNumber(1234.5, "fr")).toMatch(/^1\s234,5$/);
  });

  it("a label's colon is French in French (a non-breaking space before it)", async () => {
    await changeLanguage("fr");
    expect(i18next.t("common.colon")).toBe("\u00a0:");
    await changeLanguage("en");
    expect(i18next.t("common.colon")).toBe(":");
  });

  it("a number in a sentence is written as the page writes numbers", async () => {
    await changeLanguage("fr");
    expect(strip(i18next.t("rootspace.ballot_settings.range", { min: 1, max: 1000000 }))).toMatch(
      /^Un nombre entier de 1 à 1\s000\s000\.$/u,
    );
    await changeLanguage("en");
    expect(strip(i18next.t("rootspace.ballot_settings.range", { min: 0, max: 2160 }))).toBe("A whole number from 0 to 2,160.");
  });
});
