import { Mark, readBlock, type Line, type LineType } from "./diff-reading.js";
import { capped, DIFF_MAX_MS, paragraphs, samePara, words, type DiffKind } from "./words.js";

/**
 * Two revisions compared the way Wikipedia shows a diff: rows of the old text beside the new (a
 * phone stacks them), unchanged paragraphs collapsed but for one of context on each side of a
 * change, each shown as Markdown reads (headings, links, bold; no escapes or marks). Inside a
 * paragraph rewritten in place, words are marked with their spaces; a sentence mostly rewritten is
 * shown whole against its new form rather than word by word. Within the caps of words.ts: past
 * them a paragraph (or the whole text) is shown whole, removed against added, `coarse`.
 */

export interface ComparedSpan {
  text: string;
  change: DiffKind;
  /** Mark bits (diff-reading.ts). */
  marks: number;
  href: string | null;
}

export interface ComparedLine {
  type: LineType;
  level: number;
  label: string | null;
  spans: ComparedSpan[];
}

/** `same`: a paragraph of context; `skipped`: unchanged paragraphs collapsed (`skipped` of them). */
export type RowKind = "same" | "changed" | "removed" | "added" | "skipped";

export interface ComparedRow {
  kind: RowKind;
  /** The old text's side (empty for `added` and `skipped`). */
  before: ComparedLine[];
  /** The new text's side (empty for `removed` and `skipped`). */
  after: ComparedLine[];
  /** A paragraph moved: the same number where it left and where it arrived. */
  moveId: number | null;
  coarse: boolean;
  skipped: number;
}

export interface Comparison {
  rows: ComparedRow[];
  coarse: boolean;
}

interface Token {
  key: string;
  text: string;
  marks: number;
  href: string | null;
  /** A line's start: its type, level and label. */
  line?: Omit<Line, "runs">;
}
interface Op {
  kind: DiffKind;
  token: Token;
}

/** Words of a block's lines as tokens, each line opened by a token of its own (so a heading made a list item differs). */
function tokensOf(lines: Line[], language: string): Token[] {
  const out: Token[] = [];
  for (const { runs, ...line } of lines) {
    out.push({ key: `\u0000${line.type}:${line.level}:${line.label ?? ""}`, text: "", marks: 0, href: null, line });
    for (const run of runs) {
      const styled = (w: string) => (run.marks || run.href ? `\u0001${run.marks}\u0001${run.href ?? ""}\u0001${w}` : w);
      // A footnote's mark, a picture or a cell's edge is one token, whatever its words.
      const pieces = run.marks & (Mark.NOTE | Mark.IMAGE | Mark.CELL) ? [run.text] : words(run.text, language);
      for (const w of pieces) out.push({ key: styled(w), text: w, marks: run.marks, href: run.href });
    }
  }
  return out;
}

