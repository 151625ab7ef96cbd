import { describe, expect, it } from "vitest";
import { applyEdit, blockEdit, citationEdit, formatEdit, type Format, type TextEdit } from "./markdownEdits";

const P = { bold: "gras", italic: "italique", heading: "Titre", link: "texte du lien", item: "élément" };

/** The text after an edit, the selection shown as ⟦…⟧. */
function show(text: string, edit: TextEdit): string {
  const out = applyEdit(text, edit);
  const [s, e] = edit.select;
  return `${out.slice(0, s)}⟦${out.slice(s, e)}⟧${out.slice(e)}`;
}
/** A format applied to the text with its selection written as ⟦…⟧. */
function format(f: Format, marked: string): string {
  const start = marked.indexOf("⟦");
  const end = marked.indexOf("⟧") - 1;
  const text = marked.replace(/[⟦⟧]/g, "");
  return show(text, formatEdit(f, text, start, end, P));
}

describe("the toolbar's formats", () => {
  it.each([
    ["bold", "La ⟦famille⟧ Khoury", "La **⟦famille⟧** Khoury"],
    ["bold", "La ⟦famille ⟧Khoury", "La **⟦famille⟧** Khoury"],
    ["bold", "La **⟦famille⟧** Khoury", "La ⟦famille⟧ Khoury"],
    ["bold", "زحلة ⟦⟧", "زحلة **⟦gras⟧**"],
    ["italic", "عروس ⟦البقاع⟧", "عروس *⟦البقاع⟧*"],
    ["italic", "un **⟦mot⟧** gras", "un ***⟦mot⟧*** gras"],
    ["heading", "Intro.\n\n⟦Histoire⟧", "Intro.\n\n## ⟦Histoire⟧"],
    ["heading", "Intro.\n⟦Histoire⟧", "Intro.\n\n## ⟦Histoire⟧"],
    ["heading", "## Hist⟦⟧oire", "⟦Histoire⟧"],
    ["list", "⟦Khoury\nMaalouf⟧", "⟦- Khoury\n- Maalouf⟧"],
    ["list", "⟦- Khoury\n- Maalouf⟧", "⟦Khoury\nMaalouf⟧"],
    ["link", "voir ⟦Zahlé⟧", "voir [Zahlé](⟦https://⟧)"],
    ["link", "voir ⟦⟧", "voir [⟦texte du lien⟧](https://)"],
  ] as [Format, string, string][])("%s: %s", (f, before, after) => {
    expect(format(f, before)).toBe(after);
  });

  it("adds no escape to the member's words (parentheses, hyphens, dots stay as typed)", () => {
    expect(format("bold", "⟦Saint-Élie (1890).⟧")).toBe("**⟦Saint-Élie (1890).⟧**");
  });
});

describe("citing a record", () => {
  it("numbers a footnote after the ones there and writes its note at the end", () => {
    const text = "Youssef émigra.[^1] Il revint.\n\n[^1]: [Registre](roots:registry/r1)\n";
    const edit = citationEdit(text, text.indexOf(" Il revint") + " Il revint.".length, "Youssef [Bey] Karam", "roots:person/p1");
    expect(applyEdit(text, edit)).toBe(
      "Youssef émigra.[^1] Il revint.[^2]\n\n[^1]: [Registre](roots:registry/r1)\n[^2]: [Youssef \\[Bey\\] Karam](roots:person/p1)\n",
    );
  });

  it("starts the notes after a blank line, with the cursor at the end of the text", () => {
    const text = "هاجر يوسف.\n";
    expect(show(text, citationEdit(text, text.length, "يوسف الخوري", "roots:person/p2"))).toBe(
      "هاجر يوسف.[^1]⟦⟧\n\n[^1]: [يوسف الخوري](roots:person/p2)\n",
    );
  });
});

describe("inserting a photo", () => {
  it("puts it on a paragraph of its own", () => {
    expect(show("Avant. Après.", blockEdit("Avant. Après.", 7, 7, "![Le pont](roots:media/m1)"))).toBe(
      "Avant. \n\n![Le pont](roots:media/m1)\n\n⟦⟧Après.",
    );
  });
});
