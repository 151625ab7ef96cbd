/**
 * Name keys that let Lebanese names match across scripts and spellings: Arabic
 * normalisation, Latin normalisation, and a cross-script consonant skeleton
 * (Zahlé / Zahleh / زحلة → "zhl", Bcharré / بشري → "bshr", Khoury / الخوري → "khr").
 */

import { NAME_EQUIVALENTS } from "./given-names.js";

const ARABIC_MARKS = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED\u0640]/g; // harakat, Quranic marks, tatweel
const ARABIC_CHARS = /[\u0600-\u06FF]/;

export const hasArabic = (s: string): boolean => ARABIC_CHARS.test(s);

/** Arabic: no diacritics or tatweel; one alef; ى→ي; ة→ه; hamza seats folded; Persian forms mapped. */
export function normalizeArabic(input: string): string {
  return (
    input
      .replace(ARABIC_MARKS, "")
      .replace(/[أإآٱ]/g, "ا")
      .replace(/ى/g, "ي")
      .replace(/ة/g, "ه")
      .replace(/ؤ/g, "و")
      .replace(/ئ/g, "ي")
      .replace(/ی/g, "ي")
      .replace(/ک/g, "ك")
      .replace(/[^\u0621-\u064A\s]/g, " ")
      .split(/\s+/)
      .filter(Boolean)
      // The article ال (and وال, بال) carries no identity: الخوري = خوري.
      .map((w) => (w.length > 3 ? w.replace(/^(و|ب|ف)?ال/, "") : w))
      .join(" ")
  );
}

/** Latin articles (el-, al-, ed-, ech- …) written before a name. */
const LATIN_ARTICLES = new Set([
  "el",
  "al",
  "el",
  "ad",
  "ed",
  "an",
  "en",
  "ar",
  "er",
  "as",
  "es",
  "ash",
  "ech",
  "at",
  "et",
  "az",
  "ez",
  "ad-",
  "il",
]);

/** Latin: lower case, no accents or apostrophes, hyphens as spaces, articles dropped. */
export function normalizeLatin(input: string): string {
  const words = input
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’‘`ʿʾ]/g, "")
    .replace(/[^a-z0-9\s-]/g, " ")
    .replace(/-/g, " ")
    .split(/\s+/)
    .filter(Boolean);
  const kept = words.filter((w, i) => !(LATIN_ARTICLES.has(w) && words.length > 1 && i < words.length - 1));
  return kept.join(" ");
}

const ARABIC_TO_LATIN: Record<string, string> = {
  ا: "",
  ب: "b",
  ت: "t",
  ث: "t",
  ج: "j",
  ح: "h",
  خ: "kh",
  د: "d",
  ذ: "d",
  ر: "r",
  ز: "z",
  س: "s",
  ش: "sh",
  ص: "s",
  ض: "d",
  ط: "t",
  ظ: "z",
  ع: "",
  غ: "gh",
  ف: "f",
  ق: "k",
  ك: "k",
  ل: "l",
  م: "m",
  ن: "n",
  ه: "h",
  و: "w",
  ي: "y",
  ء: "",
};

/** Consonant skeleton of one normalised Latin word. */
function latinSkeletonWord(word: string): string {
  let w = word
    .replace(/sch/g, "sh")
    .replace(/ch/g, "sh") // French spelling of ش: Bcharré, Chouf
    .replace(/dj/g, "j")
    .replace(/g(?=[eiy])/g, "j") // French soft g for ج: Gemayel, Gebran, Frangieh
    .replace(/ph/g, "f")
    .replace(/th/g, "t")
    .replace(/dh/g, "d")
    .replace(/q/g, "k")
    .replace(/c/g, "k")
    .replace(/x/g, "ks");
  const first = w[0] === "y" || w[0] === "w" ? w[0] : "";
  w = first + w.slice(first.length).replace(/[aeiouyw]/g, "");
  // A final h after a vowel is a spelling of ة or a long vowel (Zahleh, Baalbeh).
  w = w.replace(/(.)h$/, (m, c: string) => (word.length > 2 && /[aeiou]h$/.test(word) ? c : m));
  return w.replace(/(.)\1+/g, "$1");
}

/** Consonant skeleton of one normalised Arabic word (long vowels and ع dropped). */
function arabicSkeletonWord(word: string): string {
  let out = "";
  [...word].forEach((ch, i) => {
    if ((ch === "و" || ch === "ي") && i > 0) return;
    if (ch === "ه" && i === word.length - 1 && i > 1) return; // ة / final ه
    out += ARABIC_TO_LATIN[ch] ?? "";
  });
  return out.replace(/(.)\1+/g, "$1");
}

/** The cross-script key: the same for a name in Arabic and in its usual Latin spellings. */
export function skeleton(input: string): string {
  const words = hasArabic(input)
    ? normalizeArabic(input).split(" ").map(arabicSkeletonWord)
    : normalizeLatin(input).split(" ").map(latinSkeletonWord);
  return words.filter(Boolean).join(" ");
}

let equivalents: Map<string, string> | null = null;

/** Normalised spelling (one or two words) → the shared key of its group of equivalent names. */
function equivalentKeys(): Map<string, string> {
  if (equivalents) return equivalents;
  equivalents = new Map();
  for (const group of NAME_EQUIVALENTS) {
    const key = skeleton(group[0]);
    for (const spelling of group) equivalents.set(hasArabic(spelling) ? normalizeArabic(spelling) : normalizeLatin(spelling), key);
  }
  return equivalents;
}

/**
 * The skeleton with known names replaced by their group's key, so Joseph, José and يوسف
 * give the same key as Youssef (see given-names.ts). Names not in the table keep their skeleton.
 */
export function phoneticKey(input: string): string {
  const arabic = hasArabic(input);
  const words = (arabic ? normalizeArabic(input) : normalizeLatin(input)).split(" ").filter(Boolean);
  const table = equivalentKeys();
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const pair = i + 1 < words.length ? table.get(`${words[i]} ${words[i + 1]}`) : undefined;
    if (pair) {
      out.push(pair);
      i++;
      continue;
    }
    out.push(table.get(words[i]) ?? (arabic ? arabicSkeletonWord(words[i]) : latinSkeletonWord(words[i])));
  }
  return out.filter(Boolean).join(" ");
}

export interface NameKeys {
  latin: string;
  arabic: string;
  skeleton: string;
}

/** Search keys for a record with Latin and Arabic names (all variants joined). */
export function nameKeys(latinNames: (string | null | undefined)[], arabicNames: (string | null | undefined)[]): NameKeys {
  const latin = [...new Set(latinNames.filter(Boolean).map((n) => normalizeLatin(n!)))].filter(Boolean);
  const arabic = [...new Set(arabicNames.filter(Boolean).map((n) => normalizeArabic(n!)))].filter(Boolean);
  // Each name's own skeleton and, where it differs, its key with equivalent names folded.
  const skel = [...new Set([...latinNames, ...arabicNames].filter(Boolean).flatMap((n) => [skeleton(n!), phoneticKey(n!)]))].filter(
    Boolean,
  );
  return { latin: latin.join(" | "), arabic: arabic.join(" | "), skeleton: skel.join(" | ") };
}
