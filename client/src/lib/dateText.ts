import type { TFunction } from "i18next";
import { languageInfo, type LanguageCode } from "../i18n/languages";

const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];
/** A date point as records give it: "1890", "MAR 1890", "12 MAR 1890". */
const POINT = /^(?:(\d{1,2}) )?(?:(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC) )?(\d{3,4})$/;

function pointInWords(s: string, lang: LanguageCode): string | null {
  const m = POINT.exec(s);
  if (!m) return null;
  const [, day, month, year] = m;
  const name = month ? new Intl.DateTimeFormat(languageInfo(lang).locale, { month: "long", timeZone: "UTC" }).format(new Date(Date.UTC(2000, MONTHS.indexOf(month), 1))) : null;
  return [day ? String(Number(day)) : null, name, year].filter(Boolean).join(" ");
}

/**
 * A genealogical date as records write it ("ABT 1890", "12 MAR 1890", "BET 1880 AND 1885") in
 * the reader's words: "نحو 1890", "12 آذار 1890", "entre 1880 et 1885". English readers, and
 * any form it does not know (other calendars, a phrase), get the text as written: null.
 */
export function dateInWords(text: string, lang: LanguageCode, t: TFunction): string | null {
  if (lang === "en") return null;
  const u = text.trim().toUpperCase().replace(/\s+/g, " ");
  const p = (s: string) => pointInWords(s, lang);
  let m: RegExpExecArray | null;
  if ((m = /^(?:BET (.+) AND (.+)|FROM (.+) TO (.+))$/.exec(u))) {
    const [from, to] = [p(m[1] ?? m[3]), p(m[2] ?? m[4])];
    if (!from || !to) return null;
    return m[1] ? t("date.between", { from, to }) : t("date.from_to", { from, to });
  }
  const one = (key: "date.about" | "date.before" | "date.after" | "date.from" | "date.to", s: string) => {
    const date = p(s);
    return date && t(key, { date });
  };
  if ((m = /^(?:ABT|ABOUT|CA|CIRCA|EST|CAL)\.? (.+)$/.exec(u))) return one("date.about", m[1]);
  if ((m = /^(?:BEF|BEFORE)\.? (.+)$/.exec(u))) return one("date.before", m[1]);
  if ((m = /^(?:AFT|AFTER)\.? (.+)$/.exec(u))) return one("date.after", m[1]);
  if ((m = /^FROM (.+)$/.exec(u))) return one("date.from", m[1]);
  if ((m = /^TO (.+)$/.exec(u))) return one("date.to", m[1]);
  return p(u);
}
