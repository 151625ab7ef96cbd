/**
 * `readGedcom`: bytes in, events out (header, then one record at a time, then a summary). Memory
 * stays bounded: a 64 KiB lookahead for encoding detection, the current record, and the sets of
 * xrefs defined/used for the broken-pointer check at the end.
 */
import { KeyTable } from "../../../common/key-table.js";
import { createDecoder, detectEncoding, LOOKAHEAD_BYTES } from "./encoding.js";
import { LineSplitter, parseLine, DEFAULT_MAX_LINE } from "./lines.js";
import { child, decodeValue, decodeValues, RecordAssembler, walk } from "./records.js";
import { Converter } from "./convert.js";
import {
  GedcomError,
  type ByteSource,
  type GedcomEvent,
  type GedcomHeader,
  type GedcomNode,
  type GedcomSummary,
  type GedcomVersion,
  type GedcomWarning,
} from "./model.js";

export interface ReadOptions {
  /** Convert every record to GEDCOM 7.0 structures while reading (default false: keep as written). */
  toV7?: boolean;
  /** Force a decoder ("utf-8", "ansel", "windows-1252", …) instead of detecting. */
  encoding?: string;
  /** Warnings kept in the summary (the count is always exact). Default 1000. */
  maxWarnings?: number;
  /** Called for every warning as it happens. */
  onWarning?: (w: GedcomWarning) => void;
  /** Longest line kept, in characters. */
  maxLineLength?: number;
  /** Most xrefs remembered for the broken-pointer check (memory bound); beyond it the check is skipped. Default 2,000,000. */
  maxXrefs?: number;
}

/** Normalises HEAD.GEDC.VERS text. */
export function parseVersion(text: string | undefined): GedcomVersion {
  const t = (text ?? "").trim();
  if (/^7(\.\d+)*$/.test(t)) return "7.0";
  if (/^5\.5\.5/.test(t)) return "5.5.5";
  if (/^5\.5\.1/.test(t)) return "5.5.1";
  if (/^5\.5/.test(t)) return "5.5";
  return "unknown";
}

async function* chunks(source: ByteSource): AsyncGenerator<Uint8Array> {
  for await (const c of source as AsyncIterable<Uint8Array | string>) yield typeof c === "string" ? new TextEncoder().encode(c) : c;
}

/** Reads the first bytes (up to LOOKAHEAD_BYTES) and returns them with the rest of the stream. */
async function lookahead(source: ByteSource): Promise<{ head: Uint8Array; rest: AsyncGenerator<Uint8Array> }> {
  const it = chunks(source);
  const parts: Uint8Array[] = [];
  let size = 0;
  while (size < LOOKAHEAD_BYTES) {
    const n = await it.next();
    if (n.done) break;
    parts.push(n.value);
    size += n.value.length;
  }
  const head = new Uint8Array(size);
  let o = 0;
  for (const p of parts) head.set(p, (o += p.length) - p.length);
  return { head, rest: it };
}

/** How much of the text is judged for being GEDCOM at all (characters, about its first megabyte). */
const SAMPLE_CHARS = 1024 * 1024;
/** Unparsable lines in that sample that, outnumbering the GEDCOM ones, refuse the file. */
const MIN_BAD_LINES = 20;

/** Refuses inputs that are not GEDCOM at all, from the decoded start of the file. */
function checkReadable(head: Uint8Array, firstText: string): void {
  if (head.length === 0 || firstText.trim() === "") throw new GedcomError("gedcom.empty", "the file is empty");
  const sample = firstText.slice(0, 4096);
  // eslint-disable-next-line no-control-regex
  const control = (sample.match(/[\x00-\x08\x0e-\x1f\ufffd]/g) ?? []).length;
  const lines = sample
    .replace(/^\ufeff/, "")
    .split(/[\r\n]/)
    .filter((l) => l.trim() !== "");
  const firstLine = lines[0] ?? "";
  // A level-0 line among the first ones is enough: junk before it is dropped with a warning.
  // eslint-disable-next-line no-control-regex
  const looksGedcom = lines.slice(0, 20).some((l) => /^\s*0\s+(@[^@]+@\s+)?[A-Za-z_][A-Za-z0-9_]*(\s|$)/.test(l) && !/[\x00-\x08]/.test(l));
  if (!looksGedcom && control > sample.length / 20) throw new GedcomError("gedcom.binary", "the file is binary, not text");
  if (!looksGedcom)
    throw new GedcomError("gedcom.not_gedcom", `the first line is not a GEDCOM record: ${JSON.stringify(firstLine.slice(0, 40))}`);
}

