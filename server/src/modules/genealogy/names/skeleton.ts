/**
 * The transliteration skeleton: one key per way of reading a word, the same for a name in
 * Arabic script and in its Latin renderings (French, English, Spanish, Portuguese).
 *
 * A key keeps the consonants, one character per Arabic consonant class: `c` ش (sh, ch, sch,
 * x-), `5` خ (kh), `g` غ (gh), `j` ج (j, dj, soft g); vowels, ع and hamza drop out, doubled
 * letters count once. Where a spelling can be read two ways it gets two keys, each tagged
 * with why it exists:
 * - SPELLING: the ordinary reading, and the usual doubles (ث = t or s, a final -eh);
 * - LATIN_AMERICAN: how Spanish and Portuguese write Arabic sounds — j for خ (Jalil =
 *   Khalil), y for ج (Yamil = Jamil), c/k for خ (Calil, Cury), x for ش (Xaia), ã/õ for a
 *   final -an/-on (Simão);
 * - FUSED_ARTICLE: an article written into the word (Elhage = El Hage = الحاج, Abdelnour =
 *   Abdel Nour = عبد النور, Alameddine = Alam ed-Din = علم الدين).
 * Compounds join into one key in every script: abu/abou/bou/abi + name (Abou Karam =
 * Boukaram = Bucaram = أبو كرم), abd + name (Abd al-Nur = Abdelnour), name + Allah
 * (Nasr Allah = Nasrallah = نصرالله).
 */

export type KeyVia = "SPELLING" | "LATIN_AMERICAN" | "FUSED_ARTICLE";

export interface WordKey {
  key: string;
  via: KeyVia;
}

/** One word of a name as searched and indexed (a compound counts as one word). */
export interface NameUnit {
  /** The word as written (a compound with its parts: "Abou Karam"). */
  text: string;
  arabic: boolean;
  /** Its keys, the ordinary reading first. */
  keys: WordKey[];
  /** Keys a stored name is also found by but a search does not expand to (the parts of a fused word). */
  extra: WordKey[];
}

const ARABIC = /[\u0600-\u06FF]/;
const MAX_KEYS = 8;

type Letter = { codes: string[]; via: KeyVia };
const VOWELS = "aeiouy";

/**
 * Latin articles (el-, al-, ed-, ech- …) written before a name: the one list of the Latin key
 * (normalizeLatin) and the skeleton. Stored keys depend on it: a change needs a migration that
 * calls rekeyNames.
 */
export const LATIN_ARTICLES: ReadonlySet<string> = new Set([
  "el",
  "al",
  "il",
  "ul",
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
  "esh",
  "at",
  "et",
  "az",
  "ez",
]);
const ABU = new Set(["abou", "abu", "abo", "bou", "bu", "abi", "aby", "abbou"]);
const ABD = /^abd(el|al|ul|il|ol|u|e)?$/;
const ALLAH = /^(allah|alla|ullah|ellah|illah|llah|lah)$/;
/** A fused Allah at the end of a longer word: Nasrallah, Abdullah, Fadlalla, Atallah. */
const ALLAH_SUFFIX = /(allah|alla|ullah|ulla|ellah|illah)$/;

const dedupe = (keys: WordKey[]): WordKey[] => {
  const seen = new Set<string>();
  return keys.filter((k) => k.key && !seen.has(k.key) && seen.add(k.key)).slice(0, MAX_KEYS);
};

/** Every key of a sequence of letters, each letter given as its possible codes (the first is its ordinary one). */
function expand(letters: { codes: string[]; via: KeyVia }[]): WordKey[] {
  let out: { key: string; via: KeyVia }[] = [{ key: "", via: "SPELLING" }];
  for (const l of letters) {
    const next: WordKey[] = [];
    for (const o of out)
      l.codes.forEach((c, i) => next.push({ key: o.key + c, via: i === 0 ? o.via : o.via === "SPELLING" ? l.via : o.via }));
    out = next.slice(0, MAX_KEYS * 2);
  }
  return dedupe(out.map((o) => ({ key: o.key.replace(/(.)\1+/g, "$1"), via: o.via })));
}

// ---------------------------------------------------------------- Latin

