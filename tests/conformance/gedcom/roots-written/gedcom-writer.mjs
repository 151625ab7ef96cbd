// The small GEDCOM writer of this folder's generator (generate.mjs): structures as nested calls,
// written with CONT/CONC the way 5.5-era programs wrote them, one byte per character.

/** A forced CONC boundary inside a value, where a writer cut a word ("TE" + "ST"). */
export const CUT = "\u0001";

/** One GEDCOM structure: tag, value (null for none), substructures (nulls are skipped, arrays flattened). */
export function g(tag, value, ...children) {
  return { tag, value, children: children.flat(Infinity).filter(Boolean) };
}

/** A record: `0 @xref@ TAG value`. */
export function rec(xref, tag, value, ...children) {
  return { ...g(tag, value, ...children), xref };
}

/** A NOTE record whose text starts on a CONC line under an empty `0 @xref@ NOTE`, as some 5.5 programs wrote them. */
export function noteRecord(xref, text, ...children) {
  return { ...rec(xref, "NOTE", text, ...children), leadConc: true };
}

/** Pieces of one paragraph of at most `width` characters, cut after a space (the space stays on the line). */
function pieces(paragraph, width) {
  const out = [];
  for (const part of paragraph.split(CUT)) {
    let rest = part;
    while (rest.length > width) {
      let cut = rest.lastIndexOf(" ", width - 1);
      if (cut <= 0) cut = width - 1;
      out.push(rest.slice(0, cut + 1));
      rest = rest.slice(cut + 1);
    }
    out.push(rest);
  }
  return out;
}

/**
 * GEDCOM lines of `node` at `level`. A value's line breaks become CONT lines and long lines are
 * continued with CONC at `style.width`; `style.emptyCont` is how an empty CONT line is written.
 */
function lines(node, level, style, out) {
  const head = [String(level), node.xref, node.tag].filter(Boolean).join(" ");
  const paragraphs = node.value === null || node.value === undefined ? [] : String(node.value).split("\n");
  const sub = level + 1;
  const text = (kind, t) => out.push(t === "" ? (kind === "CONT" ? `${sub} ${style.emptyCont}` : `${sub} CONC`) : `${sub} ${kind} ${t}`);
  if (node.leadConc) out.push(head);
  paragraphs.forEach((p, i) => {
    const [first, ...more] = pieces(p, style.width);
    // An empty value ("") is written as a line ending in a space ("1 CHAN "), as some programs do.
    if (i === 0 && !node.leadConc) out.push(first === "" ? (node.value === "" ? `${head} ` : head) : `${head} ${first}`);
    else text(i === 0 ? "CONC" : "CONT", first);
    for (const m of more) text("CONC", m);
  });
  if (!paragraphs.length && !node.leadConc) out.push(head);
  for (const c of node.children) lines(c, sub, style, out);
}

/** The bytes of a file: every line, then `eol`; characters as Latin-1 code points (ANSEL bytes are written as \xNN). */
export function serialise(records, { eol, width, emptyCont = "CONT" }) {
  const out = [];
  for (const r of records.filter(Boolean)) lines(r, 0, { width, emptyCont }, out);
  const text = out.join(eol) + eol;
  const bytes = Buffer.from(text, "latin1");
  if (bytes.toString("latin1") !== text) throw new Error("a character outside one byte: write ANSEL bytes as \\xNN");
  return bytes;
}
