/**
 * Genealogical dates: exact, about, before, after or between, with the original text
 * kept. Accepts GEDCOM-style text ("ABT 1890", "12 MAR 1890", "BET 1880 AND 1885",
 * "BEF 1900", "AFT 1850", "FROM 1880 TO 1885"), three-digit years ("ABT 870"), dual years
 * ("12 FEB 1741/42"), the Julian calendar ("JULIAN 5 OCT 1582", "@#DJULIAN@ 1700") and ISO
 * dates ("1890", "1890-03", "1890-03-12").
 */
export type DateQualifier = "exact" | "about" | "before" | "after" | "between";

export interface GenealogicalDate {
  text: string;
  qualifier: DateQualifier;
  /** Earliest day the date can mean (ISO yyyy-mm-dd). */
  from: string;
  /** Latest day the date can mean. */
  to: string;
}

const MONTHS: Record<string, number> = {
  JAN: 1,
  FEB: 2,
  MAR: 3,
  APR: 4,
  MAY: 5,
  JUN: 6,
  JUL: 7,
  AUG: 8,
  SEP: 9,
  OCT: 10,
  NOV: 11,
  DEC: 12,
};
const pad = (n: number, w = 2) => String(n).padStart(w, "0");
const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/**
 * One date point: "1890", "MAR 1890", "12 MAR 1890", "1890-03", "1890-03-12", with an optional
 * calendar ("JULIAN …", "GREGORIAN …") and a dual year ("1741/42": the year of the new style).
 */
