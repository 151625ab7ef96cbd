import type { TFunction } from "i18next";
import type { LanguageCode } from "../i18n/languages";
import { formatDate } from "./format";

const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];
/** A date point as records give it: "1890", "MAR 1890", "12 MAR 1890". */
const POINT = /^(?:(\d{1,2}) )?(?:(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC) )?(\d{3,4})$/;

/** A point in words; in French a day takes "1er", and inside a phrase "le" ("avant le 2 mars 1890"). */
function pointInWords(s: string, lang: LanguageCode, inPhrase = false): string | null {
  const m = POINT.exec(s);
  if (!m) return null;
  const [, day, month, year] = m;
  const name = month ? formatDate(new Date(Date.UTC(2000, MONTHS.indexOf(month), 1)), lang, { month: "long", timeZone: "UTC" }) : null;
  const d = day ? (lang === "fr" && Number(day) === 1 ? "1er" : String(Number(day))) : null;
  return [lang === "fr" && d && inPhrase ? "le" : null, d, name, year].filter(Boolean).join(" ");
}

/** French contractions across a phrase and its date: "de le 2 mars" → "du 2 mars", "jusqu'à le" → "jusqu'au". */
const contract = (text: string, lang: LanguageCode) =>
  lang === "fr"
    ? text.replace(
        /(^|[\s'’])(de|à) (\u2068?)le /g,
        (_m, before: string, word: string, isolate: string) => `${before}${word === "de" ? "du" : "au"} ${isolate}`,
      )
    : text;

/**
 * A genealogical date as records write it ("ABT 1890", "12 MAR 1890", "BET 1880 AND 1885") in
 * the reader's words: "about 1890", "نحو 1890", "12 آذار 1890", "entre 1880 et 1885". A form it
 * does not know (other calendars, a phrase) is left as written: null.
 */
export function dateInWords(text: string, lang: LanguageCode, t: TFunction): string | null {
  const u = text.trim().toUpperCase().replace(/\s+/g, " ");
  const p = (s: string) => pointInWords(s, lang, true);
  let m: RegExpExecArray | null;
  if ((m = /^(?:BET (.+) AND (.+)|FROM (.+) TO (.+))$/.exec(u))) {
    const [from, to] = [p(m[1] ?? m[3]), p(m[2] ?? m[4])];
    if (!from || !to) return null;
    return contract(m[1] ? t("date.between", { from, to }) : t("date.from_to", { from, to }), lang);
  }
  const one = (key: "date.about" | "date.before" | "date.after" | "date.from" | "date.to", s: string) => {
    const date = p(s);
    return date && contract(t(key, { date }), lang);
  };
  if ((m = /^(?:ABT|ABOUT|CA|CIRCA|EST|CAL)\.? (.+)$/.exec(u))) return one("date.about", m[1]);
  if ((m = /^(?:BEF|BEFORE)\.? (.+)$/.exec(u))) return one("date.before", m[1]);
  if ((m = /^(?:AFT|AFTER)\.? (.+)$/.exec(u))) return one("date.after", m[1]);
  if ((m = /^FROM (.+)$/.exec(u))) return one("date.from", m[1]);
  if ((m = /^TO (.+)$/.exec(u))) return one("date.to", m[1]);
  return pointInWords(u, lang);
}
