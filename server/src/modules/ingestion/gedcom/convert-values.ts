/**
 * Payload conversions from GEDCOM 5.5.x to 7.0 (https://gedcom.io/migrate/): dates, ages, languages,
 * media types and file paths, text with obsolete "@#…@" escapes. Each returns the new payload and an
 * optional PHRASE holding the original wording when it does not fit the 7.0 grammar.
 */

export interface Converted {
  value: string;
  phrase?: string;
}

const CALENDARS: Record<string, string> = {
  DGREGORIAN: "GREGORIAN",
  DJULIAN: "JULIAN",
  DHEBREW: "HEBREW",
  "DFRENCH R": "FRENCH_R",
  DROMAN: "_ROMAN",
  DUNKNOWN: "_UNKNOWN",
  // webtrees' Hijri calendar; 7.0 has none, Roots reads and writes it as the extension `_HIJRI` (genealogy/dates).
  DHIJRI: "_HIJRI",
};
const MONTHS: Record<string, string[]> = {
  GREGORIAN: ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"],
  JULIAN: ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"],
  HEBREW: ["TSH", "CSH", "KSL", "TVT", "SHV", "ADR", "ADS", "NSN", "IYR", "SVN", "TMZ", "AAV", "ELL"],
  _HIJRI: ["MUHAR", "SAFAR", "RABIA", "RABIT", "JUMAA", "JUMAT", "RAJAB", "SHAAB", "RAMAD", "SHAWW", "DHUAQ", "DHUAH"],
  FRENCH_R: ["VEND", "BRUM", "FRIM", "NIVO", "PLUV", "VENT", "GERM", "FLOR", "PRAI", "MESS", "THER", "FRUC", "COMP"],
};

/** Converts one date (no range keywords) "[@#Dcal@] [day] [month] year[/yy] [B.C.]"; undefined if invalid. */
function convertSimpleDate(text: string): { value: string; lossy: boolean } | undefined {
  let s = text.trim();
  let calendar = "GREGORIAN";
  let explicit = false;
  const esc = /^@#(D[^@]+)@\s*/.exec(s);
  if (esc) {
    const cal = CALENDARS[esc[1].toUpperCase()];
    if (!cal) return undefined;
    calendar = cal;
    explicit = true;
    s = s.slice(esc[0].length);
  } else {
    // Some 5.5.1 writers already use bare calendar keywords ("FRENCH_R 5 FRUC 88").
    const bare = /^(GREGORIAN|JULIAN|HEBREW|FRENCH_R|_?ROMAN|_?UNKNOWN|_HIJRI)\s+/i.exec(s);
    if (bare) {
      const k = bare[1].toUpperCase().replace(/^_/, "");
      calendar = k === "ROMAN" || k === "UNKNOWN" || k === "HIJRI" ? `_${k}` : k;
      explicit = true;
      s = s.slice(bare[0].length);
    }
  }
  let bce = false;
  const bc = /\s*(B\.C\.|BC|BCE)$/i.exec(s);
  if (bc) {
    bce = true;
    s = s.slice(0, bc.index);
  }
  const parts = s.split(/\s+/).filter(Boolean);
  if (parts.length === 0 || parts.length > 3) return undefined;
  const yearText = parts.pop()!;
  const y = /^(\d+)(?:\/(\d{1,4}))?$/.exec(yearText);
  if (!y) return undefined;
  const lossy = y[2] !== undefined;
  let month: string | undefined;
  let day: string | undefined;
  if (parts.length > 0) {
    month = parts.pop()!.toUpperCase();
    const known = MONTHS[calendar];
    if (known ? !known.includes(month) : !/^_?[A-Z0-9_]+$/.test(month)) return undefined;
    if (!known) month = "_MONTH";
    // An extension calendar's months are extension tags in 7.0 (_MUHAR).
    else if (calendar.startsWith("_")) month = `_${month}`;
  }
  if (parts.length > 0) {
    day = parts.pop()!;
    if (!/^\d{1,2}$/.test(day)) return undefined;
  }
  const out = [explicit && calendar !== "GREGORIAN" ? calendar : explicit ? "GREGORIAN" : "", day, month, y[1], bce ? "BCE" : ""];
  return { value: out.filter(Boolean).join(" "), lossy };
}

/** The second year of a dual year: its digits replace the end of the first ("1699/00" → 1700, "1401/8" → 1408). */
function secondYear(first: string, suffix: string): number {
  const k = suffix.length;
  const base = Number(first) - (Number(first) % 10 ** k) + Number(suffix);
  return base < Number(first) ? base + 10 ** k : base;
}

