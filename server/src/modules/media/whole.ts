/**
 * Is an uploaded image whole? Answered from its structure alone, without decoding a pixel, so an
 * upload request costs a walk over the file's segments (milliseconds for 25 MB) rather than a
 * decode (seconds for a large PNG). Each accepted format ends in a way a file cut short cannot
 * fake: every segment, chunk, block or box it declares must lie inside the file, and the format's
 * end marker, where it has one, must be reached by walking them.
 * - JPEG: segments by their lengths up to the first scan, then its entropy-coded data (where a
 *   0xFF byte is always followed by 0x00 or a restart marker) and further segments, up to EOI.
 * - PNG: chunks by their lengths up to IEND.
 * - GIF: blocks and their sub-blocks up to the trailer (0x3B), with at least one image.
 * - WebP: the RIFF size inside the file, and its chunks filling it.
 * - AVIF: top-level boxes inside the file, and every item's extents (iloc) inside it.
 * - TIFF (and BigTIFF): every directory, every tag's values and every strip or tile inside the file.
 * What a walk cannot see (damaged data of the right length) is found by the `media.process` job,
 * which decodes in full, marks the file failed, and so gives its bytes back to the quota.
 */

type Walk = (b: Buffer) => boolean;

export function isWhole(bytes: Uint8Array, mime: string): boolean {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const walk = WALKS[mime];
  try {
    return walk ? walk(b) : false;
  } catch {
    // A read past the end (RangeError) is a file cut short.
    return false;
  }
}

const jpeg: Walk = (b) => {
  if (b[0] !== 0xff || b[1] !== 0xd8) return false;
  let p = 2;
  let scanned = false;
  while (p < b.length) {
    if (b[p] !== 0xff) {
      // Entropy-coded data (or stray bytes between segments, which decoders skip): to the next 0xFF.
      p = b.indexOf(0xff, p);
      if (p < 0) return false;
      continue;
    }
    const m = b[p + 1];
    if (m === undefined) return false;
    if (m === 0xff) {
      p += 1; // fill byte
    } else if (m === 0x00 || (m >= 0xd0 && m <= 0xd7) || m === 0x01) {
      p += 2; // a stuffed 0xFF in a scan, a restart marker, TEM
    } else if (m === 0xd9) {
      return scanned;
    } else {
      const length = b.readUInt16BE(p + 2);
      if (length < 2 || p + 2 + length > b.length) return false;
      p += 2 + length;
      if (m === 0xda) scanned = true;
    }
  }
  return false;
};

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const png: Walk = (b) => {
  if (!b.subarray(0, 8).equals(PNG_SIGNATURE)) return false;
  let p = 8;
  while (p + 12 <= b.length) {
    const end = p + 12 + b.readUInt32BE(p);
    if (end > b.length) return false;
    if (b.toString("latin1", p + 4, p + 8) === "IEND") return true;
    p = end;
  }
  return false;
};

const gif: Walk = (b) => {
  if (b.toString("latin1", 0, 3) !== "GIF") return false;
  const table = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 7) + 1) : 0);
  let p = 13 + table(b[10]);
  let images = 0;
  const subBlocks = () => {
    for (;;) {
      if (p >= b.length) return false;
      const n = b[p];
      p += 1 + n;
      if (n === 0) return true;
    }
  };
  while (p < b.length) {
    const c = b[p];
    if (c === 0x3b) return images > 0;
    if (c === 0x21) {
      p += 2;
      if (!subBlocks()) return false;
    } else if (c === 0x2c) {
      if (p + 10 > b.length) return false;
      p += 10 + table(b[p + 9]) + 1;
      if (!subBlocks()) return false;
      images++;
    } else {
      return false;
    }
  }
  return false;
};

const webp: Walk = (b) => {
  if (b.toString("latin1", 0, 4) !== "RIFF" || b.toString("latin1", 8, 12) !== "WEBP") return false;
  const end = 8 + b.readUInt32LE(4);
  if (end > b.length) return false;
  let p = 12;
  let image = false;
  while (p + 8 <= end) {
    const size = b.readUInt32LE(p + 4);
    if (/^VP8[ LX]$/.test(b.toString("latin1", p, p + 4))) image = true;
    const next = p + 8 + size;
    if (next > end) return false;
    p = next + (size & 1);
  }
  return image && p >= end;
};

/** ISOBMFF boxes in [start, end): type, where its content starts, where it ends. */
function boxes(b: Buffer, start: number, end: number): { type: string; body: number; end: number }[] | null {
  const out = [];
  let p = start;
  while (p < end) {
    if (p + 8 > end) return null;
    let size = b.readUInt32BE(p);
    let body = p + 8;
    if (size === 1) {
      size = Number(b.readBigUInt64BE(p + 8));
      body = p + 16;
    } else if (size === 0) {
      size = end - p;
    }
    if (size < body - p || p + size > end) return null;
    out.push({ type: b.toString("latin1", p + 4, p + 8), body, end: p + size });
    p += size;
  }
  return out;
}

