import { languageInfo, type LanguageCode } from "../i18n/languages";

/** Dates in the reader's language (Arabic: Latin digits, Levantine month names). */
export function formatDate(value: Date | string, lang: LanguageCode, options: Intl.DateTimeFormatOptions = { dateStyle: "long" }): string {
  const date = typeof value === "string" ? new Date(value) : value;
  return new Intl.DateTimeFormat(languageInfo(lang).locale, options).format(date);
}

export function formatDateTime(value: Date | string, lang: LanguageCode): string {
  return formatDate(value, lang, { dateStyle: "medium", timeStyle: "short" });
}

export function formatNumber(value: number, lang: LanguageCode, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(languageInfo(lang).locale, options).format(value);
}
