/**
 * Markdown read as a comparison shows it: a paragraph (block) as lines — heading, list item, quote,
 * footnote, table row, code — each made of runs of text with their marks (bold, italic, a link…),
 * escapes and marks removed. It is not the renderer (markdown.ts, unified): a diff reads only the
 * blocks it shows, and remark costs 0.4 to 1.6 ms a paragraph, more than comparing its words; this
 * reader makes one pass over a line (brackets, parentheses and code spans paired with stacks and
 * queues beforehand), so no text makes it slow. Where it reads differently from CommonMark (an
 * emphasis across lines, a reference link), the words are the same and only their look differs.
 */

export type LineType = "paragraph" | "heading" | "bullet" | "numbered" | "quote" | "code" | "rule" | "note" | "row";

/** Marks of a run, as bits. */
export const Mark = { STRONG: 1, EMPHASIS: 2, STRIKE: 4, CODE: 8, LINK: 16, IMAGE: 32, NOTE: 64, CELL: 128 } as const;

export interface Run {
  text: string;
  marks: number;
  /** A link's or a picture's address as written (a `roots:` citation is resolved for the reader later). */
  href: string | null;
}

export interface Line {
  type: LineType;
  /** A heading's level (1 to 6), a list item's or quote's depth (0 for the outermost). */
  level: number;
  /** A numbered item's number, a footnote's label. */
  label: string | null;
  runs: Run[];
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };
const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/;

function decodeEntity(name: string): string | null {
  if (name[0] === "#") {
    const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : null;
  }
  return ENTITIES[name] ?? null;
}

/** Pairs of each line's brackets, parentheses and backtick runs, found once so the reading is linear. */
function pairs(s: string) {
  const bracket = new Map<number, number>();
  const paren = new Map<number, number>();
  const code = new Map<number, number>();
  // Backtick runs: an opening run closes at the next run of the same length (code spans come first).
  const open = new Map<number, number>();
  for (const m of s.matchAll(/\\[\s\S]|`+/g)) {
    if (m[0][0] !== "`") continue;
    const waiting = open.get(m[0].length);
    if (waiting === undefined) open.set(m[0].length, m.index);
    else {
      code.set(waiting, m.index + m[0].length);
      open.delete(m[0].length);
    }
  }
  const brackets: number[] = [];
  const parens: number[] = [];
  const marks = /\\[\s\S]|`+|[[\]()]/g;
  for (let m = marks.exec(s); m; m = marks.exec(s)) {
    const c = m[0];
    if (c[0] === "`") {
      if (code.has(m.index)) marks.lastIndex = code.get(m.index)!;
    } else if (c === "[") brackets.push(m.index);
    else if (c === "]" && brackets.length) bracket.set(brackets.pop()!, m.index);
    else if (c === "(") parens.push(m.index);
    else if (c === ")" && parens.length) paren.set(parens.pop()!, m.index);
  }
  return { bracket, paren, code };
}

