import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

/**
 * JavaScript a first visit to a route downloads before it can render: the entry chunk,
 * the route's lazy page chunk, and every chunk either imports statically.
 */
export function initialJavaScript(dist: string, pageSrc: string): { files: string[]; gzipBytes: number } {
  const manifest: Record<string, ManifestChunk> = JSON.parse(readFileSync(join(dist, ".vite/manifest.json"), "utf8"));
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
  const files = [...seen].map((k) => manifest[k].file).filter((f) => f.endsWith(".js"));
  const gzipBytes = files.reduce((sum, f) => sum + gzipSync(readFileSync(join(dist, f)), { level: 9 }).length, 0);
  return { files, gzipBytes };
}
