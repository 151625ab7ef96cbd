/**
 * Assembles parsed lines into level-0 record trees, one record at a time (only the current record
 * is held). Folds CONC/CONT into the parent's value, repairs skipped levels, keeps unknown and
 * vendor (_TAG) structures untouched. Iterative throughout: 1000-deep nesting needs no recursion.
 */
import type { GedcomNode, GedcomWarning } from "./model.js";
import type { TokenizedLine } from "./lines.js";

type Warn = (w: GedcomWarning) => void;

/** Longest value that lines without a level may add up to (characters). */
const MAX_CONTINUED_VALUE = 1024 * 1024;

/** Builds records from lines; `push` returns a record when a new level-0 line closes the previous one. */
export class RecordAssembler {
  private stack: GedcomNode[] = [];
  private last: GedcomNode | undefined;

  constructor(private readonly warn: Warn) {}

  /** Adds one line; returns the finished previous record, if this line started a new one. */
  push(l: TokenizedLine): GedcomNode | undefined {
    if (l.kind === "bad") return this.bad(l.line, l.text, l.junk);
    const { tag, line } = l;
    if ((tag === "CONC" || tag === "CONT") && l.level > 0 && this.stack.length > 0) {
      const parent = this.stack[Math.min(l.level - 1, this.stack.length - 1)];
      const add = l.value ?? "";
      parent.value = (parent.value ?? "") + (tag === "CONT" ? "\n" : "") + add;
      return undefined;
    }
    if (l.level === 0) {
      const done = this.stack[0];
      const node: GedcomNode = { level: 0, tag, line, children: [] };
      if (l.xref) node.xref = l.xref;
      if (l.value !== undefined) node.value = l.value;
      this.stack = [node];
      this.last = node;
      return done;
    }
    if (this.stack.length === 0) {
      this.warn({ code: "gedcom.line_malformed", line, detail: `level ${l.level} line before any record` });
      return undefined;
    }
    let level = l.level;
    if (level > this.stack.length) {
      this.warn({ code: "gedcom.level_jump", line, detail: `level ${level} after level ${this.stack.length - 1}` });
      level = this.stack.length;
    }
    const node: GedcomNode = { level, tag, line, children: [] };
    if (l.xref) node.xref = l.xref;
    if (l.value !== undefined) node.value = l.value;
    this.stack.length = level;
    this.stack[level - 1].children.push(node);
    this.stack.push(node);
    this.last = node;
    return undefined;
  }

  /** Returns the last record when the input ends. */
  end(): GedcomNode | undefined {
    const done = this.stack[0];
    this.stack = [];
    return done;
  }

  private bad(line: number, text: string, junk: boolean): undefined {
    if (text.trim() === "") return undefined; // blank lines are harmless
    if (junk || !this.last) {
      this.warn({ code: "gedcom.junk_dropped", line, detail: `unreadable line dropped: ${preview(text)}` });
      return undefined;
    }
    // Text without level/tag is almost always a note wrapped by an editor: keep it as a new line
    // of the value, up to a bound (a value is text a person wrote, not a file's worth of lines).
    if ((this.last.value?.length ?? 0) + text.length > MAX_CONTINUED_VALUE) {
      this.warn({
        code: "gedcom.junk_dropped",
        line,
        detail: `line without level dropped (value already ${MAX_CONTINUED_VALUE} characters): ${preview(text)}`,
      });
      return undefined;
    }
    this.warn({ code: "gedcom.line_continued", line, detail: `line without level kept as continuation: ${preview(text)}` });
    this.last.value = (this.last.value ?? "") + "\n" + text;
    return undefined;
  }
}

function preview(text: string): string {
  return JSON.stringify(text.length > 40 ? text.slice(0, 40) + "…" : text);
}

/** Depth-first visit without recursion (safe for very deep trees). */
export function walk(root: GedcomNode, visit: (node: GedcomNode, parent: GedcomNode | undefined) => void): void {
  // Two parallel stacks rather than a pair per node: this runs several times per record.
  const nodes: GedcomNode[] = [root];
  const parents: (GedcomNode | undefined)[] = [undefined];
  while (nodes.length > 0) {
    const node = nodes.pop()!;
    visit(node, parents.pop());
    for (let i = node.children.length - 1; i >= 0; i--) {
      nodes.push(node.children[i]);
      parents.push(node);
    }
  }
}

/** Finds the first child with a tag. */
export function child(node: GedcomNode, tag: string): GedcomNode | undefined {
  return node.children.find((c) => c.tag === tag);
}

/** Unescapes at-signs and marks pointers, per version (5.x: every "@@"; 7.0: a leading "@@"). */
export function decodeValues(record: GedcomNode, v7: boolean): void {
  walk(record, (n) => decodeValue(n, v7));
}

/** decodeValues for one node. */
export function decodeValue(n: GedcomNode, v7: boolean): void {
  const v = n.value;
  if (v === undefined || !v.includes("@")) return;
  if (/^@[^@#\s][^@]*@$/.test(v) || v === "@VOID@") {
    n.pointer = true;
    return;
  }
  n.value = v7 ? v.replace(/(^|\n)@@/g, "$1@") : v.replace(/@@/g, "@");
}
