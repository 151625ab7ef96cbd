/**
 * GEDZIP (.gdz): a ZIP archive with `gedcom.ged` at its root plus the media files it references.
 * Reading is streaming (fflate's Unzip, fed chunk by chunk): the GEDCOM entry flows straight into
 * `readGedcom`; each media file is handed over as soon as it is complete (one file in memory at a time).
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
  /** Largest media file accepted, in bytes (bigger ones are skipped). Default 200 MiB. */
  maxMediaBytes?: number;
}

const GEDCOM_ENTRY = "gedcom.ged";

/** Reads a GEDZIP: GEDCOM events (as `readGedcom`) interleaved with `media` events, in archive order. */
export async function* readGedzip(source: ByteSource, opts: GedzipReadOptions = {}): AsyncGenerator<GedcomEvent | GedzipMedia> {
  const maxMedia = opts.maxMediaBytes ?? 200 * 1024 * 1024;
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
        else if (data.length) gedChunks.push(data);
        if (final) gedDone = true;
      };
    } else {
      const parts: Uint8Array[] = [];
      let size = 0;
      file.ondata = (err, data, final) => {
        if (err) return void (failure = err);
        size += data.length;
        if (size <= maxMedia) parts.push(data);
        if (final && size <= maxMedia) media.push({ type: "media", path: file.name, data: concat(parts, size) });
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
    if (first && !n.done && !(n.value[0] === 0x50 && n.value[1] === 0x4b)) throw new GedcomError("gedcom.gedzip_invalid", "not a ZIP archive");
    first = false;
    try {
      if (n.done) unzip.push(new Uint8Array(0), true);
      else unzip.push(n.value);
    } catch (e) {
      throw new GedcomError("gedcom.gedzip_invalid", String(e));
    }
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
    const file = /\.(jpe?g|png|gif|webp|mp3|mp4|oga|ogg|zip|gz)$/i.test(m.path) ? new ZipPassThrough(m.path) : new ZipDeflate(m.path, { level: 6 });
    zip.add(file);
    file.push(m.data, true);
    yield* out.splice(0);
  }
  zip.end();
  if (error) throw error;
  yield* out.splice(0);
}
