import { storage } from "../lib/storage";
import { toArabicIndicDigits } from "../lib/digits";
import { languageInfo, type LanguageCode } from "./languages";

/**
 * The digits Arabic pages write numbers with, the reader's choice (decisions.md): `latn` (0123,
 * the default: `ar-LB-u-nu-latn`) or `arab` (٠١٢٣). Kept in this browser beside the language, and
 * in a member's profile (settings). English and French pages always write Latin digits.
 */
export const DIGIT_STYLES = ["latn", "arab"] as const;
export type DigitStyle = (typeof DIGIT_STYLES)[number];
export const DEFAULT_DIGITS: DigitStyle = "latn";

const DIGITS_KEY = "digits";

export const isDigitStyle = (v: unknown): v is DigitStyle => DIGIT_STYLES.includes(v as DigitStyle);

// Read once, when first asked (the build's first screens and the server's renders run without storage: Latin).
let chosen: DigitStyle | undefined;
const listeners = new Set<() => void>();

/** The reader's saved choice, or null when they never chose. */
export const savedDigitStyle = (): DigitStyle | null => {
  const saved = typeof localStorage === "undefined" ? null : storage.get<string>(DIGITS_KEY);
  return isDigitStyle(saved) ? saved : null;
};

/** The digits in use on Arabic pages. */
export const digitStyle = (): DigitStyle => (chosen ??= savedDigitStyle() ?? DEFAULT_DIGITS);

/** Saves a choice and tells who listens (i18n/index.ts renders the page again). */
export function setDigitStyle(style: DigitStyle): void {
  const changed = style !== digitStyle();
  chosen = style;
  storage.set(DIGITS_KEY, style);
  if (changed) listeners.forEach((fn) => fn());
}

export function onDigitStyleChange(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** The Intl locale numbers and dates are written with: the language's, with the reader's digits in Arabic. */
export const localeFor = (lang: LanguageCode): string => {
  const locale = languageInfo(lang).locale;
  return lang === "ar" && digitStyle() === "arab" ? locale.replace(/-u-nu-latn$/, "-u-nu-arab") : locale;
};

/** Text made without Intl (a year, a day number) in the reader's digits: Arabic-Indic on an Arabic page when chosen. */
export const inReadersDigits = (text: string, lang: LanguageCode): string =>
  lang === "ar" && digitStyle() === "arab" ? toArabicIndicDigits(text) : text;
