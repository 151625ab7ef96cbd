/**
 * Genealogical dates as people type them, and as records and GEDCOM files give them: the one
 * parser of the platform. The server validates and stores with it; the client (which imports
 * this folder, see eslint.boundaries.js) shows with it how it read a date before saving.
 *
 * Reads exact dates, about, before, after, between and periods, in Arabic ("حوالي ١٨٩٠",
 * "بين 1880 و1885", "12 آذار 1890", "1890 تقريباً", "١٣١٠ هـ"), French ("vers 1890", "1er mars
 * 1890", "entre 1880 et 1885"), English ("about 1890", "March 12, 1890", "c. 1890") and GEDCOM
 * ("ABT 1890", "BET 1880 AND 1885", "JULIAN 5 OCT 1582", "@#DHIJRI@ 12 RAJAB 1310",
 * "_HIJRI 12 _RAJAB 1310"), with ISO (1890-03-12) and day/month/year (12/03/1890) forms, dual
 * years ("12 FEB 1741/42") and interpreted dates ("INT 1890 (as the census says)").
 */
import { dayRange, shiftYears, type DayRange } from "./calendars.js";
import { WORDS, type DateCalendar, type Word } from "./date-words.js";

export type { DateCalendar } from "./date-words.js";
export type DateQualifier = "exact" | "about" | "before" | "after" | "between";
/** How the date was said: the qualifier, and for ranges whether it was "between" or a period ("from … to"). */
export type DateForm = "exact" | "about" | "before" | "after" | "between" | "from_to" | "from" | "to";

/** One date as written: a year, a month or a day of a calendar, and the Gregorian days it covers. */
export interface DatePoint extends DayRange {
  calendar: DateCalendar;
  year: number;
  month?: number;
  day?: number;
  /** The second year of a dual year ("1741/42" → 1742): `year` is the first. */
  dualYear?: number;
}

export interface GenealogicalDate {
  /** The text as typed or as the record gives it, kept as it is. */
  text: string;
  qualifier: DateQualifier;
  /** Earliest day the date can mean (ISO yyyy-mm-dd, Gregorian). */
  from: string;
  /** Latest day the date can mean. */
  to: string;
  form: DateForm;
  start: DatePoint;
  /** The second date of a range. */
  end?: DatePoint;
}

type Token = { kind: "number"; text: string } | { kind: "sep"; text: string } | Word;

const DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/g;
const digit = (c: string) => String((c.charCodeAt(0) & 0xf) % 10);

/**
 * Text as the word lists write it: Arabic-Indic and Persian digits as 0-9; no accents, hamza,
 * madda, short vowels, tatweel or direction marks; ى → ي, ة → ه; Persian ی ک as Arabic;
 * abbreviation dots, commas and apostrophes as spaces; lower case.
 */
