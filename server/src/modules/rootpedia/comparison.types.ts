import { Field, Int, ObjectType, registerEnumType } from "type-graphql";
import type { ComparedLine, ComparedRow, Comparison } from "./compare.js";
import { Mark } from "./diff-reading.js";
import { DiffKindEnum } from "./rootpedia.types.js";

export enum DiffRowKindEnum {
  SAME = "same",
  CHANGED = "changed",
  REMOVED = "removed",
  ADDED = "added",
  SKIPPED = "skipped",
}
registerEnumType(DiffRowKindEnum, {
  name: "RootpediaDiffRowKind",
  description:
    "A row of a side-by-side comparison: a paragraph of context (SAME), one changed in place, removed or added, or unchanged paragraphs collapsed (SKIPPED).",
});

export enum LineTypeEnum {
  PARAGRAPH = "paragraph",
  HEADING = "heading",
  BULLET = "bullet",
  NUMBERED = "numbered",
  QUOTE = "quote",
  CODE = "code",
  RULE = "rule",
  NOTE = "note",
  ROW = "row",
}
registerEnumType(LineTypeEnum, {
  name: "RootpediaLineType",
  description: "What a line of an article is: a paragraph, a heading, a list item, a quote, code, a rule, a footnote or a table row.",
});

export enum TextMarkEnum {
  STRONG = "STRONG",
  EMPHASIS = "EMPHASIS",
  STRIKE = "STRIKE",
  CODE = "CODE",
  LINK = "LINK",
  IMAGE = "IMAGE",
  NOTE = "NOTE",
  CELL = "CELL",
}
registerEnumType(TextMarkEnum, {
  name: "RootpediaTextMark",
  description:
    "How a run of text is marked: bold, italic, struck, code, a link, a picture's caption, a footnote's number, a table cell's edge.",
});

@ObjectType("RootpediaDiffSpan", {
  simpleResolvers: true,
  description: "A run of words of one side, with its marks and whether it changed.",
})
export class DiffSpanView {
  @Field(() => String)
  text: string;

  @Field(() => DiffKindEnum, { description: "SAME on both sides; REMOVED on the old side; ADDED on the new side." })
  change: DiffKindEnum;

  @Field(() => [TextMarkEnum])
  marks: TextMarkEnum[];

  @Field(() => String, { nullable: true, description: "A link's address for this reader (a citation the reader may not follow has none)." })
  href: string | null;
}

@ObjectType("RootpediaDiffLine", { simpleResolvers: true, description: "A line of one side as Markdown reads it." })
export class DiffLineView {
  @Field(() => LineTypeEnum)
  type: LineTypeEnum;

  @Field(() => Int, { description: "A heading's level (1 to 6); a list item's or a quote's depth (0 outermost)." })
  level: number;

  @Field(() => String, { nullable: true, description: "A numbered item's number, a footnote's label." })
  label: string | null;

  @Field(() => [DiffSpanView])
  spans: DiffSpanView[];
}

@ObjectType("RootpediaDiffRow", { simpleResolvers: true, description: "A row of a side-by-side comparison: the old text beside the new." })
export class DiffRowView {
  @Field(() => DiffRowKindEnum)
  kind: DiffRowKindEnum;

  @Field(() => [DiffLineView], { description: "The old revision's lines (none for ADDED and SKIPPED)." })
  before: DiffLineView[];

  @Field(() => [DiffLineView], { description: "The new revision's lines (none for REMOVED and SKIPPED)." })
  after: DiffLineView[];

  @Field(() => Int, {
    nullable: true,
    description: "A paragraph moved: the same number on the row it left (REMOVED) and the row it arrived on (ADDED).",
  })
  moveId: number | null;

  @Field(() => Boolean, { description: "Compared whole, not word by word: past the caps of a comparison. Show a note." })
  coarse: boolean;

  @Field(() => Int, { description: "SKIPPED: how many unchanged paragraphs are collapsed here." })
  skipped: number;
}

@ObjectType("RootpediaComparison", {
  simpleResolvers: true,
  description: "Two revisions side by side, as Wikipedia shows a diff: unchanged paragraphs collapsed around one of context.",
})
export class ComparisonView {
  @Field(() => [DiffRowView])
  rows: DiffRowView[];

  @Field(() => Boolean, { description: "Some rows were compared whole (see DiffRow.coarse)." })
  coarse: boolean;
}

const MARKS = Object.entries(Mark) as [keyof typeof Mark, number][];

const lineView = (l: ComparedLine): DiffLineView => ({
  type: l.type as LineTypeEnum,
  level: l.level,
  label: l.label,
  spans: l.spans.map((s) => ({
    text: s.text,
    change: s.change as DiffKindEnum,
    marks: MARKS.filter(([, bit]) => s.marks & bit).map(([name]) => TextMarkEnum[name]),
    href: s.href,
  })),
});

const rowView = (r: ComparedRow): DiffRowView => ({
  kind: r.kind as DiffRowKindEnum,
  before: r.before.map(lineView),
  after: r.after.map(lineView),
  moveId: r.moveId,
  coarse: r.coarse,
  skipped: r.skipped,
});

export const comparisonView = (c: Comparison): ComparisonView => ({ rows: c.rows.map(rowView), coarse: c.coarse });
