import { CalendarDate, GregorianCalendar, IslamicCivilCalendar, toCalendar } from "@internationalized/date";
import type { DateCalendar } from "./date-words.js";

/** Days as ISO text (yyyy-mm-dd, proleptic Gregorian): what dates are sorted and compared by. */
export interface DayRange {
  from: string;
  to: string;
}

const pad = (n: number, w = 2) => String(n).padStart(w, "0");
const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
const iso = (y: number, m: number, d: number) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;

/**
 * The Hijri calendar as the tabular (arithmetic) Islamic calendar, IslamicCivilCalendar, rather
 * than Umm al-Qura: Umm al-Qura is a modern Saudi table that only covers 1300–1600 AH (1882–2174)
 * and falls back to the tabular rule before it, so Ottoman-era records of Lebanon (most of the
 * Hijri dates families hold) would be converted by a different rule than later ones. The tabular
 * calendar is one rule for every year, the one genealogy programs use (webtrees' @#DHIJRI@ among
 * them), so an exchanged file converts the same on both sides; a record's own day may differ by
 * one or two, since the month began when the moon was seen.
 */
const hijri = new IslamicCivilCalendar();
const gregorian = new GregorianCalendar();

const fromHijri = (y: number, m: number, d: number): string => toCalendar(new CalendarDate(hijri, y, m, d), gregorian).toString();

/** A Julian calendar day as the Gregorian day it was (10 days apart in 1582, 13 since 1900). */
function julianToGregorian(day: string): string {
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7));
  // The calendars drift apart on 29 February of Julian-only leap years (centuries).
  const century = m <= 2 ? y - 1 : y;
  const offset = Math.floor(century / 100) - Math.floor(century / 400) - 2;
  const d = new Date(Date.UTC(y, m - 1, Number(day.slice(8, 10)) + offset));
  return d.getUTCFullYear() < 1 || d.getUTCFullYear() > 9999 ? day : d.toISOString().slice(0, 10);
}

/** The last day of a Hijri month (29 or 30 in the tabular calendar). */
const hijriMonthDays = (y: number, m: number) => hijri.getDaysInMonth(new CalendarDate(hijri, y, m, 1));

/**
 * The Gregorian days a year, month or day of a calendar means, or null when it is not a day of
 * that calendar (13th month, 31 February, 30 Safar in a year where it has 29 days).
 */
export function dayRange(calendar: DateCalendar, y: number, mo?: number, d?: number): DayRange | null {
  if (mo !== undefined && (mo < 1 || mo > 12)) return null;
  if (calendar === "hijri") {
    // From 1 AH (622) to 9666 AH (the Gregorian year 9999).
    if (y < 1 || y > 9666) return null;
    if (d !== undefined && (d < 1 || d > hijriMonthDays(y, mo!))) return null;
    const [m1, m2] = mo === undefined ? [1, 12] : [mo, mo];
    return { from: fromHijri(y, m1, d ?? 1), to: fromHijri(y, m2, d ?? hijriMonthDays(y, m2)) };
  }
  if (y < 100 || y > 9999) return null;
  // The Julian calendar has 29 February every fourth year, centuries too.
  const days = (m: number) => (calendar === "julian" && m === 2 && y % 4 === 0 ? 29 : lastDay(y, m));
  if (d !== undefined && (d < 1 || d > days(mo!))) return null;
  const range = mo === undefined ? { from: iso(y, 1, 1), to: iso(y, 12, 31) } : { from: iso(y, mo, d ?? 1), to: iso(y, mo, d ?? days(mo)) };
  if (calendar !== "julian") return range;
  return { from: julianToGregorian(range.from), to: julianToGregorian(range.to) };
}

/** Moves a day by whole years (29 Feb → 28 Feb in common years); null outside 0001–9999. */
export function shiftYears(day: string, years: number): string | null {
  const y = Number(day.slice(0, 4)) + years;
  if (y < 1 || y > 9999) return null;
  const m = Number(day.slice(5, 7));
  const d = Math.min(Number(day.slice(8, 10)), lastDay(y, m));
  return iso(y, m, d);
}