/** Lower case, no accents; Portuguese nasals and ç read first (Simão = Siman, Gonçalo). */
export function latinLetters(input: string): string {
  return input
    .normalize("NFC")
    .toLowerCase()
    .replace(/ão/g, "aon")
    .replace(/[ãâ](?=\s|$)/g, "an")
    .replace(/õe?/g, "on")
    .replace(/ç/g, "s")
    .replace(/ñ/g, "n")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/['’‘`ʿʾ]/g, "");
}

const L = (c: string): Letter => ({ codes: [c], via: "SPELLING" });
const LA = (c: string, other: string): Letter => ({ codes: [c, other], via: "LATIN_AMERICAN" });
const afterVowel = (w: string, i: number) => i > 0 && VOWELS.includes(w[i - 1]);

/** Latin spellings of Arabic consonants, tried in order at each position (sticky regexes). */
const LATIN_RULES: [RegExp, (m: RegExpExecArray, w: string, i: number) => Letter[]][] = [
  [/sch|sh|ch/y, () => [L("c")]],
  [/kh/y, () => [LA("5", "k")]], // Calil, Cury: Portuguese has no خ
  [/gh/y, () => [L("g")]],
  [/dj/y, () => [L("j")]],
  [/ph/y, () => [L("f")]],
  [/th/y, () => [L("t")]],
  [/dh/y, () => [L("d")]],
  // Portuguese lh, nh are one sound (Coelho); elsewhere two letters (Elhage).
  [/([ln])h(?=[aeiouy])/y, (m) => [L(m[1]), { codes: ["h", ""], via: "LATIN_AMERICAN" }]],
  [/cqu|ck|qu(?=[ei])|q|k/y, () => [L("k")]],
  [/gu(?=[ei])/y, () => [L("g")]], // Miguel, Guirguis
  [/c(?=[eiy])/y, () => [L("s")]],
  [/c/y, () => [L("k")]],
  // Portuguese x for ش, first or between vowels: Xaia = Chaia, Bixara = Bechara.
  [/x/y, (_m, w, i) => (i === 0 || afterVowel(w, i) ? [LA("ks", "c")] : [L("k"), L("s")])],
  [/g(?=[eiy])/y, () => [LA("j", "g")]], // French soft g: Gemayel; Dager = Dagher
  [/g/y, () => [L("g")]],
  [/j/y, () => [LA("j", "5")]], // Spanish j for خ: Jalil, Jazen, Jury
  [/p/y, () => [L("b")]],
  [/^i(?=[aeou])/y, () => [LA("", "y")]], // Iazbek = Yazbek, Iunes
  [/^y(?=[aeiou])/y, () => [LA("y", "j")]], // Spanish y for ج: Yamil, Yabur
  [/^w(?=[aeiou])/y, () => [L("w")]],
  // A final h after a vowel is ة or a long vowel (Zahleh = Zahle), or ح (Farah = فرح).
  [/h$/y, (_m, w, i) => (i > 1 && afterVowel(w, i) ? [{ codes: ["", "h"], via: "SPELLING" }] : [L("h")])],
  [/[bdfhlmnrstvz]/y, (m) => [L(m[0])]],
  [/./y, () => []], // vowels, and y or w inside a word
];

/** The consonant letters of one Latin word, with their Latin-American alternatives. */
function latinConsonants(w: string): Letter[] {
  const out: Letter[] = [];
  for (let i = 0; i < w.length;) {
    for (const [re, letters] of LATIN_RULES) {
      re.lastIndex = i;
      const m = re.exec(w);
      if (!m) continue;
      out.push(...letters(m, w, i));
      i += m[0].length;
      break;
    }
  }
  return out;
}

/**
 * A function of one string, remembered for the last few thousand strings: names repeat (the
 * same given names and families across a file, a page of results), and keys are pure.
 */
export function remembered<T>(fn: (s: string) => T, size = 5000): (s: string) => T {
  const seen = new Map<string, T>();
  return (s) => {
    let v = seen.get(s);
    if (v === undefined) {
      v = fn(s);
      if (seen.size >= size) seen.delete(seen.keys().next().value!);
      seen.set(s, v);
    }
    return v;
  };
}

const latinKeys = remembered((w: string): WordKey[] => expand(latinConsonants(w)));
const baseOf = (keys: WordKey[]) => keys[0]?.key ?? "";

/** An article fused to the front (Elhage, Almurr) or inside a word (Abdelnour, Nasreddine): its parts, when both are names. */
function latinFusedParts(w: string): [string, string] | null {
  const initial = /^(el|al|il|ul)(?=[^aeiouly])/.exec(w);
  if (initial && baseOf(latinKeys(w.slice(2))).length >= 2) return ["", w.slice(2)];
  for (let i = 2; i < w.length - 3; i++) {
    const head = w.slice(0, i);
    if (baseOf(latinKeys(head)).length < 2 || !VOWELS.includes(w[i])) continue;
    // Moon letters keep the l (Abd-el-Nour); sun letters double instead (Nasr-ed-Dine, Abd-en-Nour).
    const moon = w[i + 1] === "l" && !VOWELS.includes(w[i + 2]) && w[i + 2] !== "l" ? w.slice(i + 2) : null;
    const sun = w[i + 1] === w[i + 2] && "dtszrnl".includes(w[i + 1]) ? w.slice(i + 2) : null;
    const tail = moon ?? sun;
    if (tail && baseOf(latinKeys(tail)).length >= 2) return [head, tail];
  }
  return null;
}

function latinUnit(text: string, w: string): NameUnit {
  return { text, arabic: false, ...latinWordKeys(w) };
}

const latinWordKeys = remembered((w: string): Pick<NameUnit, "keys" | "extra"> => {
  const allah = ALLAH_SUFFIX.exec(w);
  if (allah && w.length > allah[0].length + 1) return joined(latinUnit("", w.slice(0, -allah[0].length)), ALLAH_UNIT(false), "");
  const keys = latinKeys(w);
  const parts = latinFusedParts(w);
  if (!parts) return { keys, extra: [] };
  const [head, tail] = parts;
  const tailKeys = latinKeys(tail);
  const abd = /^abd/.test(head);
  const fused = head
    ? expandJoin(latinKeys(head.replace(/^(abd).*/, "$1")), tailKeys).map((k) => ({ key: k.key, via: "FUSED_ARTICLE" as const }))
    : tailKeys.map((k) => ({ key: k.key, via: "FUSED_ARTICLE" as const }));
  const extra = head && !abd ? [...latinKeys(head), ...tailKeys].map((k) => ({ key: k.key, via: "FUSED_ARTICLE" as const })) : [];
  return { keys: dedupe([...keys, ...fused]), extra: dedupe(extra) };
});

// ---------------------------------------------------------------- Arabic

const ARABIC_CODES: Record<string, string[]> = {
  ب: ["b"],
  ت: ["t"],
  ث: ["t", "s"],
  ج: ["j"],
  ح: ["h"],
  خ: ["5", "k"],
  د: ["d"],
  ذ: ["d", "z"],
  ر: ["r"],
  ز: ["z"],
  س: ["s"],
  ش: ["c"],
  ص: ["s"],
  ض: ["d"],
  ط: ["t"],
  ظ: ["z", "d"],
  غ: ["g"],
  ف: ["f"],
  ق: ["k"],
  ك: ["k"],
  ل: ["l"],
  م: ["m"],
  ن: ["n"],
  ه: ["h"],
};

/** Arabic letters folded the way normalizeArabic folds them (one alef, ى→ي, ة→ه, hamza seats). */
export function arabicLetters(input: string): string {
  return input
    .replace(/[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED\u0640]/g, "")
    .replace(/[أإآٱ]/g, "ا")
    .replace(/ى/g, "ي")
    .replace(/ة/g, "ه")
    .replace(/ؤ/g, "و")
    .replace(/ئ/g, "ي")
    .replace(/ی/g, "ي")
    .replace(/ک/g, "ك")
    .replace(/[^\u0621-\u064A\s]/g, " ");
}

function arabicKeys(word: string): WordKey[] {
  const letters: Letter[] = [];
  [...word].forEach((ch, i) => {
    if (ch === "و" || ch === "ي") {
      if (i === 0) letters.push({ codes: [ch === "و" ? "w" : "y"], via: "SPELLING" });
      return;
    }
    if (ch === "ه" && i === word.length - 1 && i > 1) return; // ة / final ه
    const codes = ARABIC_CODES[ch];
    if (codes) letters.push({ codes, via: ch === "خ" ? "LATIN_AMERICAN" : "SPELLING" });
  });
  return expand(letters);
}

function arabicUnit(text: string, w: string): NameUnit {
  return { text, arabic: true, ...arabicWordKeys(w) };
}

const arabicWordKeys = remembered((w: string): Pick<NameUnit, "keys" | "extra"> => {
  if (w.length > 4 && w.endsWith("الله")) return joined(arabicUnit("", w.slice(0, -4)), ALLAH_UNIT(true), "");
  if (/^عبدال./.test(w) && w.length > 6) return joined(arabicUnit("", "عبد"), arabicUnit("", w.slice(5)), "");
  return { keys: arabicKeys(w), extra: [] };
});

// ---------------------------------------------------------------- compounds

const ALLAH_UNIT = (arabic: boolean): NameUnit => ({
  text: arabic ? "الله" : "Allah",
  arabic,
  keys: [{ key: "lh", via: "SPELLING" }],
  extra: [],
});

function expandJoin(a: WordKey[], b: WordKey[]): WordKey[] {
  const out: WordKey[] = [];
  for (const x of a)
    for (const y of b) out.push({ key: (x.key + y.key).replace(/(.)\1+/g, "$1"), via: x.via === "SPELLING" ? y.via : x.via });
  return dedupe(out);
}

function joined(a: NameUnit, b: NameUnit, text: string): NameUnit {
  return { text, arabic: a.arabic, keys: expandJoin(a.keys, b.keys), extra: dedupe([...a.extra, ...b.extra]) };
}

interface RawWord {
  text: string;
  w: string;
  article: boolean;
}

/** The words of a name, each with the spelling its keys are read from (articles marked, kept for position). */
function rawWords(input: string): RawWord[] {
  if (ARABIC.test(input)) {
    return arabicLetters(input)
      .split(/\s+/)
      .filter(Boolean)
      .flatMap((word) => {
        if (word === "ال") return [{ text: word, w: word, article: true }];
        const bare = word.length > 3 && word !== "الله" ? word.replace(/^(و|ب|ف)?ال/, "") : word;
        return bare !== word
          ? [
              { text: word, w: "ال", article: true },
              { text: word, w: bare, article: false },
            ]
          : [{ text: word, w: word, article: false }];
      });
  }
  const original = input.split(/[\s-]+/).filter(Boolean);
  return original.flatMap((text) =>
    latinLetters(text)
      .split(/[^a-z0-9]+/)
      .filter(Boolean)
      .map((w) => ({ text, w, article: LATIN_ARTICLES.has(w) })),
  );
}

/**
 * A name as units: compounds joined, articles dropped (a lone article stays a word: "El").
 * An article standing between two words also gives the stored name their joined key
 * (Alam ed-Din is found by Alameddine).
 */
export const nameUnits = remembered((input: string): readonly NameUnit[] => unitsOf(input));

function unitsOf(input: string): NameUnit[] {
  const words = rawWords(input);
  const arabic = ARABIC.test(input);
  const unit = (r: RawWord) => (arabic ? arabicUnit(r.text, r.w) : latinUnit(r.text, r.w));
  const out: NameUnit[] = [];
  let articleBefore = false;
  for (let i = 0; i < words.length; i++) {
    const r = words[i];
    const next = words[i + 1];
    if (r.article && (next || out.length)) {
      articleBefore = true;
      continue;
    }
    const isAllah = arabic ? r.w === "الله" || (r.w === "له" && articleBefore) : ALLAH.test(r.w) && (!r.w.startsWith("l") || articleBefore);
    const prev = out[out.length - 1];
    if (isAllah && prev) {
      out[out.length - 1] = joined(prev, ALLAH_UNIT(arabic), `${prev.text} ${r.text}`);
      articleBefore = false;
      continue;
    }
    let u = unit(r);
    const head = arabic ? ["ابو", "بو", "ابي", "عبد"].includes(r.w) : ABU.has(r.w) || ABD.test(r.w);
    if (head && next) {
      // Abou Karam, Abd al-Nur: the head and the name after it (any article between dropped) are one name.
      let j = i + 1;
      while (words[j]?.article && words[j + 1]) j++;
      const tail = words[j];
      const headUnit = arabic || !ABD.test(r.w) ? u : latinUnit(r.text, "abd");
      const tailUnit = ALLAH.test(tail.w) || tail.w === "الله" ? ALLAH_UNIT(arabic) : unit(tail);
      u = joined(
        headUnit,
        tailUnit,
        words
          .slice(i, j + 1)
          .map((x) => x.text)
          .filter((t, k, a) => a.indexOf(t) === k)
          .join(" "),
      );
      i = j;
    } else if (articleBefore && prev) {
      prev.extra = dedupe([
        ...prev.extra,
        ...expandJoin(prev.keys.slice(0, 1), u.keys.slice(0, 1)).map((k) => ({ ...k, via: "FUSED_ARTICLE" as const })),
      ]);
    }
    out.push(u);
    articleBefore = false;
  }
  return out;
}
