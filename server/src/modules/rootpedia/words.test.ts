import { describe, expect, it } from "@jest/globals";
import { blockOps } from "./compare.js";
import { changedParagraphs, revisionDiff, wordDiff, words, type DiffKind, type DiffPart } from "./words.js";

/** The diff as a compact string: [+added] [-removed] [~moved paragraph], same text as is. */
const show = (parts: DiffPart[]) =>
  parts.map((p) => (p.kind === "same" ? p.text : `[${p.moved ? "~" : p.kind === "added" ? "+" : "-"}${p.text}]`)).join("");

const PREFIX: Record<string, (level: number, label: string | null) => string> = {
  heading: (level) => `${"#".repeat(level)} `,
  bullet: () => "- ",
  numbered: (_, label) => `${label}. `,
  quote: () => "> ",
  note: (_, label) => `[^${label}]: `,
};

/** A paragraph's readable diff in the same notation, as its text reads (no escapes, no marks); a line's kind as a prefix. */
function showReadable(before: string, after: string, language: string): string {
  const ops = blockOps(before, after, language)!;
  const runs: { kind: DiffKind; text: string }[] = [];
  // Lines met so far on each side: a line after another one starts on a new line.
  const seen = { before: 0, after: 0 };
  ops.forEach(({ kind, token }) => {
    let text = token.text;
    if (token.line) {
      const sides = kind === "same" ? (["before", "after"] as const) : kind === "removed" ? (["before"] as const) : (["after"] as const);
      const next = sides.map((side) => seen[side]++ > 0).some(Boolean);
      text = `${next ? "\n" : ""}${PREFIX[token.line.type]?.(token.line.level, token.line.label) ?? ""}`;
    }
    const last = runs[runs.length - 1];
    if (last?.kind === kind) last.text += text;
    else runs.push({ kind, text });
  });
  return show(runs.filter((r) => r.text));
}

describe("words", () => {
  it("keeps Arabic words whole (clitics, diacritics) and cuts punctuation apart", () => {
    expect(words("وُلِدَ في زحلة، سنة ١٨٩٠.", "ar").filter((w) => w.trim())).toEqual(["وُلِدَ", "في", "زحلة", "،", "سنة", "١٨٩٠", "."]);
    expect(words("l'église Saint-Élie", "fr").filter((w) => w.trim())).toContain("Élie");
  });
});

