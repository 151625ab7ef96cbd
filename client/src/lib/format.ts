import { localeFor } from "../i18n/digits";
import type { LanguageCode } from "../i18n/languages";
import { toAsciiDigits } from "./digits";
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

/** Minor units (a digit string, maybe signed: `-150`) as the exact decimal string of the major unit (`-1.50`): no `Number` on the way. */
export function minorToDecimal(minor: string): string {
  if (!/^-?[0-9]+$/.test(minor)) throw new Error(`not an amount: ${minor}`);
  const negative = minor.startsWith("-");
  const digits = (negative ? minor.slice(1) : minor).padStart(3, "0");
  return `${negative ? "-" : ""}${digits.slice(0, -2).replace(/^0+(?=\d)/, "")}.${digits.slice(-2)}`;
}

/**
 * An amount of money in the reader's language: minor units as the API sends them (a digit
 * string), formatted by Intl from the decimal string itself (Intl.NumberFormat v3 formats a
 * string exactly), never through a floating-point `Number`. Arabic: `ar-LB-u-nu-latn`, Latin
 * digits with a point for thousands, as Lebanese prices are written (Arabic-Indic when chosen).
 */
export function formatMoney(minor: string, currency: string, lang: LanguageCode): string {
  const format = numberFormat(localeFor(lang), { style: "currency", currency, minimumFractionDigits: 2, maximumFractionDigits: 2 })
    .format as unknown as (value: string) => string;
  return format(minorToDecimal(minor));
}

/**
 * What a person typed as an amount ("50", "50.5", "١٢٫٥٠", "1,250.00"), as minor units (a digit
 * string: "5050"), or null when it is not a positive amount with at most two decimals.
 */
export function parseMoneyInput(text: string): string | null {
  const ascii = toAsciiDigits(text).trim().replace(/[\s,]/g, "");
  const m = /^([0-9]{1,15})(?:\.([0-9]{1,2}))?$/.exec(ascii);
  if (!m) return null;
  const minor = `${m[1]}${(m[2] ?? "").padEnd(2, "0")}`.replace(/^0+(?=\d)/, "");
  return minor === "0" ? null : minor;
}
