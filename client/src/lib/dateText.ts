import type { TFunction } from "i18next";
import { inReadersDigits, localeFor } from "../i18n/digits";
import type { LanguageCode } from "../i18n/languages";
import { parseGenealogicalDate, type DatePoint, type GenealogicalDate } from "./dates";
import { formatDate } from "./format";
import { dateTimeFormat } from "./intl";

const UTC = { timeZone: "UTC" } as const;
const day = (iso: string) => new Date(`${iso}T12:00:00Z`);

/** A Hijri month's name in the reader's language (Intl's tabular Islamic calendar, as the parser converts). */
const hijriMonth = (p: DatePoint, lang: LanguageCode) =>
  dateTimeFormat(localeFor(lang), { ...UTC, calendar: "islamic-civil", month: "long" }).format(day(p.from));

/** Kept on one line: a range broken at its dash reads backwards in a right-to-left sentence. */
const unbroken = (s: string) => s.replace(/ /g, "\u00a0").replace(/\s*–\s*/g, "\u2060–\u2060");

/** The Gregorian days a Hijri date falls on: a day, a span of days (a month) or of years. */
function gregorianEquivalent(p: DatePoint, lang: LanguageCode): string {
  const locale = localeFor(lang);
  if (p.day !== undefined) return formatDate(day(p.from), lang, { ...UTC, day: "numeric", month: "long", year: "numeric" });
  const options: Intl.DateTimeFormatOptions =
    p.month !== undefined ? { ...UTC, day: "numeric", month: "long", year: "numeric" } : { ...UTC, year: "numeric" };
  return dateTimeFormat(locale, options).formatRange(day(p.from), day(p.to));
}

/**
 * One date in words: "12 آذار 1890", "1er mars 1890", "12 رجب 1310 هـ (الموافق 30 كانون الثاني 1893)".
 * In a phrase, French puts "le" before a day ("avant le 2 mars 1890"), and Arabic "سنة" before a
 * lone year after a single-date qualifier ("حوالي سنة 1890", but "بين 1880 و1885").
 */
function pointInWords(p: DatePoint, lang: LanguageCode, t: TFunction, inPhrase: boolean, yearWord = inPhrase): string {
  const d = p.day === undefined ? null : lang === "fr" && p.day === 1 ? "1er" : inReadersDigits(String(p.day), lang);
  const year = inReadersDigits(p.dualYear !== undefined ? `${p.year}/${String(p.dualYear).slice(-2)}` : String(p.year), lang);
  const month =
    p.month === undefined
      ? null
      : p.calendar === "hijri"
        ? hijriMonth(p, lang)
        : formatDate(new Date(Date.UTC(2000, p.month - 1, 1)), lang, { ...UTC, month: "long" });
  const lone = !d && !month && yearWord && p.calendar !== "hijri";
  const words = lone
    ? t("date.year_in_phrase", { year })
    : [lang === "fr" && d && inPhrase ? "le" : null, d, month, year].filter(Boolean).join(" ");
  if (p.calendar === "julian") return t("date.julian", { date: words });
  if (p.calendar !== "hijri") return words;
  return t("date.hijri", { date: words, gregorian: unbroken(gregorianEquivalent(p, lang)) });
}

/** French contractions across a phrase and its date: "de le 2 mars" → "du 2 mars", "jusqu'à le" → "jusqu'au". */
const contract = (text: string, lang: LanguageCode) =>
  lang === "fr"
    ? text.replace(
        /(^|[\s'’])(de|à) (\u2068?)le /g,
        (_m, before: string, word: string, isolate: string) => `${before}${word === "de" ? "du" : "au"} ${isolate}`,
      )
    : text;

/** A date the parser read, in the reader's words: "about 1890", "حوالي سنة 1890", "entre 1880 et 1885". */
export function readingInWords(d: GenealogicalDate, lang: LanguageCode, t: TFunction): string {
  const p = (point: DatePoint) => pointInWords(point, lang, t, true);
  const r = (point: DatePoint) => pointInWords(point, lang, t, true, false);
  switch (d.form) {
    case "exact":
      return pointInWords(d.start, lang, t, false);
    case "between":
      return contract(t("date.between", { from: r(d.start), to: r(d.end!) }), lang);
    case "from_to":
      return contract(t("date.from_to", { from: r(d.start), to: r(d.end!) }), lang);
    default:
      return contract(t(`date.${d.form}`, { date: p(d.start) }), lang);
  }
}

/**
 * A genealogical date as typed or as records give it ("حوالي ١٨٩٠", "ABT 1890", "12 MAR 1890",
 * "_HIJRI 12 _RAJAB 1310") in the reader's words; null when it cannot be read (then shown as written).
 */
export function dateInWords(text: string, lang: LanguageCode, t: TFunction): string | null {
  const d = parseGenealogicalDate(text);
  return d && readingInWords(d, lang, t);
}