function normalise(text: string): string {
  return text
    .replace(DIGITS, digit)
    .normalize("NFD")
    .replace(/[\p{M}\u0640\u200b-\u200f\u202a-\u202e\u2066-\u2069]/gu, "")
    .replace(/ى|ی/g, "ي")
    .replace(/ة/g, "ه")
    .replace(/ک/g, "ك")
    .replace(/ٱ/g, "ا")
    .toLowerCase()
    .replace(/@#d(gregorian|julian|hijri)@/g, (_m, c: string) => (c === "hijri" ? " _hijri " : ` ${c} `))
    .replace(/(\p{L})[.-](?=\p{L}|\s|$)/gu, "$1 ")
    .replace(/[,،'’`]/g, " ")
    .replace(/[–—]/g, "-");
}

/**
 * Numbers, separators (- / .) and the known words and phrases (longest first). A "و" glued to
 * the next word ("وسنة 1885", "و1885") is the word "and". Null when a word is not a date's.
 */
function tokenise(text: string): Token[] | null {
  const raw = normalise(text).match(/\d+|[\p{L}_~&]+|[-/.]|\S/gu) ?? [];
  const parts: string[] = [];
  for (const r of raw) {
    if (r.length > 1 && r.startsWith("و") && !WORDS.has(r) && WORDS.has(r.slice(1))) parts.push("و", r.slice(1));
    else parts.push(r);
  }
  const tokens: Token[] = [];
  for (let i = 0; i < parts.length;) {
    const p = parts[i];
    if (/^\d+$/.test(p)) tokens.push({ kind: "number", text: p });
    else if (/^[-/.]$/.test(p)) tokens.push({ kind: "sep", text: p });
    else {
      const match = WORDS.get(p)?.find((c) => c.words.every((w, j) => parts[i + j] === w));
      if (!match) return null;
      if (match.word.kind !== "filler" && match.word.kind !== "ordinal") tokens.push(match.word);
      i += match.words.length;
      continue;
    }
    i++;
  }
  return tokens;
}

const isNumber = (t: Token | undefined, digits: RegExp): t is { kind: "number"; text: string } =>
  t?.kind === "number" && digits.test(t.text);

/** The second year of a dual year: its digits replace the end of the first ("1699/00" → 1700). */
function secondYear(first: number, suffix: string): number {
  const k = suffix.length;
  const base = first - (first % 10 ** k) + Number(suffix);
  return base <= first ? base + 10 ** k : base;
}

interface Written {
  calendar: DateCalendar | null;
  year: number;
  month?: number;
  day?: number;
  dualYear?: number;
  /** The calendar the era word after it names ("هـ", "AH", "م"). */
  era?: DateCalendar;
}

/**
 * One date at the start of `t`: "[calendar] [day] [month] year [era]", "month day year",
 * "yyyy-mm[-dd]", "dd/mm/yyyy" (also with - or .) or a dual year "[day month] 1741/42".
 * Returns it and how many tokens it took, or null.
 */
function readPoint(t: Token[]): { point: Written; used: number } | null {
  let i = 0;
  let calendar: DateCalendar | null = null;
  let gregorianMonth = false;
  const first = t[0];
  if (first?.kind === "calendar") {
    calendar = first.calendar;
    i++;
  }
  const monthAt = (k: number) => {
    const w = t[k];
    if (w?.kind !== "month") return null;
    // A Gregorian month name in a Hijri date, or a Hijri one in another calendar, is no date.
    if (calendar && (w.calendar ?? "gregorian") !== (calendar === "julian" ? "gregorian" : calendar)) return undefined;
    if (w.calendar) calendar = w.calendar;
    else gregorianMonth = true;
    return w.month;
  };
  const n = (k: number) => Number((t[k] as { text: string }).text);
  let point: Written;
  const Y = /^\d{1,4}$/;
  const D = /^\d{1,2}$/;
  if (isNumber(t[i], /^\d{4}$/) && t[i + 1]?.kind === "sep" && (t[i + 1] as { text: string }).text === "-" && isNumber(t[i + 2], D)) {
    // ISO: 1890-03 or 1890-03-12.
    const withDay = (t[i + 3] as { text?: string })?.text === "-" && isNumber(t[i + 4], D);
    point = { calendar, year: n(i), month: n(i + 2), day: withDay ? n(i + 4) : undefined };
    i += withDay ? 5 : 3;
  } else if (isNumber(t[i], D) && t[i + 1]?.kind === "sep" && isNumber(t[i + 2], D) && isNumber(t[i + 4], /^\d{3,4}$/)) {
    // Day/month/year, as Lebanese and French records write it: 12/03/1890, 12-3-1890, 12.03.1890.
    const sep = (t[i + 1] as { text: string }).text;
    if ((t[i + 3] as { text?: string })?.text !== sep) return null;
    point = { calendar, year: n(i + 4), month: n(i + 2), day: n(i) };
    i += 5;
  } else {
    let day: number | undefined;
    let month: number | null | undefined = monthAt(i);
    if (month === undefined) return null;
    if (month !== null) {
      i++;
      // "March 12 1890" (the comma is gone).
      if (isNumber(t[i], D) && isNumber(t[i + 1], Y)) day = n(i++);
    } else if (isNumber(t[i], D) && t[i + 1]?.kind === "month") {
      day = n(i++);
      month = monthAt(i++);
      if (month == null) return null;
    }
    if (!isNumber(t[i], Y)) return null;
    const year = n(i++);
    point = { calendar, year, month: month ?? undefined, day };
    if (t[i]?.kind === "sep" && (t[i] as { text: string }).text === "/" && isNumber(t[i + 1], /^\d{1,2}$/) && year >= 100) {
      point.dualYear = secondYear(year, (t[i + 1] as { text: string }).text);
      if (!String(point.dualYear).endsWith((t[i + 1] as { text: string }).text) || point.dualYear !== year + 1) return null;
      i += 2;
    }
  }
  const era = t[i];
  if (era?.kind === "era") {
    if (gregorianMonth && era.calendar === "hijri") return null;
    point.era = era.calendar;
    i++;
  }
  return { point, used: i };
}

/** A written date as a point of its calendar, with its Gregorian days; null when it is not a day. */
function resolve(w: Written, fallbackEra: DateCalendar | undefined): DatePoint | null {
  const era = w.era ?? fallbackEra;
  if (w.calendar && era && era !== w.calendar && !(w.calendar === "julian" && era === "gregorian")) return null;
  const calendar = w.calendar ?? era ?? "gregorian";
  // A year of the Common Era has three or four digits (ABT 870); a Hijri year may have fewer.
  if (calendar !== "hijri" && w.year < 100) return null;
  if (w.dualYear !== undefined) {
    if (calendar === "hijri") return null;
    // Before 1752 in England the year began on 25 March: "12 FEB 1741/42" is 1742 today.
    const range = w.month === undefined ? dayRange(calendar, w.year) : dayRange(calendar, w.dualYear, w.month, w.day);
    if (!range) return null;
    const to = w.month === undefined ? dayRange(calendar, w.dualYear)!.to : range.to;
    return { calendar, year: w.year, month: w.month, day: w.day, dualYear: w.dualYear, from: range.from, to };
  }
  const range = dayRange(calendar, w.year, w.month, w.day);
  return range && { calendar, year: w.year, ...(w.month ? { month: w.month } : {}), ...(w.day ? { day: w.day } : {}), ...range };
}

const EARLIEST = "0001-01-01";
const LATEST = "9999-12-31";

/** The qualifier stored for each form, and the days it covers around its point(s). */
function span(form: DateForm, a: DatePoint, b?: DatePoint): { qualifier: DateQualifier; from: string; to: string } | null {
  switch (form) {
    case "exact":
      return { qualifier: "exact", from: a.from, to: a.to };
    case "about": {
      const [from, to] = [shiftYears(a.from, -5), shiftYears(a.to, 5)];
      return from && to ? { qualifier: "about", from, to } : null;
    }
    case "before":
      return { qualifier: "before", from: shiftYears(a.from, -100) ?? EARLIEST, to: a.from };
    case "after":
      return { qualifier: "after", from: a.to, to: shiftYears(a.to, 100) ?? LATEST };
    case "to":
      return { qualifier: "before", from: shiftYears(a.from, -100) ?? EARLIEST, to: a.to };
    case "from":
      return { qualifier: "after", from: a.from, to: shiftYears(a.to, 100) ?? LATEST };
    case "between":
    case "from_to":
      return b && a.from <= b.to ? { qualifier: "between", from: a.from, to: b.to } : null;
  }
}

/** The form a qualifier word opens, and whether it takes a second date. */
const OPENS: Partial<Record<Token["kind"], DateForm>> = {
  about: "about",
  before: "before",
  after: "after",
  between: "between",
  from: "from",
  since: "from",
  to: "to",
};

function parseTokens(text: string, t: Token[]): GenealogicalDate | null {
  let i = 0;
  let form: DateForm = "exact";
  const open = t[0] && OPENS[t[0].kind];
  if (open) {
    form = open;
    i++;
  }
  const a = readPoint(t.slice(i));
  if (!a) return null;
  i += a.used;
  let b: { point: Written; used: number } | null = null;
  const joiner = t[i]?.kind;
  const dash = form === "exact" && joiner === "sep" && (t[i] as { text: string }).text === "-";
  if ((form === "between" && joiner === "and") || ((form === "from" || form === "exact") && joiner === "to") || dash) {
    // "between … and …", "from … to …"; "1880 to 1885" reads as a period too, "1880-1885" as "between".
    form = form === "between" || dash ? "between" : "from_to";
    b = readPoint(t.slice(i + 1));
    if (!b) return null;
    i += 1 + b.used;
  } else if (form === "between") return null;
  else if (form === "exact" && t[i]?.kind === "about") {
    // "1890 تقريباً", "1890 environ".
    form = "about";
    i++;
  }
  if (i !== t.length) return null;
  // An era written once after a range is the whole range's: "بين 1300 و1310 هـ".
  const start = resolve(a.point, b?.point.era);
  const end = b ? resolve(b.point, undefined) : undefined;
  if (!start || end === null) return null;
  const s = span(form, start, end);
  return s && { text, ...s, form, start, ...(end ? { end } : {}) };
}

/** Plain GEDCOM ("ABT 12 MAR 1890"), nearly every date of a file: read without the general grammar. */
const PLAIN = /^(?:(ABT|BEF|AFT|CAL|EST|FROM|TO) )?(?:(\d{1,2}) )?(?:(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC) )?(\d{3,4})$/;
const PLAIN_FORMS: Record<string, DateForm> = {
  ABT: "about",
  CAL: "about",
  EST: "about",
  BEF: "before",
  AFT: "after",
  FROM: "from",
  TO: "to",
};
const GEDCOM_MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];

function parsePlain(text: string, m: RegExpExecArray): GenealogicalDate | null {
  if (m[2] && !m[3]) return null;
  const w: Written = {
    calendar: null,
    year: Number(m[4]),
    month: m[3] ? GEDCOM_MONTHS.indexOf(m[3]) + 1 : undefined,
    day: m[2] ? Number(m[2]) : undefined,
  };
  const start = resolve(w, undefined);
  const form = m[1] ? PLAIN_FORMS[m[1]] : "exact";
  const s = start && span(form, start);
  return s && { text, ...s, form, start: start! };
}

/** Parses a date as people write it and as records give it; null when it cannot be read. */
export function parseGenealogicalDate(input: string): GenealogicalDate | null {
  const text = input.trim();
  if (!text || text.length > 80) return null;
  const plain = PLAIN.exec(text);
  if (plain) return parsePlain(text, plain);
  // "INT 1890 (as the census says)": an interpreted date with the record's wording.
  const interpreted = /^INT\s+(.+?)(?:\s*\(.*\))?$/i.exec(text);
  if (interpreted) {
    const inner = parseGenealogicalDate(interpreted[1]);
    return inner && { ...inner, text };
  }
  const tokens = tokenise(text);
  return tokens && tokens.length ? parseTokens(text, tokens) : null;
}

/**
 * The year to show for a stored date (a tree's "1890"): the year written for an exact, before
 * or after date, the middle one for "about" (ABT 1915 → 1915), the first one of a range. Read
 * from the stored days alone, so it is the Gregorian year whatever the calendar written.
 */
export function shownYear(qualifier: string | null, from: string | null, to: string | null, text?: string): number | null {
  if (!from || !to) {
    // A date that could not be read keeps its text: the first year-like number in it, if any.
    const m = text && /(?:^|\D)(\d{3,4})(?:\D|$)/.exec(text.replace(DIGITS, digit));
    return m ? Number(m[1]) : null;
  }
  const [a, b] = [Number(from.slice(0, 4)), Number(to.slice(0, 4))];
  if (qualifier === "about") return Math.round((a + b) / 2);
  if (qualifier === "before") return b;
  return a;
}