const isSpace = (t: Token) => !t.line && !t.text.trim();
const isWord = (t: Token) => !t.line && /[\p{L}\p{N}]/u.test(t.text);
const endsSentence = (t: Token) => !t.line && /[.!?؟…。۔]["'»”’)\]]*$/.test(t.text.trim());

/** Spaces alone between two changes join them: "[-two old] words", not "[-two] [-old] words". */
function foldSpaces(ops: Op[]): Op[] {
  const out: Op[] = [];
  for (let i = 0; i < ops.length; i++) {
    let j = i;
    while (j < ops.length && ops[j].kind === "same" && isSpace(ops[j].token)) j++;
    if (j > i && i > 0 && j < ops.length && ops[i - 1].kind !== "same" && ops[j].kind !== "same") {
      for (let k = i; k < j; k++) out.push({ kind: "removed", token: ops[k].token }, { kind: "added", token: ops[k].token });
      i = j - 1;
    } else out.push(ops[i]);
  }
  return out;
}

/**
 * Sentences (cut after a sentence's end on either side, and at each line) whose words are mostly
 * changed are shown whole: the old sentence removed, the new one added, never interleaved.
 */
function wholeSentences(ops: Op[]): Op[] {
  const chunks: Op[][] = [];
  let chunk: Op[] = [];
  let cut = false;
  for (const op of ops) {
    if (chunk.length && ((op.token.line && op.kind === "same") || (cut && !isSpace(op.token)))) {
      chunks.push(chunk);
      chunk = [];
    }
    if (!isSpace(op.token)) cut = endsSentence(op.token);
    chunk.push(op);
  }
  if (chunk.length) chunks.push(chunk);
  const out: Op[] = [];
  for (const c of chunks) {
    const count = { same: 0, removed: 0, added: 0 };
    for (const op of c) if (isWord(op.token)) count[op.kind]++;
    const { same, removed, added } = count;
    if (!(removed && added && same * 2 < Math.max(same + removed, same + added))) {
      out.push(...c);
      continue;
    }
    // The line both sides share, and the spaces after the sentence, stay shared.
    const from = c[0].token.line && c[0].kind === "same" ? 1 : 0;
    let to = c.length;
    while (to > from && c[to - 1].kind === "same" && isSpace(c[to - 1].token)) to--;
    out.push(...c.slice(0, from));
    for (const op of c.slice(from, to)) if (op.kind !== "added") out.push({ kind: "removed", token: op.token });
    for (const op of c.slice(from, to)) if (op.kind !== "removed") out.push({ kind: "added", token: op.token });
    out.push(...c.slice(to));
  }
  return out;
}

/** A line whose kind changed (a paragraph made a heading): its words are marked changed on both sides, as its source changed. */
function retypedLines(ops: Op[]): Op[] {
  const out: Op[] = [];
  let removedLine = false;
  let addedLine = false;
  for (const op of ops) {
    if (op.token.line) {
      if (op.kind === "same") removedLine = addedLine = false;
      else if (op.kind === "removed") removedLine = true;
      else addedLine = true;
    }
    if (removedLine && addedLine && op.kind === "same" && !op.token.line)
      out.push({ kind: "removed", token: op.token }, { kind: "added", token: op.token });
    else out.push(op);
  }
  return out;
}

/** In each place of change, what was removed comes before what was added (one old run beside one new run). */
function grouped(ops: Op[]): Op[] {
  const out: Op[] = [];
  for (let i = 0; i < ops.length;) {
    if (ops[i].kind === "same") {
      out.push(ops[i++]);
      continue;
    }
    let j = i;
    while (j < ops.length && ops[j].kind !== "same") j++;
    const place = ops.slice(i, j);
    out.push(...place.filter((o) => o.kind === "removed"), ...place.filter((o) => o.kind === "added"));
    i = j;
  }
  return out;
}

/** The word-level difference of two blocks as operations; undefined past the caps. */
// eslint-disable-next-line no-restricted-syntax -- a CPU-time cap, not a business rule
export function blockOps(before: string, after: string, language: string, deadline = Date.now() + DIFF_MAX_MS): Op[] | undefined {
  // Past the time limit the words are not even cut: the block is shown whole.
  // eslint-disable-next-line no-restricted-syntax -- a CPU-time cap, not a business rule
  if (Date.now() >= deadline) return undefined;
  const a = tokensOf(readBlock(before), language);
  const b = tokensOf(readBlock(after), language);
  const changes = capped(
    a.map((t) => t.key),
    b.map((t) => t.key),
    deadline,
  );
  if (!changes) return undefined;
  const ops: Op[] = [];
  let i = 0;
  let j = 0;
  for (const c of changes) {
    for (let k = 0; k < c.count; k++) {
      if (c.added) ops.push({ kind: "added", token: b[j++] });
      else if (c.removed) ops.push({ kind: "removed", token: a[i++] });
      else {
        ops.push({ kind: "same", token: a[i++] });
        j++;
      }
    }
  }
  return grouped(wholeSentences(retypedLines(foldSpaces(ops))));
}

function addSpan(line: ComparedLine | undefined, span: ComparedSpan): void {
  if (!line || !span.text) return;
  const last = line.spans[line.spans.length - 1];
  const whole = Mark.NOTE | Mark.IMAGE | Mark.CELL;
  if (last && last.change === span.change && last.marks === span.marks && last.href === span.href && !(span.marks & whole))
    last.text += span.text;
  else line.spans.push(span);
}

/** Each side's lines from the operations: the old side takes what stayed and was removed, the new what stayed and was added. */
function sidesOf(ops: Op[]): { before: ComparedLine[]; after: ComparedLine[] } {
  const before: ComparedLine[] = [];
  const after: ComparedLine[] = [];
  for (const { kind, token } of ops)
    for (const side of kind === "same" ? [before, after] : kind === "removed" ? [before] : [after]) {
      if (token.line) side.push({ ...token.line, spans: [] });
      else addSpan(side[side.length - 1], { text: token.text, change: kind, marks: token.marks, href: token.href });
    }
  return { before, after };
}

/** A block's lines, all of it one kind of change (context, removed or added). */
const linesOf = (block: string, change: DiffKind): ComparedLine[] =>
  readBlock(block).map(({ runs, ...line }) => ({ ...line, spans: runs.map((r) => ({ ...r, change })) }));

const row = (kind: RowKind, before: ComparedLine[], after: ComparedLine[], extra: Partial<ComparedRow> = {}): ComparedRow => ({
  kind,
  before,
  after,
  moveId: null,
  coarse: false,
  skipped: 0,
  ...extra,
});

/** Words of a paragraph, for pairing old and new paragraphs by likeness. */
const bagOf = (p: string) =>
  new Set(
    p
      .toLowerCase()
      .split(/[\s\p{P}]+/u)
      .filter(Boolean),
  );
function likeness(a: Set<string>, b: Set<string>): number {
  if (!a.size || !b.size) return 0;
  let common = 0;
  for (const w of a) if (b.has(w)) common++;
  return (2 * common) / (a.size + b.size);
}

/** Most pairs of paragraphs compared for likeness in one place of change; more are paired in order. */
const MAX_PAIRINGS = 400;
const ALIKE = 0.25;

/**
 * Old and new paragraphs of one place of change, paired in order by likeness (a paragraph inserted
 * before one rewritten does not take its place); null where a paragraph has no partner.
 */
function pairUp(old: string[], now: string[]): [number | null, number | null][] {
  // One paragraph rewritten in place (the usual edit): its sentences say how alike the two are.
  if (old.length === 1 && now.length === 1) return [[0, 0]];
  if (old.length * now.length > MAX_PAIRINGS) {
    const n = Math.max(old.length, now.length);
    return Array.from({ length: n }, (_, i) => [i < old.length ? i : null, i < now.length ? i : null]);
  }
  const a = old.map(bagOf);
  const b = now.map(bagOf);
  // score[i][j]: the best total likeness pairing old[i..] with now[j..].
  const score = Array.from({ length: a.length + 1 }, () => new Float64Array(b.length + 1));
  const like = a.map((x) => b.map((y) => likeness(x, y)));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      score[i][j] = Math.max(score[i + 1][j], score[i][j + 1], like[i][j] >= ALIKE ? like[i][j] + score[i + 1][j + 1] : 0);
  const out: [number | null, number | null][] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && like[i][j] >= ALIKE && score[i][j] === like[i][j] + score[i + 1][j + 1]) out.push([i++, j++]);
    else if (i < a.length && (j >= b.length || score[i][j] === score[i + 1][j])) out.push([i++, null]);
    else out.push([null, j++]);
  }
  return out;
}

