import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { beforeAll, describe, expect, it } from "vitest";
import type { RootpediaComparisonQuery } from "../../../gql/graphql";
import { parseTranslations } from "../../../i18n/csv";
import { changeLanguage, initI18n } from "../../../i18n/index";
import csvText from "../../../i18n/translations.csv?raw";
import { SideBySideDiff } from "./SideBySideDiff";

type Comparison = RootpediaComparisonQuery["rootpediaComparison"];
type Line = Comparison["rows"][number]["before"][number];
type Kind = "SAME" | "ADDED" | "REMOVED";

beforeAll(async () => {
  await initI18n(parseTranslations(csvText));
});

const span = (text: string, change: Kind = "SAME", marks: string[] = [], href: string | null = null) =>
  ({ text, change, marks, href }) as Line["spans"][number];
const line = (type: string, spans: Line["spans"], level = 0, label: string | null = null) => ({ type, level, label, spans }) as Line;
const row = (kind: string, before: Line[], after: Line[], extra: { moveId?: number; skipped?: number } = {}) =>
  ({ kind, before, after, moveId: extra.moveId ?? null, coarse: false, skipped: extra.skipped ?? 0 }) as Comparison["rows"][number];

/** A comparison as the server sends it: a heading changed, a paragraph of context, a sentence rewritten, collapsed paragraphs. */
const COMPARISON: Comparison = {
  coarse: false,
  rows: [
    row("SKIPPED", [], [], { skipped: 3 }),
    row("SAME", [line("PARAGRAPH", [span("زحلة عروس البقاع.")])], [line("PARAGRAPH", [span("زحلة عروس البقاع.")])]),
    row("CHANGED", [line("HEADING", [span("التاريخ")], 2)], [line("HEADING", [span("التاريخ"), span(" القديم", "ADDED")], 2)]),
    row(
      "CHANGED",
      [line("PARAGRAPH", [span("بُنيت الكنيسة سنة ١٨٩٠.", "REMOVED"), span(" "), span("زحلة", "SAME", ["LINK"], "/libanpedia/zahle")])],
      [line("PARAGRAPH", [span("حلّت محلّها كنيسة جديدة.", "ADDED"), span(" "), span("زحلة", "SAME", ["LINK"], "/libanpedia/zahle")])],
    ),
    row("REMOVED", [line("PARAGRAPH", [span("فقرة منقولة.", "REMOVED")])], [], { moveId: 1 }),
    row("ADDED", [], [line("BULLET", [span("عائلة ", "ADDED"), span("Saab", "ADDED", ["STRONG"])])], { moveId: 1 }),
    row("SKIPPED", [], [], { skipped: 1 }),
  ],
};

const show = (comparison: Comparison, language = "ar") =>
  render(
    <MemoryRouter>
      <SideBySideDiff comparison={comparison} language={language} />
    </MemoryRouter>,
  );

describe("the side-by-side diff", () => {
  it("lays the old text beside the new in the article's direction, with collapsed paragraphs counted in the reader's language", async () => {
    await changeLanguage("fr");
    const { container } = show(COMPARISON);
    const diff = screen.getByTestId("rootpedia-diff");
    expect(diff.getAttribute("dir")).toBe("rtl");
    expect(diff.getAttribute("lang")).toBe("ar");
    // Numbers come isolated from the text around them (FSI … PDI).
    const counts = [...container.querySelectorAll(".rootpedia-cmp__skipped")].map((p) => p.textContent!.replace(/[\u2066-\u2069]/g, ""));
    expect(counts).toEqual(["3 paragraphes inchangés", "1 paragraphe inchangé"]);
    // Every changed row has an old and a new side, in that order (the old one on the right in Arabic).
    const changed = [...container.querySelectorAll('[data-kind="CHANGED"]')];
    expect(changed.map((r) => [...r.children].map((c) => c.className.match(/--(before|after)/)?.[1]))).toEqual([
      ["before", "after"],
      ["before", "after"],
    ]);
  });

  it("renders what Markdown means: a heading looks like one, a link is a link, bold is bold; nothing shows a mark or an escape", async () => {
    await changeLanguage("ar");
    const { container } = show(COMPARISON);
    expect(container.querySelector(".rootpedia-cmp__h--2")?.textContent).toBe("التاريخ");
    expect(screen.getAllByRole("link", { name: "زحلة" })[0].getAttribute("href")).toBe("/libanpedia/zahle");
    expect(container.querySelector("ins strong")?.textContent).toBe("Saab");
    expect(container.textContent).not.toMatch(/[\\*#]|\]\(/);
    // No heading of the page's own outline: an article's headings are shown, not announced as the page's.
    expect(container.querySelectorAll("h1, h2, h3, h4, h5, h6")).toHaveLength(0);
  });

  it("shows a sentence rewritten as one removal beside one addition, and links a moved paragraph's two places", async () => {
    await changeLanguage("en");
    const { container } = show(COMPARISON);
    expect([...container.querySelectorAll("del")].map((d) => d.textContent)).toEqual(["بُنيت الكنيسة سنة ١٨٩٠.", "فقرة منقولة."]);
    expect([...container.querySelectorAll("ins")].map((d) => d.textContent)).toEqual([
      " القديم",
      "حلّت محلّها كنيسة جديدة.",
      "عائلة ",
      "Saab",
    ]);
    const away = screen.getByRole("link", { name: "Moved: see where it went" });
    const here = screen.getByRole("link", { name: "Moved here: see where it was" });
    expect(container.querySelector(away.getAttribute("href")!)).toBe(here.closest(".rootpedia-cmp__side"));
    expect(container.querySelector(here.getAttribute("href")!)).toBe(away.closest(".rootpedia-cmp__side"));
  });

  it("says so when two versions read the same", async () => {
    await changeLanguage("en");
    show({ coarse: false, rows: [row("SKIPPED", [], [], { skipped: 2 })] }, "en");
    expect(screen.getByText("The two versions read the same.")).toBeTruthy();
  });
});
