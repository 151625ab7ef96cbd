import { fileTypeFromBuffer } from "file-type";
import sharp, { type Metadata } from "sharp";
import type { MediaVariant } from "./media.entity.js";
import { isWhole } from "./whole.js";

// One libvips thread per image: the `media.process` job runs one image per CPU at a time
// (process.ts), so pictures together use each core once, and no request decodes one.
sharp.concurrency(1);
// The cache helps repeated operations on one image; thumbnails of many different ones only fill memory.
sharp.cache(false);

/** The image types accepted, recognised by their content (never their name). SVG is not one: it can carry script. */
export const ACCEPTED_TYPES: Readonly<Record<string, string>> = {
  "image/jpeg": "JPEG",
  "image/png": "PNG",
  "image/webp": "WebP",
  "image/avif": "AVIF",
  "image/tiff": "TIFF",
  "image/gif": "GIF",
};

const TIFF_MAGIC = [Buffer.from("II*\0", "latin1"), Buffer.from("MM\0*", "latin1")];

/** Why an upload is refused: a translation key under `media.` and its parameters. */
export class MediaRefused extends Error {
  constructor(
    readonly key: "file_type" | "too_many_pixels" | "broken_image" | "incomplete" | "empty_file",
    readonly params: Record<string, string | number> = {},
  ) {
    super(`media.${key}`);
  }
}

export interface Inspected {
  mime: string;
  /** Upright, as shown (EXIF orientation applied). */
  width: number;
  height: number;
}

/**
 * Checks what an uploaded file is, from its bytes, without decoding a pixel (decoding is the
 * `media.process` job's, off the request): an image of an accepted type, within the pixel limit
 * (read from its header), and whole (whole.ts: its structure walked to its end, so a file cut
 * short is refused here whatever its format). Throws MediaRefused otherwise.
 */
export async function inspect(bytes: Uint8Array, maxPixels: number): Promise<Inspected> {
  if (bytes.length === 0) throw new MediaRefused("empty_file");
  // A TIFF is told from camera raw files by its directory; one cut before it is still a TIFF, cut short.
  const mime = (await fileTypeFromBuffer(bytes))?.mime ?? (TIFF_MAGIC.some((m) => m.equals(bytes.subarray(0, 4))) ? "image/tiff" : null);
  if (!mime || !ACCEPTED_TYPES[mime]) throw new MediaRefused("file_type", { types: Object.values(ACCEPTED_TYPES).join(", ") });
  if (!isWhole(bytes, mime)) throw new MediaRefused("incomplete");
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new MediaRefused("broken_image");
  }
  if (!meta.width || !meta.height) throw new MediaRefused("broken_image");
  const pages = meta.pages ?? 1;
  if (meta.width * meta.height * Math.min(pages, 1000) > maxPixels)
    throw new MediaRefused("too_many_pixels", { max: Math.round(maxPixels / 1e6) });
  const turned = (meta.orientation ?? 1) >= 5;
  return { mime, width: turned ? meta.height : meta.width, height: turned ? meta.width : meta.height };
}

/** The widths made of every picture (never wider than it is): card thumbnail, page, large view. */
export const VARIANT_WIDTHS = [160, 480, 1200, 2048] as const;

/**
 * The sizes browsers get, each in WebP and in JPEG for browsers without it: upright (EXIF
 * orientation applied), in sRGB, with no metadata at all (sharp writes none unless asked: no
 * EXIF, no GPS, no camera serial). `store` writes each one; returns what was made.
 */
export async function makeVariants(
  original: Uint8Array,
  maxPixels: number,
  store: (name: string, bytes: Buffer) => Promise<void>,
): Promise<MediaVariant[]> {
  // One decode of the upload (a JPEG shrinks while it is read): upright, in sRGB, at most the
  // largest width, held as raw pixels; every size is then made from those. Damaged data (a bad
  // checksum, a broken stream) fails here: the upload was only checked from its structure.
  const largest = VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1];
  const { data, info } = await sharp(original, { limitInputPixels: maxPixels, failOn: "error" })
    .rotate()
    .resize({ width: largest, height: largest, fit: "inside", withoutEnlargement: true })
    .toColourspace("srgb")
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  const widths = VARIANT_WIDTHS.filter((w, i) => i === 0 || w < info.width * 1.15);
  const made: MediaVariant[] = [];
  for (const w of widths) {
    const sized = sharp(data, raw).resize({ width: Math.min(w, info.width) });
    const [webp, jpeg] = await Promise.all([
      sized.clone().webp({ quality: 80, effort: 2 }).toBuffer({ resolveWithObject: true }),
      sized.clone().jpeg({ quality: 82, progressive: true }).toBuffer({ resolveWithObject: true }),
    ]);
    for (const [format, out] of [
      ["webp", webp],
      ["jpeg", jpeg],
    ] as const) {
      const name = `w${w}.${format === "jpeg" ? "jpg" : "webp"}`;
      await store(name, out.data);
      made.push({ name, format, width: out.info.width, height: out.info.height, bytes: out.data.length });
    }
  }
  return made;
}