/** The rows of one place of change: moved paragraphs marked, the others paired and compared word by word. */
function changeRows(old: string[], now: string[], language: string, deadline: number, moveIds: Map<string, number>): ComparedRow[] {
  const rows: ComparedRow[] = [];
  const moved = (p: string) => moveIds.get(p.trim());
  for (const p of old) if (moved(p) !== undefined) rows.push(row("removed", linesOf(p, "removed"), [], { moveId: moved(p)! }));
  const o = old.filter((p) => moved(p) === undefined && p.trim());
  const n = now.filter((p) => moved(p) === undefined && p.trim());
  const pending: { removed: string[]; added: string[] } = { removed: [], added: [] };
  // Paragraphs without a partner side by side: the old ones against the new ones, whole.
  const flush = () => {
    if (pending.removed.length || pending.added.length) {
      const kind = !pending.added.length ? "removed" : !pending.removed.length ? "added" : "changed";
      rows.push(
        row(
          kind,
          pending.removed.flatMap((p) => linesOf(p, "removed")),
          pending.added.flatMap((p) => linesOf(p, "added")),
        ),
      );
    }
    pending.removed = [];
    pending.added = [];
  };
  for (const [i, j] of pairUp(o, n)) {
    if (i === null || j === null) {
      if (i !== null) pending.removed.push(o[i]);
      if (j !== null) pending.added.push(n[j]);
      continue;
    }
    flush();
    const ops = blockOps(o[i], n[j], language, deadline);
    const sides = ops && sidesOf(ops);
    if (sides) rows.push(row("changed", sides.before, sides.after));
    else rows.push(row("changed", linesOf(o[i], "removed"), linesOf(n[j], "added"), { coarse: true }));
  }
  flush();
  for (const p of now) if (moved(p) !== undefined) rows.push(row("added", [], linesOf(p, "added"), { moveId: moved(p)! }));
  return rows;
}

