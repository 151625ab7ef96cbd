import { describe, expect, it } from "@jest/globals";
import { changedParagraphs, revisionDiff, wordDiff, words, type DiffPart } from "./words.js";

/** The diff as a compact string: [+added] [-removed] [~moved paragraph], same text as is. */
const show = (parts: DiffPart[]) =>
  parts.map((p) => (p.kind === "same" ? p.text : `[${p.moved ? "~" : p.kind === "added" ? "+" : "-"}${p.text}]`)).join("");

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
  ];
  it.each(table)("%s", (_name, lang, before, after, expected) => {
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
