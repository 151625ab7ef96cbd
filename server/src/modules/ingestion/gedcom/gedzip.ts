/**
 * GEDZIP (.gdz): a ZIP archive with `gedcom.ged` at its root plus the media files it references.
 * Reading is streaming (fflate's Unzip, fed 16 KiB at a time): the GEDCOM entry flows straight into
 * `readGedcom`; each media file is handed over as soon as it is complete (one file in memory at a
 * time, at most maxMediaBytes). What the archive unpacks to is bounded in total and per byte read,
 * so a zip bomb stops within a few megabytes.
 */
import { Unzip, UnzipInflate, Zip, ZipDeflate, ZipPassThrough } from "fflate";
import { readGedcom, type ReadOptions } from "./reader.js";
import { writeGedcom, type WriteOptions } from "./writer.js";
import { GedcomError, type ByteSource, type GedcomEvent, type GedcomNode } from "./model.js";

/** A media file found in a GEDZIP; `path` is as stored (forward slashes), matching FILE payloads. */
export interface GedzipMedia {
  type: "media";
  path: string;
  data: Uint8Array;
}

export interface GedzipReadOptions extends ReadOptions {
  /** Largest media file accepted, in bytes (bigger ones are skipped, never held whole). Default 50 MiB. */
  maxMediaBytes?: number;
  /** Most bytes all entries together may unpack to. Default 2 GiB. */
  maxUnpackedBytes?: number;
  /** Most bytes unpacked per byte of archive read, once past RATIO_FLOOR. Default 100. */
  maxRatio?: number;
}

/** Below this many unpacked bytes the ratio is not judged (small files compress well). */
const RATIO_FLOOR = 16 * 1024 * 1024;
/** Archive bytes pushed into the unzipper at once: one push unpacks at most ~1,000× this. */
const PUSH_BYTES = 16 * 1024;

const GEDCOM_ENTRY = "gedcom.ged";