describe("the word diff", () => {
  const table: [string, string, string, string, string][] = [
    [
      "Arabic: one word changed",
      "ar",
      "هاجر يوسف إلى البرازيل سنة 1895.",
      "هاجر يوسف إلى الأرجنتين سنة 1895.",
      "هاجر يوسف إلى [-البرازيل][+الأرجنتين] سنة 1895.",
    ],
    ["Arabic: punctuation only", "ar", "زحلة، عروس البقاع", "زحلة: عروس البقاع", "زحلة[-،][+:] عروس البقاع"],
    ["Arabic: a word added", "ar", "كنيسة مار الياس", "كنيسة مار الياس القديمة", "كنيسة مار الياس[+ القديمة]"],
    ["Arabic: diacritics changed", "ar", "وُلد في بيروت", "وُلِدَ في بيروت", "[-وُلد][+وُلِدَ] في بيروت"],
    ["Arabic-Indic digits", "ar", "سنة ١٨٩٠", "سنة ١٨٩٥", "سنة [-١٨٩٠][+١٨٩٥]"],
    ["French: accents", "fr", "L'église fut bâtie en 1890.", "L'église fut rebâtie en 1890.", "L'église fut [-bâtie][+rebâtie] en 1890."],
    ["French: an apostrophe word", "fr", "la fête de l'Assomption", "la fête de la Croix", "la fête de [-l'Assomption][+la Croix]"],
    ["English: a word removed", "en", "The old stone church", "The stone church", "The [-old ]stone church"],
    ["mixed: Latin name in Arabic", "ar", "عائلة Khoury من زحلة", "عائلة Khouri من زحلة", "عائلة [-Khoury][+Khouri] من زحلة"],
    [
      "mixed: Arabic name in French",
      "fr",
      "La famille خوري vient de Zahlé",
      "La famille الخوري vient de Zahlé",
      "La famille [-خوري][+الخوري] vient de Zahlé",
    ],
    ["nothing changed", "ar", "بشري", "بشري", "بشري"],
    ["everything new", "en", "", "Founded in 1711.", "[+Founded in 1711.]"],
    // What the readable diff adds: a sentence mostly rewritten is shown whole against its new form.
    [
      "a sentence rewritten: whole against whole",
      "en",
      "The church was built in 1890 by the villagers.",
      "In 1890, a new chapel replaced the old church.",
      "[-The church was built in 1890 by the villagers.][+In 1890, a new chapel replaced the old church.]",
    ],
    [
      "Arabic: a sentence rewritten",
      "ar",
      "بُنيت الكنيسة سنة ١٨٩٠ بأيدي أهل القرية.",
      "حلّت محلّها كنيسة جديدة بعد الحرب.",
      "[-بُنيت الكنيسة سنة ١٨٩٠ بأيدي أهل القرية.][+حلّت محلّها كنيسة جديدة بعد الحرب.]",
    ],
    [
      "French: one sentence rewritten, the next one changed by a word",
      "fr",
      "L'église fut bâtie en 1890. Le pont date du XIXe siècle.",
      "Une chapelle neuve remplaça l'ancienne en 1925. Le pont date du XVIIIe siècle.",
      "[-L'église fut bâtie en 1890.][+Une chapelle neuve remplaça l'ancienne en 1925.] Le pont date du [-XIXe][+XVIIIe] siècle.",
    ],
    [
      "mixed: an Arabic sentence rewritten beside a French one kept",
      "ar",
      "هاجر يوسف إلى البرازيل. Il revint en 1920.",
      "عاد إلى زحلة بعد الحرب الكبرى. Il revint en 1920.",
      "[-هاجر يوسف إلى البرازيل.][+عاد إلى زحلة بعد الحرب الكبرى.] Il revint en 1920.",
    ],
    [
      "two words changed, with the space between",
      "en",
      "a stone bridge over the river",
      "a wooden footbridge over the river",
      "a [-stone bridge][+wooden footbridge] over the river",
    ],
    [
      "no escapes: escaped and plain text read the same",
      "fr",
      "Église Saint\\-Élie \\(Mar Elias\\)",
      "Église Saint-Élie (Mar Elias), bâtie en 1890",
      "Église Saint-Élie (Mar Elias)[+, bâtie en 1890]",
    ],
    [
      "no marks: bold and links read as their words",
      "fr",
      "La **famille** [Khoury](roots:registry/r1)",
      "La **famille** [Khouri](roots:registry/r1)",
      "La famille [-Khoury][+Khouri]",
    ],
    [
      "Arabic: a word added to a link's text",
      "ar",
      "[زحلة](roots:village/zahle) عروس البقاع",
      "[مدينة زحلة](roots:village/zahle) عروس البقاع",
      "[+مدينة ]زحلة عروس البقاع",
    ],
    ["a heading stays a heading", "en", "## History", "## History of Zahle", "## History[+ of Zahle]"],
    ["a paragraph made a heading", "en", "History", "## History", "[-History][+## History]"],
  ];
  it.each(table)("%s", (_name, lang, before, after, expected) => {
    expect(showReadable(before, after, lang)).toBe(expected);
  });
  // The plain word diff (rootpediaDiff, proposals) keeps its marks word by word.
  it.each(table.slice(0, 12))("word by word: %s", (_name, lang, before, after, expected) => {
    expect(show(wordDiff(before, after, lang))).toBe(expected);
  });
});

describe("the revision diff", () => {
  it("shows a paragraph moved elsewhere as moved, not as every word changed", () => {
    const before = "الفقرة الأولى.\n\nالفقرة الثانية.\n\nالفقرة الثالثة.\n";
    const after = "الفقرة الثانية.\n\nالفقرة الثالثة.\n\nالفقرة الأولى.\n";
    const parts = revisionDiff(before, after, "ar");
    expect(parts.filter((p) => p.moved).map((p) => [p.kind, p.text.trim()])).toEqual([
      ["removed", "الفقرة الأولى."],
      ["added", "الفقرة الأولى."],
    ]);
    expect(parts.filter((p) => p.kind === "same").map((p) => p.text.trim())).toEqual(["الفقرة الثانية.\n\nالفقرة الثالثة."]);
  });

  it("shows two paragraphs swapped in French, with the others unchanged", () => {
    const parts = revisionDiff("Intro.\n\nA.\n\nB.\n", "Intro.\n\nB.\n\nA.\n", "fr");
    expect(parts[0]).toEqual({ kind: "same", text: "Intro.\n\n" });
    expect(parts.some((p) => p.moved)).toBe(true);
    expect(parts.filter((p) => p.kind !== "same").every((p) => p.moved)).toBe(true);
  });

  it("compares a paragraph rewritten in place word by word", () => {
    expect(show(revisionDiff("Titre\n\nLe village compte 500 habitants.\n", "Titre\n\nLe village compte 650 habitants.\n", "fr"))).toBe(
      "Titre\n\nLe village compte [-500][+650] habitants.\n",
    );
  });

  it("lists the paragraphs a translator must bring over", () => {
    expect(changedParagraphs("One.\n\nTwo.\n", "One.\n\nTwo, changed.\n\nThree.\n")).toEqual(["Two, changed.", "Three."]);
  });
});
