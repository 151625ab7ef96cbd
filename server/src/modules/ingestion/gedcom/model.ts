import type { Readable } from "node:stream";

/**
 * Types shared by the GEDCOM reader, converter and writer. Pure data: no database, no I/O.
 * A record is a tree of nodes; every level-0 line starts a record.
 */

/** One GEDCOM structure (a line plus its substructures). CONC/CONT are already folded into `value`. */
export interface GedcomNode {
  /** Depth in the tree (0 for records); repaired when the file skipped levels. */
  level: number;
  /** Cross-reference id with its at-signs, e.g. "@I1@" (only on records). */
  xref?: string;
  tag: string;
  /** Decoded payload: text with escapes removed ("@@" → "@"), or a pointer such as "@I1@". */
  value?: string;
  /** True when `value` is a pointer to a record (or "@VOID@"). */
  pointer?: boolean;
  /** 1-based line number in the source file where this structure starts. */
  line: number;
  children: GedcomNode[];
}

/** GEDCOM versions we read; "unknown" when the header does not say (read as 5.5.1). */
export type GedcomVersion = "5.5" | "5.5.1" | "5.5.5" | "7.0" | "unknown";

/** Codes of recoverable problems; each becomes a translation key later. */
export type GedcomWarningCode =
  | "gedcom.missing_head"
  | "gedcom.missing_trlr"
  | "gedcom.line_malformed"
  | "gedcom.line_continued"
  | "gedcom.junk_dropped"
  | "gedcom.level_jump"
  | "gedcom.line_too_long"
  | "gedcom.after_trlr"
  | "gedcom.duplicate_xref"
  | "gedcom.broken_pointer"
  | "gedcom.pointer_check_skipped"
  | "gedcom.encoding_guessed"
  | "gedcom.decode_errors"
  | "gedcom.convert_failed"
  | "gedcom.media_too_large";

/** A recoverable problem found while reading; the import goes on. */
export interface GedcomWarning {
  code: GedcomWarningCode;
  /** 1-based line number (0 when the problem concerns the whole file). */
  line: number;
  /** English detail for logs; the UI translates `code`. */
  detail: string;
}

/** Codes for files that cannot be read at all. */
export type GedcomErrorCode =
  "gedcom.empty" | "gedcom.binary" | "gedcom.not_gedcom" | "gedcom.gedzip_no_gedcom" | "gedcom.gedzip_invalid" | "gedcom.gedzip_too_large";

/** Thrown when a file cannot be read at all; `code` is a translation key. */
export class GedcomError extends Error {
  constructor(
    readonly code: GedcomErrorCode,
    detail: string,
  ) {
    super(`${code}: ${detail}`);
    this.name = "GedcomError";
  }
}

/** What the header says about the file, plus how we decoded it. */
export interface GedcomHeader {
  /** Version declared in HEAD.GEDC.VERS (normalised). */
  version: GedcomVersion;
  /** Raw HEAD.GEDC.VERS text. */
  versionText?: string;
  /** Character set declared in HEAD.CHAR (raw), if any. */
  declaredCharset?: string;
  /** Encoding actually used to decode the bytes (e.g. "utf-8", "utf-16le", "ansel", "windows-1252"). */
  encoding: string;
  /** How the encoding was chosen. */
  encodingSource: "bom" | "byte-pattern" | "declared" | "default" | "guessed" | "option";
  /** HEAD.SOUR value (the approved system id) and its NAME/VERS. */
  sourceSystem?: { id: string; name?: string; version?: string };
  /** HEAD.LANG. */
  language?: string;
  /** The HEAD record itself (after conversion when the reader converts to 7.0). */
  head: GedcomNode;
}

/** Final numbers, available once the stream is fully read. */
export interface GedcomSummary {
  /** Records per level-0 tag (INDI, FAM, SOUR, …), HEAD and TRLR excluded. */
  counts: Record<string, number>;
  lines: number;
  bytes: number;
  /** All warnings kept (at most `maxWarnings`); `warningCount` is the true total. */
  warnings: GedcomWarning[];
  warningCount: number;
  /** Pointers to records that are not in the file (xref, first line where it was used). */
  brokenPointers: { xref: string; line: number }[];
  hadTrailer: boolean;
}

/** Events produced by `readGedcom`, in file order. */
export type GedcomEvent =
  { type: "header"; header: GedcomHeader } | { type: "record"; record: GedcomNode } | { type: "end"; summary: GedcomSummary };

/** Bytes in: a Node Readable (file, upload, HTTP body) or any async iterable of chunks. */
export type ByteSource = AsyncIterable<Uint8Array> | Readable;