function parsePoint(s: string): { from: string; to: string } | null {
  let t = s.trim().toUpperCase();
  const julian = /^(JULIAN|@#DJULIAN@)\s+/.test(t);
  t = t.replace(/^(JULIAN|GREGORIAN|@#DJULIAN@|@#DGREGORIAN@)\s+/, "");
  let m = /^(\d{3,4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(t);
  let y: number, mo: number | undefined, d: number | undefined;
  if (m) {
    [y, mo, d] = [Number(m[1]), m[2] ? Number(m[2]) : undefined, m[3] ? Number(m[3]) : undefined];
  } else if ((m = /^(?:(?:(\d{1,2})\s+)?([A-Z]{3})\s+)?(\d{3,4})\/(\d{1,2})$/.exec(t))) {
    // Dual year: before 1752 in England the year began on 25 March; "1741/42" is 1742 today.
    const first = Number(m[3]);
    const second = first + 1;
    if (!String(second).endsWith(m[4]) || (m[2] && !(m[2] in MONTHS))) return null;
    if (!m[2]) return { from: `${pad(first, 4)}-01-01`, to: `${pad(second, 4)}-12-31` };
    [y, mo, d] = [second, MONTHS[m[2]], m[1] ? Number(m[1]) : undefined];
  } else if ((m = /^(?:(\d{1,2})\s+)?([A-Z]{3})\s+(\d{3,4})$/.exec(t))) {
    if (!(m[2] in MONTHS)) return null;
    [y, mo, d] = [Number(m[3]), MONTHS[m[2]], m[1] ? Number(m[1]) : undefined];
  } else return null;
  const point = dayRange(y, mo, d);
  return point && julian ? { from: julianToGregorian(point.from), to: julianToGregorian(point.to) } : point;
}

/** The days a year, month or day means (ISO), or null when it is not a day of the calendar. */
function dayRange(y: number, mo: number | undefined, d: number | undefined): { from: string; to: string } | null {
  if (y < 100 || y > 9999 || (mo !== undefined && (mo < 1 || mo > 12))) return null;
  if (d !== undefined && (d < 1 || d > lastDay(y, mo!))) return null;
  if (mo === undefined) return { from: `${pad(y, 4)}-01-01`, to: `${pad(y, 4)}-12-31` };
  if (d === undefined) return { from: `${pad(y, 4)}-${pad(mo)}-01`, to: `${pad(y, 4)}-${pad(mo)}-${pad(lastDay(y, mo))}` };
  const iso = `${pad(y, 4)}-${pad(mo)}-${pad(d)}`;
  return { from: iso, to: iso };
}

/** A Julian calendar day as the Gregorian day it was (10 days apart in 1582, 13 since 1900). */
function julianToGregorian(iso: string): string {
  const y = Number(iso.slice(0, 4));
  const m = Number(iso.slice(5, 7));
  // The calendars drift apart on 29 February of Julian-only leap years (centuries).
  const century = m <= 2 ? y - 1 : y;
  const offset = Math.floor(century / 100) - Math.floor(century / 400) - 2;
  const d = new Date(Date.UTC(y, m - 1, Number(iso.slice(8, 10)) + offset));
  return d.getUTCFullYear() < 1 || d.getUTCFullYear() > 9999 ? iso : d.toISOString().slice(0, 10);
}

/** Moves a date by whole years (29 Feb → 28 Feb in common years); null outside 0001–9999. */
function shiftYears(iso: string, years: number): string | null {
  const y = Number(iso.slice(0, 4)) + years;
  if (y < 1 || y > 9999) return null;
  const m = Number(iso.slice(5, 7));
  const d = Math.min(Number(iso.slice(8, 10)), lastDay(y, m));
  return `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
}

/** Parses a date as people write it in records; null when it cannot be read. */
export function parseGenealogicalDate(input: string): GenealogicalDate | null {
  const text = input.trim();
  if (!text || text.length > 60) return null;
  const t = text.toUpperCase().replace(/\s+/g, " ");
  let m: RegExpExecArray | null;
  // "INT 1890 (as the record says)": an interpreted date with its wording.
  if ((m = /^INT (.+?)(?: \(.*\))?$/.exec(t))) {
    const inner = parseGenealogicalDate(m[1]);
    return inner && { ...inner, text };
  }
  if ((m = /^(?:BET (.+) AND (.+)|FROM (.+) TO (.+))$/.exec(t))) {
    const a = parsePoint(m[1] ?? m[3]);
    const b = parsePoint(m[2] ?? m[4]);
    if (!a || !b || a.from > b.to) return null;
    return { text, qualifier: "between", from: a.from, to: b.to };
  }
  // A period with one end: "FROM 1880" (since), "TO 1885" (until).
  if ((m = /^FROM (.+)$/.exec(t))) {
    const p = parsePoint(m[1]);
    return p && { text, qualifier: "after", from: p.from, to: shiftYears(p.to, 100) ?? "9999-12-31" };
  }
  if ((m = /^TO (.+)$/.exec(t))) {
    const p = parsePoint(m[1]);
    return p && { text, qualifier: "before", from: shiftYears(p.from, -100) ?? "0001-01-01", to: p.to };
  }
  if ((m = /^(ABT|ABOUT|CA|CIRCA|EST|CAL|~)\.? ?(.+)$/.exec(t))) {
    const p = parsePoint(m[2]);
    const [from, to] = p ? [shiftYears(p.from, -5) ?? "0001-01-01", shiftYears(p.to, 5) ?? "9999-12-31"] : [];
    return p && from && to ? { text, qualifier: "about", from, to } : null;
  }
  if ((m = /^(BEF|BEFORE)\.? (.+)$/.exec(t))) {
    const p = parsePoint(m[2]);
    return p && { text, qualifier: "before", from: shiftYears(p.from, -100) ?? "0001-01-01", to: p.from };
  }
  if ((m = /^(AFT|AFTER)\.? (.+)$/.exec(t))) {
    const p = parsePoint(m[2]);
    return p && { text, qualifier: "after", from: p.to, to: shiftYears(p.to, 100) ?? "9999-12-31" };
  }
  const p = parsePoint(t);
  return p && { text, qualifier: "exact", from: p.from, to: p.to };
}
