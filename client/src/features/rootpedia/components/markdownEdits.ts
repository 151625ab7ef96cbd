/**
 * What the editor's toolbar does to the Markdown text, as plain functions of the text and the
 * selection: each answers the replacements to make (applied last first, so earlier positions hold)
 * and the selection after them. Only what the member asked for is written: no escape is added to
 * their own words.
 */

export type Format = "heading" | "bold" | "italic" | "list" | "link";

export interface Replacement {
  from: number;
  to: number;
  insert: string;
}

export interface TextEdit {
  /** In the order they are made: each one's positions are in the text as the ones before left it. */
  replacements: Replacement[];
  /** The selection afterwards, in the final text. */
  select: [number, number];
}

/** Placeholders written when nothing is selected (in the member's language). */
export interface Placeholders {
  bold: string;
  italic: string;
  heading: string;
  link: string;
  item: string;
}

/** The whole lines a selection touches. */
function linesOf(text: string, start: number, end: number): [number, number] {
  const from = text.lastIndexOf("\n", start - 1) + 1;
  const next = text.indexOf("\n", Math.max(end - (end > start && text[end - 1] === "\n" ? 1 : 0), start));
  return [from, next < 0 ? text.length : next];
}

/** Bold or italic around the selection (its spaces kept outside the marks), or taken off when it is there already. */
function wrap(text: string, start: number, end: number, mark: string, placeholder: string): TextEdit {
  const before = text.slice(start - mark.length, start);
  const after = text.slice(end, end + mark.length);
  // Italic's single star is not one of bold's two.
  const exact = mark.length === 2 || (text[start - 2] !== "*" && text[end + 1] !== "*");
  if (before === mark && after === mark && exact)
    return {
      replacements: [
        { from: end, to: end + mark.length, insert: "" },
        { from: start - mark.length, to: start, insert: "" },
      ],
      select: [start - mark.length, end - mark.length],
    };
  const selected = text.slice(start, end);
  const lead = /^\s*/.exec(selected)![0].length;
  const trail = selected.length - lead === 0 ? 0 : /\s*$/.exec(selected)![0].length;
  const inner = selected.slice(lead, selected.length - trail) || placeholder;
  const s = start + lead;
  return {
    replacements: [{ from: s, to: end - trail, insert: `${mark}${inner}${mark}` }],
    select: [s + mark.length, s + mark.length + inner.length],
  };
}

/** A heading of the line (`## `), or a paragraph again when it is one already. */
function heading(text: string, start: number, end: number, placeholder: string): TextEdit {
  const [from, to] = linesOf(text, start, end);
  const line = text.slice(from, to);
  const marks = /^#{1,6}\s+/.exec(line);
  if (marks) return { replacements: [{ from, to: from + marks[0].length, insert: "" }], select: [from, to - marks[0].length] };
  const words = line.trim() || placeholder;
  // A heading stands apart: a blank line before it unless it starts the text.
  const gap = from > 0 && text.slice(0, from).trimEnd() !== "" && !text.slice(0, from).endsWith("\n\n") ? "\n" : "";
  const insert = `${gap}## ${words}`;
  return { replacements: [{ from, to, insert }], select: [from + gap.length + 3, from + insert.length] };
}

/** A bulleted list of the selected lines (`- `), or plain lines again when they all are items. */
function list(text: string, start: number, end: number, placeholder: string): TextEdit {
  const [from, to] = linesOf(text, start, end);
  const lines = text.slice(from, to).split("\n");
  const items = lines.every((l) => /^\s*[-*+]\s/.test(l) || !l.trim());
  const next = items
    ? lines.map((l) => l.replace(/^(\s*)[-*+]\s/, "$1"))
    : lines.map((l) => (l.trim() ? `- ${l}` : l)).map((l) => l || (lines.length === 1 ? `- ${placeholder}` : l));
  const insert = next.join("\n");
  return { replacements: [{ from, to, insert }], select: [from, from + insert.length] };
}

/** A link of the selected words: `[words](https://)` with the address chosen, to type over. */
function link(text: string, start: number, end: number, placeholder: string): TextEdit {
  const words = text.slice(start, end).trim();
  const insert = `[${words || placeholder}](https://)`;
  const address = start + insert.length - "https://)".length;
  return {
    replacements: [{ from: start, to: end, insert }],
    select: words ? [address, address + "https://".length] : [start + 1, start + 1 + placeholder.length],
  };
}

export function formatEdit(format: Format, text: string, start: number, end: number, placeholders: Placeholders): TextEdit {
  switch (format) {
    case "bold":
      return wrap(text, start, end, "**", placeholders.bold);
    case "italic":
      return wrap(text, start, end, "*", placeholders.italic);
    case "heading":
      return heading(text, start, end, placeholders.heading);
    case "list":
      return list(text, start, end, placeholders.item);
    case "link":
      return link(text, start, end, placeholders.link);
  }
}

/** A name written as a link's words: only what would end the link or make a mark is escaped. */
export const linkWords = (name: string): string =>
  name.replace(/[\\[\]*`<]/g, "\\$&").replace(/(^|[^\p{L}\p{N}])_|_(?=$|[^\p{L}\p{N}])/gu, "$1\\_");

/**
 * A citation of a record as a footnote, as encyclopedias cite: its number after the selection and
 * its note at the end of the text, `[^n]: [name](roots:…)`, numbered after the notes already there.
 */
export function citationEdit(text: string, end: number, name: string, address: string): TextEdit {
  const used = [...text.matchAll(/\[\^(\d+)\]/g)].map((m) => Number(m[1]));
  const n = Math.max(0, ...used) + 1;
  const mark = `[^${n}]`;
  const body = text.replace(/\s+$/, "");
  // A cursor in the blank lines at the end cites the last words.
  const at = Math.min(end, body.length);
  const note = `${body ? (/\n\[\^[^\]]+\]:[^\n]*$/.test(body) ? "\n" : "\n\n") : ""}[^${n}]: [${linkWords(name)}](${address})\n`;
  return {
    // The note first (at the end), then the mark (before it): the mark's place does not move.
    replacements: [
      { from: body.length, to: text.length, insert: note },
      { from: at, to: at, insert: mark },
    ],
    select: [at + mark.length, at + mark.length],
  };
}

/** A block (a picture) at the cursor, on its own paragraph. */
export function blockEdit(text: string, start: number, end: number, block: string): TextEdit {
  const head = text.slice(0, start);
  const before = !head.trim() ? "" : head.endsWith("\n\n") ? "" : head.endsWith("\n") ? "\n" : "\n\n";
  const tail = text.slice(end);
  const after = tail.startsWith("\n\n") ? "" : tail.startsWith("\n") ? "\n" : "\n\n";
  const insert = `${before}${block}${after}`;
  return { replacements: [{ from: start, to: end, insert }], select: [start + insert.length, start + insert.length] };
}

/** The text after an edit's replacements (for a field that cannot take them one by one). */
export function applyEdit(text: string, edit: TextEdit): string {
  return edit.replacements.reduce((t, r) => t.slice(0, r.from) + r.insert + t.slice(r.to), text);
}
