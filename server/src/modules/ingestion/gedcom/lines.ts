/**
 * Streaming line tokenizer: decoded text chunks in, parsed GEDCOM lines out. Accepts CR, LF, CRLF
 * and LFCR endings, keeps only the unfinished tail between chunks, and caps a single line's length
 * so one absurd line cannot exhaust memory.
 */

/** A well-formed line: `level [@xref@] TAG [value]`. */
export interface GedcomLine {
  kind: "line";
  line: number;
  level: number;
  xref?: string;
  tag: string;
  /** Raw value text (escapes not yet removed); undefined when the line has none. */
  value?: string;
}

/** A line that does not parse as GEDCOM. */
export interface BadLine {
  kind: "bad";
  line: number;
  text: string;
  /** True when it contains control characters (binary junk), not just wrapped text. */
  junk: boolean;
}

export type TokenizedLine = GedcomLine | BadLine;

/** Longest line we keep (characters); the rest is dropped with a warning. */
export const DEFAULT_MAX_LINE = 4 * 1024 * 1024;

const LINE_RE = /^[ \t]*(\d{1,6})[ \t]+(?:(@[^@ \t]+(?: [^@]+)?@)[ \t]+)?([A-Za-z0-9_]+)(?:[ \t]([\s\S]*))?$/;
// eslint-disable-next-line no-control-regex
const JUNK_RE = /[\x00-\x08\x0b\x0c\x0e-\x1f\ufffd]/;

/** Parses one line of text (without its terminator). */
export function parseLine(text: string, line: number): TokenizedLine {
  const m = LINE_RE.exec(text);
  if (!m) return { kind: "bad", line, text, junk: JUNK_RE.test(text) };
  const value = m[4];
  return {
    kind: "line",
    line,
    level: Number(m[1]),
    xref: m[2],
    // Standard tags are upper case (some old writers did not care); extension tags keep their spelling.
    tag: m[3].startsWith("_") ? m[3] : m[3].toUpperCase(),
    value: value === undefined || value === "" ? undefined : value,
  };
}

/** Splits a text stream into lines; call `push` per chunk, then `end`. */
export class LineSplitter {
  private tail = "";
  private lineNo = 0;
  private dropping = false;
  /** Lines that were cut at `maxLine` characters. */
  readonly truncated: number[] = [];

  constructor(private readonly maxLine = DEFAULT_MAX_LINE) {}

  get linesSeen(): number {
    return this.lineNo;
  }

  /** Returns the complete lines found so far (text without terminators). */
  push(chunk: string): string[] {
    const out: string[] = [];
    let text = this.tail + chunk;
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c !== 10 && c !== 13) continue;
      // A terminator at the very end may be the first half of CRLF/LFCR: wait for more text.
      if (i === text.length - 1) break;
      const next = text.charCodeAt(i + 1);
      const pair = (c === 13 && next === 10) || (c === 10 && next === 13);
      this.emit(out, text.slice(start, i));
      if (pair) i++;
      start = i + 1;
    }
    text = text.slice(start);
    if (text.length > this.maxLine && !/[\r\n]$/.test(text)) {
      if (!this.dropping) this.truncated.push(this.lineNo + 1);
      this.dropping = true;
      // Keep the first maxLine characters of the line; later chunks of it are discarded.
      text = text.slice(0, this.maxLine);
    }
    this.tail = text;
    return out;
  }

  /** Flushes the last line (files often lack a final newline). */
  end(): string[] {
    const out: string[] = [];
    const rest = this.tail.replace(/[\r\n]+$/, "");
    this.tail = "";
    if (rest.length > 0) this.emit(out, rest);
    return out;
  }

  private emit(out: string[], text: string): void {
    this.lineNo++;
    this.dropping = false;
    out.push(text);
  }
}
