// `npm run bench -- media`: the sizes Roots makes of 100 photos of 12 megapixels each (4,000 × 3,000
// JPEGs with a phone's EXIF, each different), made one after another as the `media.process` job makes
// them on a server (sharp's thread pool set for 2 cores, its cache off): time per photo, photos a
// minute and the process's peak memory. Baseline, in the same run and on the same photos: one plain
// sharp thumbnail each (decode, resize to 480 px, JPEG), the least any picture service does; the
// ratio says what the full set (four widths, WebP and JPEG, metadata removed, orientation applied) costs
// beyond it. Reported, never failing: the goal is memory that stays bounded (under 1 GB) whatever
// the number of photos.
import sharp from "sharp";
import { makeVariants } from "../server/src/modules/media/image.js";

const PHOTOS = Number(process.env.BENCH_MEDIA_PHOTOS ?? 100);
const MAX_PIXELS = 100_000_000;
const MEMORY_GOAL_MB = 1024;

/** A photo-like 12 MP JPEG (smooth gradients with noise, as a camera writes them), different for each `i`. */
async function photo(base: Buffer, i: number): Promise<Buffer> {
  const mark = await sharp({
    create: { width: 400, height: 300, channels: 3, background: { r: (i * 37) % 255, g: (i * 91) % 255, b: 90 } },
  })
    .png()
    .toBuffer();
  return sharp(base)
    .composite([{ input: mark, left: (i * 97) % 3600, top: (i * 53) % 2700 }])
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: "BenchCam", Model: `Phone ${i}` }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "33/1 50/1 0/1" } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

export async function benchMedia(): Promise<boolean> {
  console.log(
    `\n## Pictures: sizes of ${PHOTOS} photos of 12 MP (sharp ${sharp.versions.sharp}, libvips ${sharp.versions.vips}, concurrency ${sharp.concurrency()})`,
  );
  const base = await sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: { r: 120, g: 150, b: 180 },
      noise: { type: "gaussian", mean: 128, sigma: 30 },
    },
  })
    .blur(2)
    .jpeg({ quality: 90 })
    .toBuffer();
  const photos: Buffer[] = [];
  for (let i = 0; i < PHOTOS; i++) photos.push(await photo(base, i));
  const mb = photos.reduce((n, p) => n + p.length, 0) / 1e6;
  console.log(`made ${PHOTOS} photos, ${mb.toFixed(0)} MB in all`);

  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const run = async (work: (p: Buffer) => Promise<unknown>) => {
    const times: number[] = [];
    const start = performance.now();
    for (const p of photos) {
      const t = performance.now();
      await work(p);
      times.push(performance.now() - t);
    }
    return { total: performance.now() - start, times };
  };
  try {
    const baseline = await run((p) => sharp(p).resize({ width: 480 }).jpeg().toBuffer());
    peak = process.memoryUsage().rss;
    let stored = 0;
    const roots = await run((p) =>
      makeVariants(p, MAX_PIXELS, async (_name, bytes) => {
        stored += bytes.length;
      }),
    );
    const peakMb = peak / 1024 / 1024;
    const line = (name: string, r: { total: number; times: number[] }) =>
      console.log(
        `${name.padEnd(34)} ${(r.total / 1000).toFixed(1).padStart(6)} s  ${((PHOTOS / r.total) * 60_000).toFixed(0).padStart(5)} photos/min  p50 ${percentile(r.times, 50).toFixed(0)} ms  p95 ${percentile(r.times, 95).toFixed(0)} ms`,
      );
    line("baseline: one 480 px JPEG", baseline);
    line("Roots: 4 widths × WebP + JPEG", roots);
    console.log(`ratio Roots / baseline: ${(roots.total / baseline.total).toFixed(2)}× (8 encodes against 1)`);
    console.log(`sizes stored: ${(stored / 1e6).toFixed(1)} MB (${((stored / 1e6 / mb) * 100).toFixed(0)} % of the uploads)`);
    console.log(
      `peak memory (RSS) while making them: ${peakMb.toFixed(0)} MB (goal < ${MEMORY_GOAL_MB} MB: ${peakMb < MEMORY_GOAL_MB ? "met" : "MISSED"})`,
    );
  } finally {
    clearInterval(sampler);
  }
  // Reported, never failing (absolute goals are reports).
  return true;
}
