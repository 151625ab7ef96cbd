/**
 * Encoding detection and streaming decoding. Order of evidence: byte-order mark, then byte patterns
 * ("0\0" = UTF-16LE, "\00" = UTF-16BE), then the HEAD's `1 CHAR …` declaration found in a small
 * lookahead, then a guess (valid UTF-8, else Windows-1252).
 */
import iconv from "iconv-lite";
import { AnselDecoder } from "./ansel.js";

/** How much of the file start we look at to find `1 CHAR`. */
export const LOOKAHEAD_BYTES = 64 * 1024;

export interface DetectedEncoding {
  /** Decoder name: "utf-8", "utf-16le", "utf-16be", "ansel", or an iconv-lite name. */
  encoding: string;
  /** "default": nothing declared and the bytes are plain ASCII/UTF-8 (the 7.0 default), no doubt. */
  source: "bom" | "byte-pattern" | "declared" | "default" | "guessed" | "option";
  /** Bytes of byte-order mark to skip. */
  bomLength: number;
  /** Raw `1 CHAR` value when found. */
  declared?: string;
}

/** A stateful decoder: feed chunks, get text; multi-byte sequences may span chunks. */
export interface StreamDecoder {
  decode(bytes: Uint8Array, end?: boolean): string;
  /** Number of undecodable sequences seen (replaced with U+FFFD). */
  readonly invalid: number;
}

/** Maps a HEAD.CHAR value (any spelling seen in the wild) to a decoder name. */
export function charsetToEncoding(declared: string): string | undefined {
  const name = declared
    .trim()
    .toUpperCase()
    .replace(/[\s_]+/g, "-");
  if (/^UTF-?8$/.test(name) || name === "UNICODE-UTF-8") return "utf-8";
  if (name === "UNICODE" || name === "UTF-16" || name === "UCS-2") return "utf-16le";
  if (name === "UTF-16BE") return "utf-16be";
  if (name === "UTF-16LE") return "utf-16le";
  if (name === "ANSEL") return "ansel";
  if (name === "ASCII" || name === "US-ASCII") return "ascii";
  if (name === "ANSI" || name === "WINDOWS" || name === "IBM-WINDOWS" || /^(CP|WINDOWS-?)125[02]$/.test(name))
    return name.endsWith("1250") ? "windows-1250" : "windows-1252";
  if (name === "IBMPC" || name === "IBM-PC" || name === "IBM-DOS" || name === "MSDOS" || name === "CP437" || name === "DOS") return "cp437";
  if (name === "CP850" || name === "IBM850") return "cp850";
  if (name === "MACINTOSH" || name === "MAC" || name === "MACROMAN" || name === "MAC-ROMAN") return "macintosh";
  if (/^(ISO-?)?8859-?1$/.test(name) || name === "LATIN1" || name === "LATIN-1") return "latin1";
  const iso = /^(?:ISO-?)?8859-?(\d+)$/.exec(name);
  if (iso) return `iso-8859-${iso[1]}`;
  if (iconv.encodingExists(name)) return name.toLowerCase();
  return undefined;
}

function isValidUtf8(bytes: Uint8Array): boolean {
  // fatal decoding tells us whether the sample is UTF-8; a sequence cut at the end is fine.
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}

function hasHighBytes(bytes: Uint8Array): boolean {
  for (const b of bytes) if (b >= 0x80) return true;
  return false;
}

/** Finds `1 CHAR <value>` in an ASCII-compatible prefix (only inside HEAD, before the next record). */
function findDeclaredCharset(prefix: Uint8Array): string | undefined {
  const text = new TextDecoder("latin1").decode(prefix);
  const head = /(?:^|[\r\n])\s*0\s+HEAD\b/.exec(text);
  if (!head) return undefined;
  const after = text.slice(head.index + head[0].length);
  const nextRecord = after.search(/[\r\n]\s*0\s/);
  const headText = nextRecord >= 0 ? after.slice(0, nextRecord) : after;
  const m = /[\r\n]\s*1\s+CHAR(?:ACTER)?(?:[ \t]+([^\r\n]*))?/.exec(headText);
  return m ? (m[1] ?? "").trim() : undefined;
}

