import type { LanguageCode } from "../../i18n/languages";
import { formatNumber } from "../../lib/format";

/** How long a role is granted for, in months: 0 is until it is revoked. */
export const TERMS = [0, 1, 3, 6, 12, 24] as const;

/**
 * The end of the day `months` from `from`, on the same day of the month where that month has it
 * (a month from 31 January is the end of February).
 */
export function termEnd(months: number, from: Date): Date {
  const end = new Date(from.getFullYear(), from.getMonth() + months + 1, 0, 23, 59, 59);
  end.setDate(Math.min(from.getDate(), end.getDate()));
  return end;
}

/** A term in the reader's words, by the language's own plural rules: "3 months", "سنتان", "1 an". */
export const termText = (months: number, lang: LanguageCode) =>
  months % 12 === 0
    ? formatNumber(months / 12, lang, { style: "unit", unit: "year", unitDisplay: "long" })
    : formatNumber(months, lang, { style: "unit", unit: "month", unitDisplay: "long" });
