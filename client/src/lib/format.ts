import { localeFor } from "../i18n/digits";
import type { LanguageCode } from "../i18n/languages";
import { dateTimeFormat, numberFormat } from "./intl";

/** Dates in the reader's language (Arabic: Levantine month names, Latin digits unless the reader chose Arabic-Indic ones). */
export function formatDate(value: Date | string, lang: LanguageCode, options: Intl.DateTimeFormatOptions = { dateStyle: "long" }): string {
  const date = typeof value === "string" ? new Date(value) : value;
  return dateTimeFormat(localeFor(lang), options).format(date);
}

/** A date and time; the time keeps its "PM" or "م" on its line (on a phone, "م" wrapped alone). */
export function formatDateTime(value: Date | string, lang: LanguageCode): string {
  return formatDate(value, lang, { dateStyle: "medium", timeStyle: "short" }).replace(/(\d)\s(?=[^\s\d]+$)/u, "$1\u00a0");
}

/** A number in the reader's language and digits. */
export function formatNumber(value: number, lang: LanguageCode, options?: Intl.NumberFormatOptions): string {
  return numberFormat(localeFor(lang), options).format(value);
}

/** A size in bytes as the reader's language writes it, in words: "350 megabytes", "2.1 غيغابايت". */
export function formatBytes(bytes: number, lang: LanguageCode): string {
  const [value, unit] = bytes >= 1e9 ? [bytes / 1e9, "gigabyte"] : bytes >= 1e6 ? [bytes / 1e6, "megabyte"] : [bytes / 1e3, "kilobyte"];
  return formatNumber(value, lang, { style: "unit", unit, unitDisplay: "long", maximumFractionDigits: value < 10 ? 1 : 0 });
}