const avif: Walk = (b) => {
  const top = boxes(b, 0, b.length);
  if (!top || top[0]?.type !== "ftyp") return false;
  const meta = top.find((x) => x.type === "meta");
  if (!meta || !top.some((x) => x.type === "mdat")) return false;
  const inMeta = boxes(b, meta.body + 4, meta.end); // meta is a full box: version and flags first
  const iloc = inMeta?.find((x) => x.type === "iloc");
  if (!iloc) return false;
  let p = iloc.body;
  const version = b[p];
  p += 4;
  const sizes = b.readUInt16BE(p);
  p += 2;
  const [offsetSize, lengthSize, baseSize, indexSize] = [sizes >> 12, (sizes >> 8) & 15, (sizes >> 4) & 15, version > 0 ? sizes & 15 : 0];
  const read = (n: number): number => {
    const v = n === 0 ? 0 : n === 4 ? b.readUInt32BE(p) : n === 8 ? Number(b.readBigUInt64BE(p)) : NaN;
    if (Number.isNaN(v)) throw new RangeError("field size");
    p += n;
    return v;
  };
  const items = version < 2 ? b.readUInt16BE(p) : b.readUInt32BE(p);
  p += version < 2 ? 2 : 4;
  for (let i = 0; i < items; i++) {
    p += version < 2 ? 2 : 4; // item id
    const method = version > 0 ? b.readUInt16BE(p) & 15 : 0;
    if (version > 0) p += 2;
    p += 2; // data reference index
    const base = read(baseSize);
    const extents = b.readUInt16BE(p);
    p += 2;
    for (let e = 0; e < extents; e++) {
      read(indexSize);
      const offset = read(offsetSize);
      const length = read(lengthSize);
      // In the file (method 0); an item kept inside the meta box (idat, method 1) was walked with it.
      if (method === 0 && (length === 0 ? base + offset >= b.length : base + offset + length > b.length)) return false;
    }
    if (p > iloc.end) return false;
  }
  return true;
};

const TIFF_TYPE_SIZES: Record<number, number> = {
  1: 1,
  2: 1,
  3: 2,
  4: 4,
  5: 8,
  6: 1,
  7: 1,
  8: 2,
  9: 4,
  10: 8,
  11: 4,
  12: 8,
  13: 4,
  16: 8,
  17: 8,
  18: 8,
};
const STRIPS = [
  [273, 279],
  [324, 325],
] as const;

const tiff: Walk = (b) => {
  const order = b.toString("latin1", 0, 2);
  if (order !== "II" && order !== "MM") return false;
  const le = order === "II";
  const u16 = (at: number) => (le ? b.readUInt16LE(at) : b.readUInt16BE(at));
  const u32 = (at: number) => (le ? b.readUInt32LE(at) : b.readUInt32BE(at));
  const u64 = (at: number) => Number(le ? b.readBigUInt64LE(at) : b.readBigUInt64BE(at));
  const big = u16(2) === 43;
  if (!big && u16(2) !== 42) return false;
  const word = big ? 8 : 4;
  const offsetAt = (at: number) => (big ? u64(at) : u32(at));
  let ifd = big ? u64(8) : u32(4);
  const seen = new Set<number>();
  while (ifd !== 0) {
    if (seen.has(ifd) || seen.size >= 10_000) return false;
    seen.add(ifd);
    const count = big ? u64(ifd) : u16(ifd);
    const first = ifd + (big ? 8 : 2);
    const entry = big ? 20 : 12;
    if (first + count * entry + word > b.length) return false;
    const values = new Map<number, number[]>();
    for (let i = 0; i < count; i++) {
      const at = first + i * entry;
      const tag = u16(at);
      const type = u16(at + 2);
      const n = big ? u64(at + 4) : u32(at + 4);
      const size = TIFF_TYPE_SIZES[type];
      if (!size) continue;
      const inline = n * size <= word;
      const where = inline ? at + 4 + word : offsetAt(at + 4 + word);
      if (where + n * size > b.length) return false;
      if (STRIPS.some((pair) => (pair as readonly number[]).includes(tag))) {
        const read = size === 2 ? u16 : size === 4 ? u32 : size === 8 ? u64 : null;
        if (!read) return false;
        values.set(
          tag,
          Array.from({ length: n }, (_, k) => read(where + k * size)),
        );
      }
    }
    for (const [offsetsTag, countsTag] of STRIPS) {
      const offsets = values.get(offsetsTag);
      if (!offsets) continue;
      const lengths = values.get(countsTag);
      if (offsets.some((o, k) => o + (lengths?.[k] ?? 1) > b.length)) return false;
    }
    if (!values.has(273) && !values.has(324)) return false;
    ifd = offsetAt(first + count * entry);
  }
  return seen.size > 0;
};

const WALKS: Record<string, Walk> = {
  "image/jpeg": jpeg,
  "image/png": png,
  "image/gif": gif,
  "image/webp": webp,
  "image/avif": avif,
  "image/tiff": tiff,
};