/**
 * A date that 7.0 writes as 5.5.x did: "[ABT|BEF|AFT|CAL|EST|FROM|TO] [[day] month] year", in
 * upper case with single spaces and the Gregorian calendar. Nearly every date of a file is one:
 * it is taken as it is, without the general parse below (a tenth of the time of reading a file).
 */
const PLAIN_DATE = /^(?:(?:ABT|BEF|AFT|CAL|EST|FROM|TO) )?(?:(?:\d{1,2} )?(?:JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC) )?\d+$/;

/** Converts a 5.5.x DATE payload to 7.0; the original text goes to PHRASE when something is lost. */
export function convertDate(raw: string, inPhrase = false): Converted {
  if (PLAIN_DATE.test(raw)) return { value: raw };
  const text = raw.trim();
  const paren = /^(?:INT\s+)?(.*?)\s*\((.*)\)\s*$/i.exec(text);
  if (paren) {
    const inner: Converted = paren[1].trim() ? convertDate(paren[1], true) : { value: "" };
    // A lossy date (dual year) keeps the whole original wording; otherwise the phrase is the text.
    return { value: inner.value, phrase: inner.phrase !== undefined && inner.value ? raw : paren[2] };
  }
  const up = text.toUpperCase();
  const forms: [RegExp, (m: RegExpExecArray) => string[]][] = [
    [/^FROM\s+(.+?)\s+TO\s+(.+)$/i, (m) => ["FROM", m[1], "TO", m[2]]],
    [/^BET\s+(.+?)\s+AND\s+(.+)$/i, (m) => ["BET", m[1], "AND", m[2]]],
    [/^(FROM|TO|BEF|AFT|ABT|CAL|EST)\s+(.+)$/i, (m) => [m[1].toUpperCase(), m[2]]],
    [/^(.+)$/, (m) => [m[1]]],
  ];
  for (const [re, split] of forms) {
    const m = re.exec(text);
    if (!m) continue;
    const parts = split(m);
    let lossy = false;
    const out: string[] = [];
    for (let i = 0; i < parts.length; i++) {
      if (parts.length > 1 && i % 2 === 0) {
        out.push(parts[i].toUpperCase());
        continue;
      }
      const d = convertSimpleDate(parts[i]);
      if (!d) return { value: "", phrase: raw };
      lossy ||= d.lossy;
      out.push(d.value);
    }
    const dual = /^(?:(@#D[^@]+@|GREGORIAN|JULIAN)\s+)?(\d+)\/(\d+)$/.exec(up);
    if (dual && !inPhrase) {
      // A bare dual year "1699/00" means "one of these years": 7.0 says so with a range.
      const cal = out[0].startsWith(dual[2]) ? "" : out[0].slice(0, out[0].indexOf(" ") + 1);
      return { value: `BET ${cal}${dual[2]} AND ${cal}${secondYear(dual[2], dual[3])}`, phrase: raw };
    }
    return lossy ? { value: out.join(" "), phrase: raw } : { value: out.join(" ") };
  }
  return { value: "", phrase: raw };
}

/** Converts a 5.5.x AGE payload ("CHILD", "<8", "5Y 3M", "0") to 7.0 ("< 8y", "5y 3m", "0y"). */
export function convertAge(raw: string): Converted {
  const t = raw.trim();
  const word = t.toUpperCase();
  if (word === "CHILD") return { value: "< 8y", phrase: t };
  if (word === "INFANT") return { value: "< 1y", phrase: t };
  if (word === "STILLBORN") return { value: "0y", phrase: t };
  const m = /^([<>])?\s*([\s\S]*)$/.exec(t)!;
  const body = m[2].trim();
  const mod = m[1] ? m[1] + " " : "";
  if (/^\d+$/.test(body)) return { value: `${mod}${body}y` };
  // Units may come in any order, with or without spaces ("11m30d99y"); 7.0 wants "99y 11m 30d".
  if (!/^(\d+\s*[ymwd]\s*)+$/i.test(body)) return { value: "", phrase: t };
  const found = new Map<string, string>();
  for (const [, n, u] of body.matchAll(/(\d+)\s*([ymwd])/gi)) {
    if (found.has(u.toLowerCase())) return { value: "", phrase: t };
    found.set(u.toLowerCase(), n);
  }
  const out = ["y", "m", "w", "d"].filter((u) => found.has(u)).map((u) => `${found.get(u)}${u}`);
  return { value: `${mod}${out.join(" ")}` };
}

/** GEDCOM 5.5.1 language names → BCP 47 tags. */
export const LANGUAGES: Record<string, string> = {
  afrikaans: "af",
  albanian: "sq",
  amharic: "am",
  "anglo-saxon": "ang",
  arabic: "ar",
  armenian: "hy",
  assamese: "as",
  belorusian: "be",
  bengali: "bn",
  braj: "bra",
  bulgarian: "bg",
  burmese: "my",
  cantonese: "yue",
  catalan: "ca",
  catalan_spn: "ca-ES",
  "church-slavic": "cu",
  czech: "cs",
  danish: "da",
  dogri: "dgr",
  dutch: "nl",
  english: "en",
  esperanto: "eo",
  estonian: "et",
  faroese: "fo",
  finnish: "fi",
  french: "fr",
  georgian: "ka",
  german: "de",
  greek: "el",
  gujarati: "gu",
  hawaiian: "haw",
  hebrew: "he",
  hindi: "hi",
  hungarian: "hu",
  icelandic: "is",
  indonesian: "id",
  italian: "it",
  japanese: "ja",
  kannada: "kn",
  khmer: "km",
  konkani: "kok",
  korean: "ko",
  lahnda: "lah",
  lao: "lo",
  latvian: "lv",
  lithuanian: "lt",
  macedonian: "mk",
  maithili: "mai",
  malayalam: "ml",
  mandrin: "cmn",
  manipuri: "mni",
  marathi: "mr",
  mewari: "mtr",
  navaho: "nv",
  nepali: "ne",
  norwegian: "no",
  oriya: "or",
  pahari: "him",
  pali: "pi",
  panjabi: "pa",
  persian: "fa",
  polish: "pl",
  portuguese: "pt",
  prakrit: "pra",
  pusto: "ps",
  rajasthani: "raj",
  romanian: "ro",
  russian: "ru",
  sanskrit: "sa",
  serb: "sr",
  serbo_croa: "sh",
  slovak: "sk",
  slovene: "sl",
  spanish: "es",
  swedish: "sv",
  tagalog: "tl",
  tamil: "ta",
  telugu: "te",
  thai: "th",
  tibetan: "bo",
  turkish: "tr",
  ukrainian: "uk",
  urdu: "ur",
  vietnamese: "vi",
  wendic: "wen",
  yiddish: "yi",
};

/** Converts a language name to a BCP 47 tag ("und" with the name as phrase when unknown). */
export function convertLang(raw: string): Converted {
  const tag = LANGUAGES[raw.trim().toLowerCase()];
  if (tag) return { value: tag };
  if (/^[a-z]{2,3}(-[A-Za-z0-9]+)*$/.test(raw.trim())) return { value: raw.trim() };
  return { value: "und", phrase: raw };
}

const MEDIA_TYPES: Record<string, string> = {
  bmp: "image/bmp",
  gif: "image/gif",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  tif: "image/tiff",
  tiff: "image/tiff",
  pcx: "image/vnd.zbrush.pcx",
  pdf: "application/pdf",
  mp3: "application/x-mp3",
  wav: "audio/wav",
  aac: "audio/aac",
  mp4: "video/mp4",
  mpg: "video/mpeg",
  mpeg: "video/mpeg",
  avi: "video/x-msvideo",
  txt: "text/plain",
  htm: "text/html",
  html: "text/html",
  ole: "application/x-ole",
  rtf: "application/rtf",
  doc: "application/msword",
  webm: "video/webm",
  svg: "image/svg+xml",
  heic: "image/heic",
  webp: "image/webp",
};

/** Converts a 5.5.x FORM ("jpg") to a media type ("image/jpeg"). */
export function convertMediaForm(raw: string): string {
  const t = raw.trim().toLowerCase().replace(/^\./, "");
  if (t.includes("/")) return t;
  return MEDIA_TYPES[t] ?? `application/x-${t.replace(/[^a-z0-9.+-]/g, "") || "other"}`;
}

/** Converts a 5.5.x file path (Windows or Unix, absolute or relative) to a 7.0 URI reference. */
export function convertFilePath(raw: string): string {
  const t = raw.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(t)) return t; // already a URL
  const enc = (p: string) =>
    p
      .split("/")
      .map((s) => encodeURIComponent(s).replace(/%3A/gi, (m) => m))
      .join("/");
  if (/^[a-zA-Z]:[\\/]/.test(t)) return `file:///${t[0]}:/${enc(t.slice(3).replace(/\\/g, "/"))}`;
  if (t.startsWith("\\\\")) return `file://${enc(t.slice(2).replace(/\\/g, "/"))}`;
  if (t.startsWith("/")) return `file://${enc(t)}`;
  return enc(t.replace(/\\/g, "/"));
}

/** Replaces obsolete "@#…@" escapes inside text: "@#DJULIAN@" → "JULIAN", others removed. */
export function convertTextEscapes(text: string): string {
  if (!text.includes("@#")) return text;
  return text.replace(/@#([^@]*)@ ?/g, (_m, name: string) => (name.startsWith("D") ? name.slice(1).trim().replace(/\s+/g, "_") + " " : ""));
}