/** Decides how to decode a file from its first bytes (pass at least LOOKAHEAD_BYTES when available). */
export function detectEncoding(prefix: Uint8Array, override?: string): DetectedEncoding {
  let bomLength = 0;
  let bomEncoding: string | undefined;
  if (prefix[0] === 0xef && prefix[1] === 0xbb && prefix[2] === 0xbf) [bomEncoding, bomLength] = ["utf-8", 3];
  else if (prefix[0] === 0xff && prefix[1] === 0xfe) [bomEncoding, bomLength] = ["utf-16le", 2];
  else if (prefix[0] === 0xfe && prefix[1] === 0xff) [bomEncoding, bomLength] = ["utf-16be", 2];
  if (override) return { encoding: override, source: "option", bomLength };
  if (bomEncoding) {
    const declared = bomEncoding === "utf-8" ? findDeclaredCharset(prefix.subarray(3)) : undefined;
    return { encoding: bomEncoding, source: "bom", bomLength, declared };
  }
  // UTF-16 without BOM: the first character is an ASCII digit (or space/newline) next to a zero byte.
  if (prefix.length >= 2 && prefix[0] !== 0 && prefix[1] === 0) return { encoding: "utf-16le", source: "byte-pattern", bomLength: 0 };
  if (prefix.length >= 2 && prefix[0] === 0 && prefix[1] !== 0) return { encoding: "utf-16be", source: "byte-pattern", bomLength: 0 };
  const declared = findDeclaredCharset(prefix);
  const fromDecl = declared !== undefined ? charsetToEncoding(declared) : undefined;
  const utf8 = isValidUtf8(prefix);
  const high = hasHighBytes(prefix);
  if (fromDecl === "utf-16le" || fromDecl === "utf-16be") {
    // "UNICODE" declared in a byte-oriented file: the bytes are really UTF-8 (or 8-bit); decide by content.
    return { encoding: utf8 ? "utf-8" : "windows-1252", source: "guessed", bomLength: 0, declared };
  }
  if (fromDecl === "ascii") {
    // Files that say ASCII often carry UTF-8 or Windows-1252 bytes; ASCII is a subset of both.
    return { encoding: utf8 ? "utf-8" : "windows-1252", source: high ? "guessed" : "declared", bomLength: 0, declared };
  }
  if (fromDecl === "ansel" && high && utf8 && /[\xc3\xc5][\x80-\xbf]/.test(new TextDecoder("latin1").decode(prefix))) {
    // Declared ANSEL but the bytes are clearly UTF-8 (e.g. "Ã©" pairs): trust the bytes.
    return { encoding: "utf-8", source: "guessed", bomLength: 0, declared };
  }
  if (fromDecl) return { encoding: fromDecl, source: "declared", bomLength: 0, declared };
  if (!high || utf8) return { encoding: "utf-8", source: declared ? "guessed" : "default", bomLength: 0, declared };
  return { encoding: "windows-1252", source: "guessed", bomLength: 0, declared };
}

/** Creates a streaming decoder for a name returned by `detectEncoding`. */
export function createDecoder(encoding: string): StreamDecoder {
  if (encoding === "ansel") return new AnselDecoder();
  if (encoding === "utf-8" || encoding === "utf-16le" || encoding === "utf-16be") {
    const td = new TextDecoder(encoding, { fatal: false, ignoreBOM: true });
    return {
      invalid: 0,
      decode(bytes: Uint8Array, end = false) {
        return td.decode(bytes, { stream: !end });
      },
    };
  }
  const dec = iconv.getDecoder(encoding === "ascii" ? "windows-1252" : encoding);
  return {
    invalid: 0,
    decode(bytes: Uint8Array, end = false) {
      const s = bytes.length > 0 ? dec.write(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)) : "";
      return end ? s + (dec.end() ?? "") : s;
    },
  };
}