function headerFrom(head: GedcomNode, enc: ReturnType<typeof detectEncoding>): GedcomHeader {
  const versText = child(child(head, "GEDC") ?? head, "VERS")?.value;
  const sour = child(head, "SOUR");
  return {
    version: child(head, "GEDC") ? parseVersion(versText) : "unknown",
    versionText: versText,
    declaredCharset: child(head, "CHAR")?.value ?? enc.declared,
    encoding: enc.encoding,
    encodingSource: enc.source,
    sourceSystem: sour?.value ? { id: sour.value, name: child(sour, "NAME")?.value, version: child(sour, "VERS")?.value } : undefined,
    language: child(head, "LANG")?.value,
    head,
  };
}

/**
 * Reads a GEDCOM 5.5 / 5.5.1 / 5.5.5 / 7.0 byte stream. Yields `header` first (a synthetic empty
 * HEAD when the file lacks one), then every record except HEAD/TRLR, then `end` with the summary.
 * Throws GedcomError only when the input is not readable GEDCOM at all.
 */
export async function* readGedcom(source: ByteSource, opts: ReadOptions = {}): AsyncGenerator<GedcomEvent> {
  const maxWarnings = opts.maxWarnings ?? 1000;
  const summary: GedcomSummary = { counts: {}, lines: 0, bytes: 0, warnings: [], warningCount: 0, brokenPointers: [], hadTrailer: false };
  const warn = (w: GedcomWarning) => {
    summary.warningCount++;
    if (summary.warnings.length < maxWarnings) summary.warnings.push(w);
    opts.onWarning?.(w);
  };
  const { head: prefix, rest } = await lookahead(source);
  const enc = detectEncoding(prefix, opts.encoding);
  const decoder = createDecoder(enc.encoding);
  const firstText = decoder.decode(prefix.subarray(enc.bomLength));
  checkReadable(prefix, firstText);
  if (enc.source === "guessed")
    warn({ code: "gedcom.encoding_guessed", line: 0, detail: `decoded as ${enc.encoding} (declared ${enc.declared ?? "nothing"})` });

  const splitter = new LineSplitter(opts.maxLineLength ?? DEFAULT_MAX_LINE);
  const assembler = new RecordAssembler(warn);
  // One entry per record (and per pointer ahead of its record): compact tables, not Sets of strings.
  const defined = new KeyTable();
  /** Pointers to records not defined yet, each with the line of its first use (the value). */
  const used = new KeyTable();
  let header: GedcomHeader | undefined;
  let v7 = false;
  let converter: Converter | undefined;
  let lineNo = 0;
  let afterTrailer = false;
  summary.bytes = prefix.length;

  const finish = (record: GedcomNode): GedcomEvent[] => {
    const out: GedcomEvent[] = [];
    if (!header) {
      let head = record;
      if (record.tag !== "HEAD") {
        warn({ code: "gedcom.missing_head", line: record.line, detail: "the file does not start with HEAD" });
        head = { level: 0, tag: "HEAD", line: 0, children: [] };
      }
      header = headerFrom(head, enc);
      v7 = header.version === "7.0";
      decodeValues(head, v7);
      if (opts.toV7 && !v7) {
        converter = new Converter(header.version, warn);
        header.head = converter.convertHead(head);
      }
      out.push({ type: "header", header });
      if (record.tag === "HEAD") return out;
    }
    if (record.tag === "TRLR") {
      summary.hadTrailer = true;
      afterTrailer = true;
      return out;
    }
    if (afterTrailer) warn({ code: "gedcom.after_trlr", line: record.line, detail: `${record.tag} after TRLR` });
    if (record.tag === "HEAD") return out; // a second HEAD (concatenated files) adds nothing
    decodeAndTrack(record);
    const records = converter ? convertSafely(converter, record, warn) : [record];
    for (const r of records) {
      summary.counts[r.tag] = (summary.counts[r.tag] ?? 0) + 1;
      out.push({ type: "record", record: r });
    }
    return out;
  };

  const maxXrefs = opts.maxXrefs ?? 2_000_000;
  let tracking = true;
  /**
   * Unescapes values and marks pointers (decodeValues), and notes xrefs defined and used, in
   * one walk. A pointer to a record already defined can never be broken: only the others are
   * remembered (with the line of their first use), which keeps the map small.
   */
  const decodeAndTrack = (record: GedcomNode) => {
    if (tracking && defined.size + used.size > maxXrefs) {
      tracking = false;
      defined.clear();
      used.clear();
      warn({
        code: "gedcom.pointer_check_skipped",
        line: record.line,
        detail: `more than ${maxXrefs} cross-references: broken pointers not checked`,
      });
    }
    if (!tracking) return decodeValues(record, v7);
    if (record.xref) {
      const known = defined.size;
      if (defined.add(record.xref) < known)
        warn({ code: "gedcom.duplicate_xref", line: record.line, detail: `${record.xref} defined twice` });
    }
    walk(record, (n) => {
      decodeValue(n, v7);
      if (n.pointer && n.value !== "@VOID@" && !defined.has(n.value!)) {
        const known = used.size;
        const i = used.add(n.value!);
        if (i === known) used.setValue(i, n.line);
      }
    });
  };

  // Text that is not GEDCOM but starts like it (a level-0 line, then anything) is refused once
  // its first megabyte is read, instead of becoming one huge record of continuation lines.
  let sampled = 0;
  let goodLines = 0;
  let badLines = 0;
  const judge = () => {
    if (badLines >= MIN_BAD_LINES && badLines > goodLines) {
      throw new GedcomError("gedcom.not_gedcom", `${badLines} of the first ${badLines + goodLines} lines are not GEDCOM lines`);
    }
  };
  const lines = function* (texts: string[]) {
    for (const t of texts) {
      const parsed = parseLine(t, ++lineNo);
      if (sampled < SAMPLE_CHARS) {
        sampled += t.length + 1;
        if (parsed.kind === "line") goodLines++;
        else if (t.trim() !== "") badLines++;
        if (sampled >= SAMPLE_CHARS) judge();
      }
      yield parsed;
    }
  };

  const feed = function* (text: string, end: boolean) {
    const texts = splitter.push(text);
    if (end) texts.push(...splitter.end());
    for (const l of lines(texts)) {
      const done = assembler.push(l);
      if (done) yield* finish(done);
    }
  };

  yield* feed(firstText.replace(/^\ufeff/, ""), false);
  for await (const c of rest) {
    summary.bytes += c.length;
    yield* feed(decoder.decode(c), false);
  }
  yield* feed(decoder.decode(new Uint8Array(0), true), true);
  if (sampled < SAMPLE_CHARS) judge();
  const last = assembler.end();
  if (last) yield* finish(last);
  if (!header) throw new GedcomError("gedcom.not_gedcom", "no GEDCOM record found");

  for (const n of splitter.truncated) warn({ code: "gedcom.line_too_long", line: n, detail: "line cut to the maximum length" });
  if (decoder.invalid > 0) warn({ code: "gedcom.decode_errors", line: 0, detail: `${decoder.invalid} bytes not valid in ${enc.encoding}` });
  if (!summary.hadTrailer) warn({ code: "gedcom.missing_trlr", line: lineNo, detail: "the file does not end with TRLR" });
  for (let i = 0; i < used.size; i++) {
    const xref = used.key(i);
    const line = used.value(i);
    if (defined.has(xref)) continue;
    summary.brokenPointers.push({ xref, line });
    warn({ code: "gedcom.broken_pointer", line, detail: `${xref} points to no record` });
  }
  summary.lines = lineNo;
  yield { type: "end", summary };
}

/** Converts one record; a record the converter trips on is kept as far as it got, with a warning. */
function convertSafely(converter: Converter, record: GedcomNode, warn: (w: GedcomWarning) => void): GedcomNode[] {
  try {
    return converter.convertRecord(record);
  } catch (e) {
    warn({ code: "gedcom.convert_failed", line: record.line, detail: `${record.tag} only partly converted: ${String(e)}` });
    return [record];
  }
}

/** Convenience for small files and tests: reads everything into memory. */
export async function readGedcomAll(
  source: ByteSource,
  opts: ReadOptions = {},
): Promise<{ header: GedcomHeader; records: GedcomNode[]; summary: GedcomSummary }> {
  let header: GedcomHeader | undefined;
  let summary: GedcomSummary | undefined;
  const records: GedcomNode[] = [];
  for await (const ev of readGedcom(source, opts)) {
    if (ev.type === "header") header = ev.header;
    else if (ev.type === "record") records.push(ev.record);
    else summary = ev.summary;
  }
  return { header: header!, records, summary: summary! };
}