/** Unchanged paragraphs: one of context beside each change, the others collapsed into a count. */
function withContext(entries: (string | ComparedRow)[]): ComparedRow[] {
  const rows: ComparedRow[] = [];
  let skipped = 0;
  const changeAt = (i: number) => i >= 0 && i < entries.length && typeof entries[i] !== "string";
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    if (typeof e !== "string") {
      if (skipped) rows.push(row("skipped", [], [], { skipped }));
      skipped = 0;
      rows.push(e);
    } else if (changeAt(i - 1) || changeAt(i + 1)) {
      if (skipped) rows.push(row("skipped", [], [], { skipped }));
      skipped = 0;
      const lines = linesOf(e, "same");
      rows.push(row("same", lines, lines));
    } else skipped++;
  }
  if (skipped) rows.push(row("skipped", [], [], { skipped }));
  return rows;
}

/** Two revisions' texts compared as rows side by side (see above). */
export function compareTexts(before: string, after: string, language: string): Comparison {
  // eslint-disable-next-line no-restricted-syntax -- a CPU-time cap, not a business rule
  const deadline = Date.now() + DIFF_MAX_MS;
  const changes = capped(paragraphs(before), paragraphs(after), deadline, samePara);
  if (!changes) {
    const whole = (t: string, change: DiffKind) => paragraphs(t).flatMap((p) => (p.trim() ? linesOf(p, change) : []));
    return { rows: [row("changed", whole(before, "removed"), whole(after, "added"), { coarse: true })], coarse: true };
  }
  const removed = new Set(changes.filter((c) => c.removed).flatMap((c) => c.value.map((p) => p.trim())));
  const moveIds = new Map<string, number>();
  for (const c of changes)
    if (c.added)
      for (const p of c.value) if (p.trim() && removed.has(p.trim()) && !moveIds.has(p.trim())) moveIds.set(p.trim(), moveIds.size + 1);
  // Unchanged paragraphs as their text (blank ones dropped), each place of change as its rows.
  const entries: (string | ComparedRow)[] = [];
  for (let i = 0; i < changes.length; i++) {
    if (!changes[i].added && !changes[i].removed) {
      entries.push(...changes[i].value.filter((p) => p.trim()));
      continue;
    }
    const old: string[] = [];
    const now: string[] = [];
    for (; i < changes.length && (changes[i].added || changes[i].removed); i++) (changes[i].added ? now : old).push(...changes[i].value);
    i--;
    entries.push(...changeRows(old, now, language, deadline, moveIds));
  }
  const rows = withContext(entries);
  return { rows, coarse: rows.some((r) => r.coarse) };
}
