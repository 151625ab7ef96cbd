import { describe, expect, it } from "@jest/globals";
import { compareTexts, type ComparedLine, type ComparedRow } from "./compare.js";
import { Mark, readBlock, readInline } from "./diff-reading.js";

/** A side as its words read, with [-removed] and [+added] marked; a line's type before it. */
const side = (lines: ComparedLine[]) =>
  lines
    .map(
      (l) =>
        `${l.type === "paragraph" ? "" : `${l.type}${l.level || ""}: `}${l.spans
          .map((s) => (s.change === "same" ? s.text : `[${s.change === "added" ? "+" : "-"}${s.text}]`))
          .join("")}`,
    )
    .join(" / ");
/** Rows as `kind: old ⟷ new` (one side for context, a count for collapsed paragraphs). */
const rows = (r: ComparedRow[]) =>
  r.map((x) =>
    x.kind === "skipped"
      ? `… ${x.skipped}`
      : x.kind === "same"
        ? `= ${side(x.before)}`
        : `${x.kind}${x.moveId ? ` ~${x.moveId}` : ""}: ${side(x.before)} ⟷ ${side(x.after)}`,
  );
const para = (n: number, lang = "en") => (lang === "ar" ? `الفقرة رقم ${n}.` : `Paragraph number ${n}.`);
const doc = (ps: string[]) => ps.join("\n\n") + "\n";

describe("the side-by-side comparison", () => {
  it("collapses unchanged paragraphs, keeping one of context on each side of a change", () => {
    const before = Array.from({ length: 10 }, (_, i) => para(i + 1));
    const after = before.map((p, i) => (i === 4 ? "Paragraph number 5, rewritten." : p));
    expect(rows(compareTexts(doc(before), doc(after), "en").rows)).toEqual([
      "… 3",
      "= Paragraph number 4.",
      "changed: Paragraph number 5. ⟷ Paragraph number 5[+, rewritten].",
      "= Paragraph number 6.",
      "… 4",
    ]);
  });

  it("shows nothing but a count when nothing changed", () => {
    const text = doc([para(1), para(2)]);
    expect(rows(compareTexts(text, text, "en").rows)).toEqual(["… 2"]);
  });

  it("shows a moved paragraph where it left and where it arrived, with the same number", () => {
    const before = doc([para(1, "ar"), para(2, "ar"), para(3, "ar"), para(4, "ar")]);
    const after = doc([para(2, "ar"), para(3, "ar"), para(4, "ar"), para(1, "ar")]);
    const r = compareTexts(before, after, "ar").rows;
    expect(r.filter((x) => x.moveId).map((x) => [x.kind, x.moveId, side(x.kind === "removed" ? x.before : x.after)])).toEqual([
      ["removed", 1, "[-الفقرة رقم 1.]"],
      ["added", 1, "[+الفقرة رقم 1.]"],
    ]);
    expect(r.some((x) => x.kind === "changed")).toBe(false);
  });

  it("pairs a rewritten paragraph with its new form when a new paragraph is inserted before it", () => {
    const before = doc(["Intro.", "The church was built in 1890.", "End."]);
    const after = doc(["Intro.", "A wholly new paragraph about the school.", "The church was built in 1895.", "End."]);
    expect(rows(compareTexts(before, after, "en").rows)).toEqual([
      "= Intro.",
      "added:  ⟷ [+A wholly new paragraph about the school.]",
      "changed: The church was built in [-1890]. ⟷ The church was built in [+1895].",
      "= End.",
    ]);
  });

  it("shows a sentence mostly rewritten whole on each side, and the words of one barely changed", () => {
    const [row] = compareTexts(
      "L'église fut bâtie en 1890. Le pont date du XIXe siècle.",
      "Une chapelle neuve remplaça l'ancienne en 1925. Le pont date du XVIIIe siècle.",
      "fr",
    ).rows;
    expect(side(row.before)).toBe("[-L'église fut bâtie en 1890.] Le pont date du [-XIXe] siècle.");
    expect(side(row.after)).toBe("[+Une chapelle neuve remplaça l'ancienne en 1925.] Le pont date du [+XVIIIe] siècle.");
  });

  it("reads Markdown: headings, lists, links and footnotes, without escapes or marks", () => {
    const before = "## Histoire\n\nL'église Saint\\-Élie \\(1890\\) de [Zahlé](roots:village/zahle).[^1]\n\n[^1]: Registre.\n";
    const after = "## Histoire ancienne\n\nL'église **Saint-Élie** (1890) de [Zahlé](roots:village/zahle).[^1]\n\n[^1]: Registre.\n";
    const r = compareTexts(before, after, "fr").rows;
    expect(rows(r)).toEqual([
      "changed: heading2: Histoire ⟷ heading2: Histoire[+ ancienne]",
      "changed: L'église [-Saint-Élie] (1890) de Zahlé.1 ⟷ L'église [+Saint-Élie] (1890) de Zahlé.1",
      "= note: Registre.",
    ]);
    const spans = r.flatMap((x) => [...x.before, ...x.after]).flatMap((l) => l.spans);
    expect(spans.some((s) => /\\/.test(s.text))).toBe(false);
    expect(spans.find((s) => s.text === "Zahlé")).toMatchObject({ marks: Mark.LINK, href: "roots:village/zahle" });
    expect(spans.find((s) => s.marks & Mark.STRONG)).toMatchObject({ text: "Saint-Élie", change: "added" });
    expect(spans.find((s) => s.marks & Mark.NOTE)).toMatchObject({ text: "1" });
  });

  it("keeps Arabic and mixed text in its words, right to left as written", () => {
    const before = "- عائلة الخوري من زحلة\n- عائلة Saab\n";
    const after = "- عائلة الخوري من زحلة\n- عائلة صعب (Saab)\n- عائلة المعلوف\n";
    const [row] = compareTexts(before, after, "ar").rows;
    expect(side(row.before)).toBe("bullet: عائلة الخوري من زحلة / bullet: عائلة Saab");
    expect(side(row.after)).toBe("bullet: عائلة الخوري من زحلة / bullet: عائلة [+صعب (]Saab[+)] / bullet: [+عائلة المعلوف]");
  });

  it("shows a paragraph whose words moved past the caps whole, marked coarse; one with nothing in common whole, as a rewrite", () => {
    const words = Array.from({ length: 2100 }, (_, i) => `w${i}`);
    const c = compareTexts(words.join(" "), [...words].reverse().join(" "), "en");
    expect(c.coarse).toBe(true);
    expect(c.rows).toHaveLength(1);
    expect(c.rows[0].before[0].spans.every((s) => s.change === "removed")).toBe(true);
    const rewrite = compareTexts("The old mill by the river.", "Une école ouvrit en 1920.", "fr");
    expect(rewrite.coarse).toBe(false);
    expect(rows(rewrite.rows)).toEqual(["changed: [-The old mill by the river.] ⟷ [+Une école ouvrit en 1920.]"]);
  });
});

