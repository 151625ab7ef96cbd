/**
 * Serialises record trees to GEDCOM text: 7.0 by default, 5.5.1 on request. Newlines in values
 * become CONT lines; 5.5.1 lines are kept within 255 characters with CONC; at-signs are escaped
 * ("@@" leading in 7.0, every "@" doubled in 5.5.1). Output is UTF-8 (the caller adds a BOM if wanted).
 */
import type { GedcomNode } from "./model.js";
import { downgradeRecord } from "./downgrade.js";

export interface WriteOptions {
  /** Target version (default "7.0"). */
  version?: "7.0" | "5.5.1";
  /** Line terminator (default "\n"). */
  eol?: string;
  /** 5.5.1 maximum line length in characters (default 255). */
  maxLineLength?: number;
}

function escapeText(value: string, v7: boolean): string {
  if (v7) return value.startsWith("@") ? "@" + value : value;
  // 5.5.1 doubles every at-sign except in calendar escapes such as "@#DJULIAN@".
  return value.replace(/(@#[^@]*@)|@/g, (_m, esc: string | undefined) => esc ?? "@@");
}

/** Splits a long payload so that "level CONC part" lines stay within `max`, never splitting next to a space or inside a surrogate pair. */
function splitConc(text: string, room: number, contRoom: number): string[] {
  const parts: string[] = [];
  let rest = text;
  let limit = room;
  while (rest.length > limit) {
    let cut = limit;
    while (cut > 1 && (rest[cut - 1] === " " || rest[cut] === " " || /[\udc00-\udfff]/.test(rest[cut]))) cut--;
    if (cut <= 1) cut = limit;
    parts.push(rest.slice(0, cut));
    rest = rest.slice(cut);
    limit = contRoom;
  }
  parts.push(rest);
  return parts;
}

/** Serialises one record (any depth, no recursion). */
export function writeRecord(record: GedcomNode, opts: WriteOptions = {}): string {
  const v7 = (opts.version ?? "7.0") === "7.0";
  const eol = opts.eol ?? "\n";
  const max = opts.maxLineLength ?? 255;
  const out: string[] = [];
  const todo: [GedcomNode, number][] = [[record, 0]];
  while (todo.length > 0) {
    const [n, level] = todo.pop()!;
    const head = `${level}${n.xref ? " " + n.xref : ""} ${n.tag}`;
    if (n.value === undefined || n.value === "") out.push(head);
    else if (n.pointer) out.push(`${head} ${n.value}`);
    else {
      const lines = n.value.split(/\r\n|\r|\n/);
      lines.forEach((text, i) => {
        const lineHead = i === 0 ? head : `${level + 1} CONT`;
        const escaped = escapeText(text, v7);
        if (v7) {
          out.push(escaped === "" ? lineHead : `${lineHead} ${escaped}`);
          return;
        }
        const concHead = `${level + 1} CONC`;
        const pieces = splitConc(escaped, Math.max(16, max - lineHead.length - 1), Math.max(16, max - concHead.length - 1));
        pieces.forEach((p, j) => out.push(`${j === 0 ? lineHead : concHead}${p === "" ? "" : " " + p}`));
      });
    }
    for (let i = n.children.length - 1; i >= 0; i--) todo.push([n.children[i], level + 1]);
  }
  return out.join(eol) + eol;
}

/** A HEAD for the target version: keeps the given HEAD's children, sets GEDC.VERS (and CHAR UTF-8 for 5.5.1). */
export function headFor(head: GedcomNode | undefined, version: "7.0" | "5.5.1"): GedcomNode {
  const h: GedcomNode = head ? structuredClone(head) : { level: 0, tag: "HEAD", line: 0, children: [] };
  h.children = h.children.filter((c) => c.tag !== "GEDC" && c.tag !== "CHAR" && (version === "5.5.1" || c.tag !== "SUBN"));
  const gedc: GedcomNode = { level: 1, tag: "GEDC", line: 0, children: [{ level: 2, tag: "VERS", value: version, line: 0, children: [] }] };
  if (version === "5.5.1") {
    gedc.children.push({ level: 2, tag: "FORM", value: "LINEAGE-LINKED", line: 0, children: [] });
    if (!h.children.some((c) => c.tag === "SOUR")) h.children.unshift({ level: 1, tag: "SOUR", value: "ROOTS", line: 0, children: [] });
    h.children = h.children.filter((c) => c.tag !== "SCHMA");
    h.children.push({ level: 1, tag: "CHAR", value: "UTF-8", line: 0, children: [] });
  }
  h.children.unshift(gedc);
  return version === "5.5.1" ? downgradeRecord(h) : h;
}

/**
 * Streams a whole file: HEAD (from `head`, adjusted to the target version), every record (7.0
 * trees; down-converted when writing 5.5.1), then TRLR. Yields text chunks, one per record.
 */
export async function* writeGedcom(
  head: GedcomNode | undefined,
  records: Iterable<GedcomNode> | AsyncIterable<GedcomNode>,
  opts: WriteOptions = {},
): AsyncGenerator<string> {
  const version = opts.version ?? "7.0";
  yield writeRecord(headFor(head, version), opts);
  for await (const r of records) {
    if (r.tag === "HEAD" || r.tag === "TRLR") continue;
    yield writeRecord(version === "5.5.1" ? downgradeRecord(structuredClone(r)) : r, opts);
  }
  yield `0 TRLR${opts.eol ?? "\n"}`;
}

/** Writes a whole file to one string (small files, tests). */
export async function writeGedcomString(
  head: GedcomNode | undefined,
  records: Iterable<GedcomNode> | AsyncIterable<GedcomNode>,
  opts: WriteOptions = {},
): Promise<string> {
  let s = "";
  for await (const chunk of writeGedcom(head, records, opts)) s += chunk;
  return s;
}