/** Text with its escapes and entities read, no marks (a picture's caption, a code span keeps its own). */
const literal = (s: string) =>
  s.replace(/\\([!-/:-@[-`{-~])|&(#x?[0-9a-fA-F]{1,6}|[a-z]{2,6});/g, (m, p: string, e: string) => p ?? decodeEntity(e) ?? m);

/** Emphasis delimiters: `**`, `__`, `~~`, `*`, `_`. */
const DELIMITERS = [
  ["**", Mark.STRONG],
  ["__", Mark.STRONG],
  ["~~", Mark.STRIKE],
  ["*", Mark.EMPHASIS],
  ["_", Mark.EMPHASIS],
] as const;
const wordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);

/** Characters that may start a mark, an escape, an entity, a link or code. */
const SPECIAL = /[\\&`![<*_~]/g;
const SPECIAL_TEST = /[\\&`![<*_~]/;

/** The runs of one line of inline Markdown. */
export function readInline(s: string): Run[] {
  const out: Run[] = [];
  // Most lines are plain words: nothing to read.
  if (!SPECIAL_TEST.test(s)) return s ? [{ text: s, marks: 0, href: null }] : [];
  const { bracket, paren, code } = pairs(s);
  // How many of each delimiter are left ahead: one opens only when another can close it.
  const left = new Map<string, number>(DELIMITERS.map(([d]) => [d, 0]));
  for (const m of s.matchAll(/\*\*|__|~~|\*|_/g)) left.set(m[0], left.get(m[0])! + 1);
  let marks = 0;
  const open = new Set<string>();
  let href: string | null = null;
  /** Where the link being read ends: its `]` and the position after its `)`. */
  let linkEnd = -1;
  let after = -1;
  let text = "";
  const flush = () => {
    if (text) push(out, { text, marks, href });
    text = "";
  };
  for (let i = 0; i < s.length;) {
    const c = s[i];
    // The link's text ends (or a construct inside it ran past its end): on after its address.
    if (linkEnd >= 0 && i >= linkEnd) {
      flush();
      marks &= ~Mark.LINK;
      href = null;
      i = Math.max(i, after);
      linkEnd = -1;
      continue;
    }
    // Plain text up to the next character that may mean something (or the link's end) is copied at once.
    SPECIAL.lastIndex = i;
    let next = SPECIAL.exec(s)?.index ?? s.length;
    if (linkEnd >= 0 && linkEnd < next) next = linkEnd;
    if (next > i) {
      text += s.slice(i, next);
      i = next;
      continue;
    }
    if (c === "\\" && i + 1 < s.length && ASCII_PUNCTUATION.test(s[i + 1])) {
      text += s[i + 1];
      i += 2;
      continue;
    }
    if (c === "&") {
      const m = /^&(#x?[0-9a-fA-F]{1,6}|[a-z]{2,6});/.exec(s.slice(i, i + 10));
      const decoded = m && decodeEntity(m[1]);
      if (m && decoded) {
        text += decoded;
        i += m[0].length;
        continue;
      }
    }
    if (c === "`" && code.has(i)) {
      let ticks = i;
      while (s[ticks] === "`") ticks++;
      const end = code.get(i)!;
      let close = end;
      while (s[close - 1] === "`") close--;
      flush();
      push(out, { text: s.slice(ticks, close).replace(/^ (.*) $/s, "$1"), marks: marks | Mark.CODE, href });
      i = end;
      continue;
    }
    // A picture: its caption, marked as one.
    if (c === "!" && s[i + 1] === "[" && bracket.has(i + 1) && s[bracket.get(i + 1)! + 1] === "(" && paren.has(bracket.get(i + 1)! + 1)) {
      const close = bracket.get(i + 1)!;
      const end = paren.get(close + 1)!;
      flush();
      push(out, {
        text: literal(s.slice(i + 2, close)).replace(/[*_~`]/g, "") || " ",
        marks: marks | Mark.IMAGE,
        href: target(s, close + 2, end),
      });
      i = end + 1;
      continue;
    }
    if (c === "[" && bracket.has(i)) {
      const close = bracket.get(i)!;
      // A footnote's mark: `[^1]`.
      if (s[i + 1] === "^" && close > i + 2 && !/\s/.test(s.slice(i + 2, close))) {
        flush();
        push(out, { text: s.slice(i + 2, close), marks: marks | Mark.NOTE, href: null });
        i = close + 1;
        continue;
      }
      if (linkEnd < 0 && s[close + 1] === "(" && paren.has(close + 1)) {
        flush();
        marks |= Mark.LINK;
        href = target(s, close + 2, paren.get(close + 1)!);
        linkEnd = close;
        after = paren.get(close + 1)! + 1;
        i++;
        continue;
      }
    }
    if (c === "<") {
      const m = /^<((?:https?|mailto):[^\s<>]{1,2000})>/i.exec(s.slice(i, i + 2010));
      if (m) {
        flush();
        push(out, { text: m[1], marks: marks | Mark.LINK, href: m[1] });
        i += m[0].length;
        continue;
      }
    }
    const d = DELIMITERS.find(([x]) => s.startsWith(x, i));
    if (d) {
      const [delimiter, mark] = d;
      left.set(delimiter, left.get(delimiter)! - 1);
      const before = s[i - 1];
      const next = s[i + delimiter.length];
      // An underscore inside a word is a letter of it (snake_case, a name), as in CommonMark.
      const intraword = delimiter[0] === "_" && wordChar(before) && wordChar(next);
      const closes = open.has(delimiter) && before !== undefined && !/\s/.test(before);
      const opens = !open.has(delimiter) && left.get(delimiter)! > 0 && next !== undefined && !/\s/.test(next);
      if (!intraword && (closes || opens)) {
        flush();
        if (closes) {
          open.delete(delimiter);
          if (![...open].some((o) => DELIMITERS.find(([x]) => x === o)![1] === mark)) marks &= ~mark;
        } else {
          open.add(delimiter);
          marks |= mark;
        }
        i += delimiter.length;
        continue;
      }
      text += delimiter;
      i += delimiter.length;
      continue;
    }
    text += c;
    i++;
  }
  flush();
  return out;
}

/** A link's address (`(url "title")`): the address alone. */
function target(s: string, from: number, to: number): string {
  const inside = s.slice(from, to).trim();
  const m = /^<([^>]*)>|^(\S+)/.exec(inside);
  return literal(m?.[1] ?? m?.[2] ?? "");
}

function push(out: Run[], run: Run): void {
  const last = out[out.length - 1];
  if (last && last.marks === run.marks && last.href === run.href && !(run.marks & (Mark.NOTE | Mark.IMAGE | Mark.CELL)))
    last.text += run.text;
  else if (run.text) out.push(run);
}

const FENCE = /^\s{0,3}(`{3,}|~{3,})/;
const TABLE_DELIMITER = /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;

/** A table row's cells, separated by runs marked CELL. */
function readRow(line: string): Run[] {
  const cells = line
    .trim()
    .replace(/^\|/, "")
    .replace(/(?<!\\)\|$/, "")
    .split(/(?<!\\)\|/);
  const runs: Run[] = [];
  cells.forEach((cell, i) => {
    if (i > 0) runs.push({ text: " | ", marks: Mark.CELL, href: null });
    for (const r of readInline(cell.trim())) push(runs, r);
  });
  return runs;
}

/** An ATX heading's text without its closing `#`s (`## History ##`), trimmed by hand: a regex would backtrack over long runs of spaces. */
function withoutClosingHashes(text: string): string {
  const t = text.trimEnd();
  let i = t.length;
  while (i > 0 && t[i - 1] === "#") i--;
  return i === t.length || i === 0 || /\s/.test(t[i - 1]) ? t.slice(0, i === 0 ? t.length : i).trimEnd() : t;
}

/** One paragraph (block) of Markdown as lines. */
export function readBlock(block: string): Line[] {
  const raw = block.replace(/\r\n?/g, "\n").replace(/\n+$/, "").split("\n");
  if (FENCE.test(raw[0] ?? ""))
    return raw
      .filter((l, i) => !(FENCE.test(l) && (i === 0 || i === raw.length - 1)))
      .map((l) => ({ type: "code" as const, level: 0, label: null, runs: l ? [{ text: l, marks: Mark.CODE, href: null }] : [] }));
  if (raw.length >= 2 && raw[0].includes("|") && TABLE_DELIMITER.test(raw[1]))
    return raw.filter((_, i) => i !== 1).map((l) => ({ type: "row" as const, level: 0, label: null, runs: readRow(l) }));
  const lines: Line[] = [];
  for (const l of raw) {
    const last = lines[lines.length - 1];
    const indent = /^\s*/.exec(l)![0].replace(/\t/g, "    ").length;
    let m: RegExpExecArray | null;
    // A setext underline makes the line above a heading.
    if (last?.type === "paragraph" && (m = /^\s{0,3}(=+|-+)\s*$/.exec(l))) {
      Object.assign(last, { type: "heading", level: m[1][0] === "=" ? 1 : 2 });
      continue;
    }
    if (/^\s{0,3}([-*_])(\s*\1){2,}\s*$/.test(l)) lines.push({ type: "rule", level: 0, label: null, runs: [] });
    else if ((m = /^\s{0,3}(#{1,6})(?:\s+|$)/.exec(l)))
      lines.push({ type: "heading", level: m[1].length, label: null, runs: readInline(withoutClosingHashes(l.slice(m[0].length))) });
    else if ((m = /^\s*[-*+]\s+/.exec(l)))
      lines.push({ type: "bullet", level: Math.min(4, indent >> 1), label: null, runs: readInline(l.slice(m[0].length)) });
    else if ((m = /^\s*(\d{1,9})[.)]\s+/.exec(l)))
      lines.push({ type: "numbered", level: Math.min(4, indent >> 1), label: m[1], runs: readInline(l.slice(m[0].length)) });
    else if ((m = /^\s{0,3}((?:>\s?)+)/.exec(l)))
      lines.push({ type: "quote", level: (m[1].match(/>/g)?.length ?? 1) - 1, label: null, runs: readInline(l.slice(m[0].length)) });
    else if ((m = /^\[\^([^\]\s]{1,100})\]:\s*/.exec(l)))
      lines.push({ type: "note", level: 0, label: m[1], runs: readInline(l.slice(m[0].length)) });
    else if (last && last.type !== "heading" && last.type !== "rule" && l.trim()) {
      // A line that continues the one above (a paragraph's soft break, a list item's lazy line).
      push(last.runs, { text: " ", marks: 0, href: null });
      for (const r of readInline(l.trim())) push(last.runs, r);
    } else if (l.trim()) lines.push({ type: "paragraph", level: 0, label: null, runs: readInline(l.trim()) });
  }
  return lines;
}