describe("reading Markdown for a diff", () => {
  it("reads lines' kinds and marks, and leaves unmatched marks as text", () => {
    expect(readBlock("# Title #\n1. one\n   2) two\n> quoted\n---").map((l) => [l.type, l.level, l.label])).toEqual([
      ["heading", 1, null],
      ["numbered", 0, "1"],
      ["numbered", 1, "2"],
      ["quote", 0, null],
      ["rule", 0, null],
    ]);
    expect(readInline("2 * 3 = 6, *x* and snake_case_name and `a*b`")).toEqual([
      { text: "2 * 3 = 6, ", marks: 0, href: null },
      { text: "x", marks: Mark.EMPHASIS, href: null },
      { text: " and snake_case_name and ", marks: 0, href: null },
      { text: "a*b", marks: Mark.CODE, href: null },
    ]);
    expect(readInline("![Le pont](roots:media/m1) [a [b] c](https://x.org/(y))")).toEqual([
      { text: "Le pont", marks: Mark.IMAGE, href: "roots:media/m1" },
      { text: " ", marks: 0, href: null },
      { text: "a [b] c", marks: Mark.LINK, href: "https://x.org/(y)" },
    ]);
    expect(readBlock("| a | b |\n|---|---|\n| 1 | 2 |").map((l) => l.runs.map((r) => r.text).join(""))).toEqual(["a | b", "1 | 2"]);
  });

  // How long such lines take is measured by `npm run bench -- rootpedia` (tests never time): here, what they read as.
  it("reads a line of thousands of unmatched marks as one paragraph, and a heading of spaces as its word", () => {
    const worst = readBlock("[*_`(".repeat(2_000));
    expect(worst.map((l) => l.type)).toEqual(["paragraph"]);
    expect(worst[0].runs.map((r) => r.text).join("").length).toBeGreaterThan(2_000);
    expect(readBlock(`# ${" ".repeat(5_000)}x`).map((l) => [l.type, l.runs.map((r) => r.text).join("")])).toEqual([["heading", "x"]]);
  });
});
