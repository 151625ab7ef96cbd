/**
 * The words of dates as people write them in Arabic (Levantine, Egyptian and Maghrebi month
 * names), French, English and GEDCOM, already in the form `normalise` gives: lower case, no
 * accents, hamza or madda, ى → ي, ة → ه, no tatweel, Arabic-Indic and Persian digits as 0-9.
 * A phrase of several words is written with single spaces ("كانون الثاني", "de l hegire").
 */
export type DateCalendar = "gregorian" | "julian" | "hijri";

export type Word =
  | { kind: "month"; calendar: DateCalendar | null; month: number }
  | { kind: "about" | "before" | "after" | "between" | "and" | "from" | "since" | "to" | "filler" | "ordinal" }
  | { kind: "calendar"; calendar: DateCalendar }
  | { kind: "era"; calendar: DateCalendar };

/** Gregorian (and Julian) months: a calendar of null means "the point's calendar, Gregorian by default". */
const MONTHS: string[][] = [
  ["jan", "january", "janvier", "janv", "يناير", "كانون الثاني", "كانون ثاني", "جانفي"],
  ["feb", "february", "fevrier", "fevr", "fev", "فبراير", "شباط", "فيفري"],
  ["mar", "march", "mars", "مارس", "اذار"],
  ["apr", "april", "avril", "avr", "ابريل", "نيسان", "افريل"],
  ["may", "mai", "مايو", "ايار", "ماي"],
  ["jun", "june", "juin", "يونيو", "يونيه", "حزيران", "جوان"],
  ["jul", "july", "juillet", "juil", "يوليو", "يوليه", "تموز", "جويليه"],
  ["aug", "august", "aout", "اغسطس", "اب", "اوت"],
  ["sep", "sept", "september", "septembre", "سبتمبر", "ايلول"],
  ["oct", "october", "octobre", "اكتوبر", "تشرين الاول", "تشرين اول"],
  ["nov", "november", "novembre", "نوفمبر", "تشرين الثاني", "تشرين ثاني"],
  ["dec", "december", "decembre", "ديسمبر", "كانون الاول", "كانون اول"],
];

/** Hijri months, with the GEDCOM tags webtrees writes in 5.5.1 (MUHAR…) and their 7.0 extension form (_MUHAR…). */
export const HIJRI_MONTH_TAGS = [
  "MUHAR",
  "SAFAR",
  "RABIA",
  "RABIT",
  "JUMAA",
  "JUMAT",
  "RAJAB",
  "SHAAB",
  "RAMAD",
  "SHAWW",
  "DHUAQ",
  "DHUAH",
];
const HIJRI_MONTHS: string[][] = [
  ["muharram", "muharam", "محرم", "المحرم"],
  ["safar", "صفر"],
  ["rabi al awwal", "rabi i", "ربيع الاول", "ربيع اول"],
  ["rabi al thani", "rabi al akhir", "rabi ii", "ربيع الثاني", "ربيع الاخر", "ربيع ثاني"],
  ["jumada al ula", "jumada al awwal", "jumada i", "جمادي الاولي", "جمادي الاول"],
  ["jumada al akhira", "jumada al thani", "jumada ii", "جمادي الاخره", "جمادي الثانيه", "جمادي الاخر"],
  ["rajab", "رجب"],
  ["shaban", "sha ban", "شعبان"],
  ["ramadan", "ramadhan", "رمضان"],
  ["shawwal", "shawal", "شوال"],
  ["dhu al qadah", "dhu al qada", "dhul qadah", "dhu l qada", "ذو القعده", "ذي القعده"],
  ["dhu al hijjah", "dhu al hijja", "dhul hijjah", "dhu l hijja", "ذو الحجه", "ذي الحجه"],
];

const GROUPS: [Word, string[]][] = [
  [
    { kind: "about" },
    [
      "abt",
      "about",
      "circa",
      "ca",
      "c",
      "approx",
      "around",
      "est",
      "cal",
      "~",
      "vers",
      "environ",
      "env",
      "حوالي",
      "نحو",
      "تقريبا",
      "قرابه",
      "في حدود",
    ],
  ],
  [{ kind: "before" }, ["bef", "before", "avant", "قبل"]],
  [{ kind: "after" }, ["aft", "after", "apres", "بعد"]],
  [{ kind: "between" }, ["bet", "between", "entre", "بين"]],
  [{ kind: "and" }, ["and", "&", "et", "و"]],
  [{ kind: "from" }, ["from", "de", "du", "من"]],
  [{ kind: "since" }, ["since", "depuis", "منذ"]],
  [{ kind: "to" }, ["to", "until", "till", "a", "au", "jusqu a", "jusqu au", "الي", "حتي", "لغايه"]],
  // Words that say nothing more: "حوالي سنة 1890", "avant le 2 mars", "in 1890", "l'an 1890".
  [{ kind: "filler" }, ["سنه", "عام", "العام", "في", "شهر", "le", "l", "an", "annee", "en", "in", "on", "the", "of", "year"]],
  [{ kind: "ordinal" }, ["er", "st", "nd", "rd", "th"]],
  [{ kind: "calendar", calendar: "gregorian" }, ["gregorian"]],
  [{ kind: "calendar", calendar: "julian" }, ["julian"]],
  [{ kind: "calendar", calendar: "hijri" }, ["_hijri"]],
  [{ kind: "era", calendar: "hijri" }, ["ه", "هجري", "هجريه", "للهجره", "ah", "a h", "h", "hijri", "hegire", "de l hegire"]],
  [{ kind: "era", calendar: "gregorian" }, ["م", "ميلادي", "ميلاديه", "للميلاد", "ad", "a d", "ce"]],
];

/** Every word and phrase, by its first word: the phrases starting with it, longest first. */
export const WORDS = new Map<string, { words: string[]; word: Word }[]>();

function add(phrase: string, word: Word): void {
  const words = phrase.split(" ");
  const list = WORDS.get(words[0]) ?? [];
  list.push({ words, word });
  list.sort((a, b) => b.words.length - a.words.length);
  WORDS.set(words[0], list);
}
MONTHS.forEach((names, i) => names.forEach((n) => add(n, { kind: "month", calendar: null, month: i + 1 })));
HIJRI_MONTHS.forEach((names, i) => names.forEach((n) => add(n, { kind: "month", calendar: "hijri", month: i + 1 })));
HIJRI_MONTH_TAGS.forEach((tag, i) => {
  add(tag.toLowerCase(), { kind: "month", calendar: "hijri", month: i + 1 });
  add(`_${tag.toLowerCase()}`, { kind: "month", calendar: "hijri", month: i + 1 });
});
for (const [word, phrases] of GROUPS) for (const p of phrases) add(p, word);