/** Reads a GEDZIP: GEDCOM events (as `readGedcom`) interleaved with `media` events, in archive order. */
export async function* readGedzip(source: ByteSource, opts: GedzipReadOptions = {}): AsyncGenerator<GedcomEvent | GedzipMedia> {
  const maxMedia = opts.maxMediaBytes ?? 50 * 1024 * 1024;
  const maxUnpacked = opts.maxUnpackedBytes ?? 2 * 1024 * 1024 * 1024;
  const maxRatio = opts.maxRatio ?? 100;
  let packed = 0;
  let unpacked = 0;
  /** A zip bomb (or just too much) is stopped as it unpacks, before the data piles up. */
  let tooLarge: string | null = null;
  const count = (n: number) => {
    unpacked += n;
    if (unpacked > maxUnpacked) tooLarge ??= `unpacks to more than ${maxUnpacked} bytes`;
    else if (unpacked > RATIO_FLOOR && unpacked > maxRatio * packed)
      tooLarge ??= `unpacks ${Math.round(unpacked / Math.max(1, packed))} times its size`;
  };
  const gedChunks: Uint8Array[] = [];
  const media: GedzipMedia[] = [];
  let gedFound = false;
  let gedDone = false;
  let sourceDone = false;
  let failure: unknown;
  const unzip = new Unzip((file) => {
    if (file.name.endsWith("/")) return;
    if (!gedFound && file.name.toLowerCase() === GEDCOM_ENTRY) {
      gedFound = true;
      file.ondata = (err, data, final) => {
        if (err) failure = err;
        else if (data.length) {
          count(data.length);
          if (!tooLarge) gedChunks.push(data);
        }
        if (final) gedDone = true;
      };
    } else {
      const parts: Uint8Array[] = [];
      let size = 0;
      file.ondata = (err, data, final) => {
        if (err) return void (failure = err);
        size += data.length;
        count(data.length);
        if (size <= maxMedia && !tooLarge) parts.push(data);
        else parts.length = 0;
        if (final && size > maxMedia)
          opts.onWarning?.({ code: "gedcom.media_too_large", line: 0, detail: `${file.name}: ${size} bytes, more than ${maxMedia}` });
        else if (final && !tooLarge) media.push({ type: "media", path: file.name, data: concat(parts, size) });
      };
    }
    file.start();
  });
  unzip.register(UnzipInflate);
  const it = (source as AsyncIterable<Uint8Array>)[Symbol.asyncIterator]();
  let first = true;
  /** Pushes one more source chunk into the unzipper; false when the source is exhausted. */
  const pump = async (): Promise<boolean> => {
    if (sourceDone) return false;
    const n = await it.next();
    if (first && !n.done && !(n.value[0] === 0x50 && n.value[1] === 0x4b))
      throw new GedcomError("gedcom.gedzip_invalid", "not a ZIP archive");
    first = false;
    try {
      if (n.done) unzip.push(new Uint8Array(0), true);
      else {
        for (let o = 0; o < n.value.length && !tooLarge && !failure; o += PUSH_BYTES) {
          const slice = n.value.subarray(o, o + PUSH_BYTES);
          packed += slice.length;
          unzip.push(slice);
        }
      }
    } catch (e) {
      throw new GedcomError("gedcom.gedzip_invalid", String(e));
    }
    if (tooLarge) throw new GedcomError("gedcom.gedzip_too_large", tooLarge);
    if (failure) throw new GedcomError("gedcom.gedzip_invalid", String(failure));
    if (n.done) sourceDone = true;
    return !n.done;
  };
  async function* gedBytes(): AsyncGenerator<Uint8Array> {
    for (;;) {
      while (gedChunks.length > 0) yield gedChunks.shift()!;
      if (gedDone) return;
      if (!(await pump())) {
        while (gedChunks.length > 0) yield gedChunks.shift()!;
        return;
      }
    }
  }
  // Advance until the GEDCOM entry starts, handing over media met on the way.
  while (!gedFound && (await pump())) yield* media.splice(0);
  yield* media.splice(0);
  if (!gedFound) throw new GedcomError("gedcom.gedzip_no_gedcom", "the archive has no gedcom.ged");
  for await (const ev of readGedcom(gedBytes(), opts)) {
    yield* media.splice(0);
    yield ev;
  }
  while (await pump()) yield* media.splice(0);
  yield* media.splice(0);
}

function concat(parts: Uint8Array[], size: number): Uint8Array {
  if (parts.length === 1) return parts[0];
  const out = new Uint8Array(size);
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

/**
 * Writes a GEDZIP: `gedcom.ged` (written by `writeGedcom`, UTF-8 with BOM for 7.0) then each media file.
 * Yields ZIP bytes as they are produced, so the archive can be streamed to a response or a file.
 */
export async function* writeGedzip(
  head: GedcomNode | undefined,
  records: Iterable<GedcomNode> | AsyncIterable<GedcomNode>,
  media: Iterable<{ path: string; data: Uint8Array }> | AsyncIterable<{ path: string; data: Uint8Array }>,
  opts: WriteOptions = {},
): AsyncGenerator<Uint8Array> {
  const out: Uint8Array[] = [];
  let error: unknown;
  const zip = new Zip((err, chunk) => {
    if (err) error = err;
    else out.push(chunk);
  });
  const ged = new ZipDeflate(GEDCOM_ENTRY, { level: 6 });
  zip.add(ged);
  const enc = new TextEncoder();
  ged.push(Uint8Array.of(0xef, 0xbb, 0xbf));
  for await (const text of writeGedcom(head, records, opts)) {
    ged.push(enc.encode(text));
    yield* out.splice(0);
  }
  ged.push(new Uint8Array(0), true);
  yield* out.splice(0);
  for await (const m of media) {
    // Already-compressed formats gain nothing from deflate.
    const file = /\.(jpe?g|png|gif|webp|mp3|mp4|oga|ogg|zip|gz)$/i.test(m.path)
      ? new ZipPassThrough(m.path)
      : new ZipDeflate(m.path, { level: 6 });
    zip.add(file);
    file.push(m.data, true);
    yield* out.splice(0);
  }
  zip.end();
  if (error) throw error;
  yield* out.splice(0);
}
