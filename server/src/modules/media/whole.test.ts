import { describe, expect, it } from "@jest/globals";
import { readFileSync } from "node:fs";
import sharp from "sharp";
import { isWhole } from "./whole.js";

/**
 * Every accepted format, as real encoders write it: whole, the file passes; cut short anywhere,
 * it does not (a prefix of a file walks the same way as the file, and never reaches its end).
 */
const photo = () => readFileSync(new URL("../../../../tests/fixtures/media/portrait-gps.jpg", import.meta.url));

async function samples(): Promise<[string, string, Buffer][]> {
  const base = sharp({ create: { width: 300, height: 200, channels: 3, background: "#3a7" } }).composite([
    { input: { create: { width: 120, height: 80, channels: 3, background: "#c41" } }, top: 40, left: 60 },
  ]);
  const still = await base.png().toBuffer();
  const from = () => sharp(still);
  const frames = await sharp({ create: { width: 40, height: 120, channels: 4, background: "#258" } })
    .png()
    .toBuffer();
  return [
    ["JPEG photo with EXIF and thumbnail", "image/jpeg", photo()],
    ["JPEG baseline", "image/jpeg", await from().jpeg({ quality: 80 }).toBuffer()],
    ["JPEG progressive", "image/jpeg", await from().jpeg({ progressive: true }).toBuffer()],
    ["PNG", "image/png", still],
    ["PNG interlaced", "image/png", await from().png({ progressive: true }).toBuffer()],
    ["WebP lossy", "image/webp", await from().webp().toBuffer()],
    ["WebP lossless", "image/webp", await from().webp({ lossless: true }).toBuffer()],
    ["GIF", "image/gif", await from().gif().toBuffer()],
    ["GIF with transparency", "image/gif", await sharp(frames).gif().toBuffer()],
    ["AVIF", "image/avif", await from().avif({ effort: 0 }).toBuffer()],
    ["TIFF in strips", "image/tiff", await from().tiff({ compression: "lzw" }).toBuffer()],
    ["TIFF in tiles", "image/tiff", await from().tiff({ tile: true, tileWidth: 64, tileHeight: 64 }).toBuffer()],
    ["TIFF with alpha", "image/tiff", await sharp(frames).tiff().toBuffer()],
  ];
}

describe("isWhole", () => {
  it("passes every format whole and refuses it cut short anywhere", async () => {
    for (const [name, mime, bytes] of await samples()) {
      expect([name, isWhole(bytes, mime)]).toEqual([name, true]);
      const cuts = new Set<number>();
      for (let i = 1; i <= 64; i++) cuts.add(Math.floor((bytes.length * i) / 65));
      for (let k = 1; k <= 16; k++) cuts.add(bytes.length - k);
      for (const cut of cuts) expect([name, cut, isWhole(bytes.subarray(0, cut), mime)]).toEqual([name, cut, false]);
    }
  }, 60_000);

  it("refuses a file of another type, and an empty one", () => {
    expect(isWhole(photo(), "image/png")).toBe(false);
    expect(isWhole(Buffer.alloc(0), "image/jpeg")).toBe(false);
    expect(isWhole(photo(), "image/svg+xml")).toBe(false);
  });
});
