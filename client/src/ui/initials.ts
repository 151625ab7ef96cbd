/** Arabic letters (the main block and presentation forms). */
const ARABIC = /[\u0600-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFF]/;
/** Particles that are not a given or a family name on their own (Latin: de, el-, van…; Arabic: بن، أبو…). */
const LATIN_PARTICLES = new Set([
  "de",
  "del",
  "della",
  "di",
  "da",
  "du",
  "des",
  "la",
  "le",
  "van",
  "von",
  "der",
  "den",
  "bin",
  "ben",
  "ibn",
  "bint",
  "el",
  "al",
  "abou",
  "abu",
  "y",
  "e",
]);
const ARABIC_PARTICLES = new Set(["بن", "ابن", "بنت", "أبو", "ابو", "أبي", "آل", "ال"]);
/** Arabic given names written in two words: "عبد الله" is one name, its initial is ع. */
const ARABIC_COMPOUND_FIRST = new Set(["عبد", "أبو", "ابو"]);
const TATWEEL_AND_MARKS = /\u0640|[\u064B-\u065F]|\u0670|[\u06D6-\u06ED]/g;

/**
 * The first letter of a word; of a family name, past a Latin "el-"/"al-" or the Arabic article
 * ال ("الخوري" → خ). A given name keeps its first letter: "الياس" (Elias) is not an article.
 */
function firstLetter(word: string, arabic: boolean, family = false): string {
  if (arabic) {
    const w = word.replace(TATWEEL_AND_MARKS, "");
    const bare = family && w.length > 3 && w.startsWith("ال") ? w.slice(2) : w;
    return bare.charAt(0);
  }
  const bare = word.replace(/^(el|al|d|l)['’-](?=\p{L})/iu, "");
  const letter = bare.match(/\p{L}/u)?.[0] ?? "";
  return letter.toLocaleUpperCase();
}

/**
 * Initials for an avatar, in the name's own script: the first letters of the given name and of
 * the family name ("Marie-Claire Haddad" → "MH", "Khalil el-Khoury" → "KK"; "جرجس الخوري" →
 * "ج‌خ", "عبد الله بن سعيد" → "ع‌س"). Arabic letters are kept apart by a zero-width non-joiner so
 * they read as two initials, not a word. One letter for a single name, "?" for none.
 */
export function initials(name: string | null | undefined): string {
  const text = (name ?? "").trim();
  if (!text) return "?";
  const arabic = ARABIC.test(text.match(/[\p{L}]/u)?.[0] ?? "");
  const particles = arabic ? ARABIC_PARTICLES : LATIN_PARTICLES;
  const words = text.split(/[\s,]+/).filter((w) => /\p{L}/u.test(w));
  if (!words.length) return "?";
  const given = words[0];
  let rest = words.slice(arabic && ARABIC_COMPOUND_FIRST.has(given) && words.length > 2 ? 2 : 1);
  rest = rest.filter((w) => !particles.has(arabic ? w : w.toLowerCase()));
  const family = rest[rest.length - 1];
  const letters = [firstLetter(given, arabic), family ? firstLetter(family, arabic, true) : ""].filter(Boolean);
  return letters.join(arabic ? "\u200C" : "") || "?";
}
