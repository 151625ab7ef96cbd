/**
 * Name keys that let Lebanese names match across scripts and spellings: Arabic
 * normalisation, Latin normalisation, and the cross-script consonant skeleton of skeleton.ts
 * (Zahlé / Zahleh / زحلة → "zhl", Bcharré / بشري → "bcr", Khoury / الخوري → "5r").
 */

import { LATIN_ARTICLES, nameUnits } from "./skeleton.js";

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
      // Heh as Persian and Urdu write it (ہ ھ ە ۀ): "زحلہ" is "زحله".
      .replace(/[ہھەۀ]/g, "ه")
      .replace(/[^\u0621-\u064A\s]/g, " ")
      .split(/\s+/)
      .filter(Boolean)
      // The article ال (and وال, بال) carries no identity: الخوري = خوري.
      .map((w) => (w.length > 3 ? w.replace(/^(و|ب|ف)?ال/, "") : w))
      .join(" ")
  );
}

/**
 * A name's spelling key in its own script (normalizeArabic or normalizeLatin): the same for two
 * spellings of one name in one script. Keys of the two scripts never meet (Arabic letters against
 * a–z and digits), except empty ones: an empty key names nothing.
 */
export const spellingKey = (name: string): string => (hasArabic(name) ? normalizeArabic(name) : normalizeLatin(name));

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

/** The cross-script key (each word's ordinary reading): the same for a name in Arabic and in its usual Latin spellings. */
export function skeleton(input: string): string {
  return nameUnits(input)
    .map((u) => u.keys[0]?.key ?? "")
    .filter(Boolean)
    .join(" ");
}

export interface NameKeys {
  latin: string;
  arabic: string;
  skeleton: string;
}

/**
 * Search keys for a record with Latin and Arabic names (all variants joined): each name's
 * skeleton, then one more part with every other reading of its words (Latin-American
 * spellings, fused articles), so a search in any of them finds the record by whole words.
 * Equivalent names in other languages (Joseph = Youssef) are not stored: a search expands to
 * them (equivalents.ts), so a curator's change to the list applies at once.
 */
export function nameKeys(latinNames: (string | null | undefined)[], arabicNames: (string | null | undefined)[]): NameKeys {
  const latin = [...new Set(latinNames.filter(Boolean).map((n) => normalizeLatin(n!)))].filter(Boolean);
  const arabic = [...new Set(arabicNames.filter(Boolean).map((n) => normalizeArabic(n!)))].filter(Boolean);
  const names = [...latinNames, ...arabicNames].filter((n): n is string => Boolean(n?.trim()));
  const units = names.map(nameUnits);
  const skel = [
    ...new Set(
      units.map((us) =>
        us
          .map((u) => u.keys[0]?.key ?? "")
          .filter(Boolean)
          .join(" "),
      ),
    ),
  ].filter(Boolean);
  const bases = new Set(skel.flatMap((s) => s.split(" ")));
  const others = [...new Set(units.flat().flatMap((u) => [...u.keys, ...u.extra].map((k) => k.key)))].filter((k) => !bases.has(k));
  if (others.length) skel.push(others.join(" "));
  return { latin: latin.join(" | "), arabic: arabic.join(" | "), skeleton: skel.join(" | ") };
}
