import type { TranslationKey } from "./translation-keys.js";
import { AsyncLocalStorage } from "node:async_hooks";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import Papa from "papaparse";

/** Languages of the product; Arabic is the default and reads right to left. */
export const LANGUAGES = ["ar", "en", "fr"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "ar";

type Catalogue = Record<Language, Map<string, string>>;

/** The same CSV the client loads (key, label, en, ar, fr): one source for every string. */
export const TRANSLATIONS_CSV = fileURLToPath(new URL("../../../client/src/i18n/translations.csv", import.meta.url));

let catalogue: Catalogue | undefined;

export function parseTranslationsCsv(text: string): Catalogue {
  const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
  const out: Catalogue = { ar: new Map(), en: new Map(), fr: new Map() };
  for (const row of parsed.data) {
    if (!row.key) continue;
    for (const lang of LANGUAGES) if (row[lang]) out[lang].set(row.key, row[lang]);
  }
  return out;
}

function load(): Catalogue {
  catalogue ??= parseTranslationsCsv(readFileSync(process.env.TRANSLATIONS_CSV ?? TRANSLATIONS_CSV, "utf8"));
  return catalogue;
}

/** Text for `key` in `lang`, falling back to English, then to the key itself. */
export function translate(key: TranslationKey, lang: Language, params: Record<string, string | number> = {}): string {
  const cat = load();
  const text = cat[lang].get(key) ?? cat.en.get(key) ?? key;
  // Most texts have no placeholder; long lists translate one per row ("Private").
  if (!text.includes("{{")) return text;
  return text.replace(/\{\{\s*(\w+)\s*(?:,\s*(\w+)\s*)?\}\}/g, (_, name: string, format?: string) => {
    const value = params[name];
    if (value === undefined) return `{{${name}}}`;
    if (typeof value !== "number") return String(value);
    if (format === "number") return new Intl.NumberFormat(NUMBER_LOCALES[lang]).format(value);
    // `{{wait, minutes}}`: a duration in whole minutes, with the language's plural ("3 دقائق", "11 دقيقة").
    if (format === "minutes")
      return new Intl.NumberFormat(NUMBER_LOCALES[lang], { style: "unit", unit: "minute", unitDisplay: "long" }).format(value);
    // `{{size, bytes}}`: a size in kB, MB or GB, as the client writes it (lib/format.ts formatBytes).
    if (format === "bytes") return formatBytes(value, lang);
    return String(value);
  });
}

/** How numbers are written (`{{count, number}}`), as the client writes them (client/src/i18n/languages.ts). */
const NUMBER_LOCALES: Record<Language, string> = { ar: "ar-LB-u-nu-latn", en: "en-GB", fr: "fr-FR" };

/** Picks the reader's language: explicit header, then Accept-Language, then the default. */
export function negotiateLanguage(explicit: string | undefined, acceptLanguage: string | undefined): Language {
  const pick = (tag: string | undefined) => LANGUAGES.find((l) => tag?.trim().toLowerCase().startsWith(l));
  const fromExplicit = pick(explicit);
  if (fromExplicit) return fromExplicit;
  const ranked = (acceptLanguage ?? "")
    .split(",")
    .map((part) => {
      const [tag, q] = part.split(";q=");
      return { tag, q: q === undefined ? 1 : Number(q) };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const lang = pick(tag);
    if (lang) return lang;
  }
  return DEFAULT_LANGUAGE;
}

/** Per-request language, so error formatting deep in Apollo knows the reader's language. */
export const requestLanguage = new AsyncLocalStorage<Language>();
export const currentLanguage = (): Language => requestLanguage.getStore() ?? DEFAULT_LANGUAGE;

/** A size in bytes in the language's words: "350 MB", "1.5 GB", "5 kB". */
export function formatBytes(bytes: number, lang: Language): string {
  const [value, unit] = bytes >= 1e9 ? [bytes / 1e9, "gigabyte"] : bytes >= 1e6 ? [bytes / 1e6, "megabyte"] : [bytes / 1e3, "kilobyte"];
  return new Intl.NumberFormat(NUMBER_LOCALES[lang], {
    style: "unit",
    unit,
    unitDisplay: "short",
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value);
}

/**
 * A key made from data the type checker cannot see (a stored warning's key, a notification's
 * kind): the one unchecked way to a key. `translate` answers the key itself when it is missing.
 */
export const runtimeKey = (key: string): TranslationKey => key as TranslationKey;
