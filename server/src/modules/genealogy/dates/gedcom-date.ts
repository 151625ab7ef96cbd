import { HIJRI_MONTH_TAGS } from "./date-words.js";
import type { DateForm, DatePoint, GenealogicalDate } from "./genealogical-date.js";

/**
 * GEDCOM 7 defines no Hijri calendar. Roots writes Hijri dates with the extension calendar
 * `_HIJRI` and extension month tags `_MUHAR` … `_DHUAH` (the 5.5.1 month names webtrees writes
 * after `@#DHIJRI@`, with the underscore 7.0 asks of extension tags), declared in the header's
 * SCHMA with these URIs. In 5.5.1 files they become `@#DHIJRI@` and `MUHAR` … `DHUAH`.
 * The URIs only name the extension (a URN: the product has no fixed domain yet; one place to change).
 */
export const HIJRI_CALENDAR_TAG = "_HIJRI";
const URI_BASE = "urn:roots:gedcom:v7:";
export const HIJRI_EXTENSION_URI = `${URI_BASE}calendar-HIJRI`;
export const hijriMonthTag = (month: number) => `_${HIJRI_MONTH_TAGS[month - 1]}`;
export const hijriMonthUri = (tag: string) => `${URI_BASE}month-${tag.replace(/^_/, "")}`;

const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];

/** One date in GEDCOM 7 form: "[calendar] [day] [month] year" (a dual year gives its first year, as 7.0 asks). */
function pointText(p: DatePoint): string {
  const month = p.month === undefined ? null : p.calendar === "hijri" ? hijriMonthTag(p.month) : MONTHS[p.month - 1];
  const calendar = p.calendar === "hijri" ? HIJRI_CALENDAR_TAG : p.calendar === "julian" ? "JULIAN" : null;
  return [calendar, p.day, month, p.year].filter((x) => x !== null && x !== undefined).join(" ");
}

const WORD: Record<DateForm, string> = {
  exact: "",
  about: "ABT",
  before: "BEF",
  after: "AFT",
  between: "BET",
  from_to: "FROM",
  from: "FROM",
  to: "TO",
};

/**
 * A date as a GEDCOM 7 DATE payload ("ABT 1890", "BET 1880 AND 1885", "_HIJRI 12 _RAJAB 1310"),
 * with the text as written as its PHRASE when that says more than the payload ("حوالي ١٨٩٠",
 * "12 FEB 1741/42"). An import reads the phrase back first, so the wording survives a round trip.
 */
export function gedcomDate(d: GenealogicalDate): { value: string; phrase: string | null } {
  const a = pointText(d.start);
  const bare = !d.end && d.start.dualYear !== undefined && d.start.month === undefined;
  const value =
    d.end && d.form === "between"
      ? `BET ${a} AND ${pointText(d.end)}`
      : d.end
        ? `FROM ${a} TO ${pointText(d.end)}`
        : bare && d.form === "exact"
          ? `BET ${a} AND ${pointText({ ...d.start, year: d.start.dualYear! })}`
          : [WORD[d.form], a].filter(Boolean).join(" ");
  const same = d.text.toUpperCase().replace(/\s+/g, " ") === value;
  return { value, phrase: same ? null : d.text };
}
