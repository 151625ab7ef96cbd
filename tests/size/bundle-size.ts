import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const readManifest = (dist: string): Record<string, ManifestChunk> => JSON.parse(readFileSync(join(dist, ".vite/manifest.json"), "utf8"));

/** The manifest keys a first visit to `pageSrc` loads: the entry, the page, and every chunk either imports statically. */
function initialChunks(manifest: Record<string, ManifestChunk>, pageSrc: string): string[] {
  const entry = Object.entries(manifest).find(([, c]) => c.isEntry);
  if (!entry) throw new Error("no entry chunk in the Vite manifest");
  if (!manifest[pageSrc]) throw new Error(`${pageSrc} is not a chunk of its own in the Vite manifest`);
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) visit(dep);
  };
  visit(entry[0]);
  visit(pageSrc);
  return [...seen];
}

/**
 * JavaScript a first visit to a route downloads before it can render: the entry chunk,
 * the route's lazy page chunk, and every chunk either imports statically.
 */
export function initialJavaScript(dist: string, pageSrc: string): { files: string[]; gzipBytes: number } {
  const manifest = readManifest(dist);
  const files = initialChunks(manifest, pageSrc)
    .map((k) => manifest[k].file)
    .filter((f) => f.endsWith(".js"));
  const gzipBytes = files.reduce((sum, f) => sum + gzipSync(readFileSync(join(dist, f)), { level: 9 }).length, 0);
  return { files, gzipBytes };
}

export interface FontFile {
  file: string;
  bytes: number;
}

/**
 * Fonts of a first visit to `pageSrc`, apart from its JavaScript: the font files `index.html`
 * preloads (fetched at once, whatever the page shows), and every font file declared in an
 * @font-face by the initial CSS or by the faces' own stylesheet (ui/theme/fonts.css, which the app
 * links as it starts); the browser fetches only those whose family and unicode-range the page's
 * text uses. Sizes are the files' own: woff2 and woff are compressed already.
 */
export function landingFonts(dist: string, pageSrc: string): { preloaded: FontFile[]; declared: FontFile[] } {
  const manifest = readManifest(dist);
  const size = (file: string): FontFile => ({ file, bytes: statSync(join(dist, file)).size });
  const html = readFileSync(join(dist, "index.html"), "utf8");
  const preloaded = [...html.matchAll(/<link\b[^>]*>/g)]
    .map((m) => m[0])
    .filter((tag) => /\brel=["']?preload\b/.test(tag) && /\bas=["']?font\b/.test(tag))
    .map((tag) => /\bhref=["']?\/?([^"' >]+)/.exec(tag)![1])
    .map(size);
  const css = new Set(initialChunks(manifest, pageSrc).flatMap((k) => manifest[k].css ?? []));
  const faces = Object.values(manifest).find((chunk) => chunk.src?.endsWith("src/ui/theme/fonts.css"));
  if (faces) css.add(faces.file);
  const declared = new Set<string>();
  for (const file of css) {
    for (const m of readFileSync(join(dist, file), "utf8").matchAll(/url\(\s*["']?([^"')]+\.(?:woff2?|ttf|otf))["']?\s*\)/g)) {
      declared.add(m[1].replace(/^\//, "").replace(/^\.\//, "assets/"));
    }
  }
  return { preloaded, declared: [...declared].sort().map(size) };
}
