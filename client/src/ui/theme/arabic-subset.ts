// Subsets the Arabic faces to the characters Roots shows, when the client is built (the Vite plugin
// `arabicFaces` in vite.config.ts), with subset-font (HarfBuzz's subsetter, as WebAssembly: offline).
// @fontsource's Arabic files hold every Arabic block (Supplement, Extended-A and -B, presentation
// forms, Qur'anic marks): about 53 KB each, where the letters, vowel marks, digits and punctuation
// of Arabic (and the Persian letters Lebanese names borrow) take about 13. Shaping is kept whole:
// HarfBuzz keeps every glyph the kept characters' initial, medial, final and ligature forms need.
// Runs in Node; the browser gets the smaller files under the same names.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, join } from "node:path";
import type { Plugin } from "vite";

/** The Arabic faces, as the stylesheets name them (theme/text-face.css, theme/fonts.css). */
export const ARABIC_FACES = [
  "@fontsource/noto-naskh-arabic/files/noto-naskh-arabic-arabic-400-normal.woff2",
  "@fontsource/noto-naskh-arabic/files/noto-naskh-arabic-arabic-700-normal.woff2",
  "@fontsource/noto-kufi-arabic/files/noto-kufi-arabic-arabic-700-normal.woff2",
] as const;

const ranges = (...pairs: [number, number][]) => pairs.flatMap(([a, b]) => Array.from({ length: b - a + 1 }, (_, i) => a + i));

/**
 * What any Arabic text may hold, whoever wrote it (a village's or a person's name, an article):
 * comma, semicolon, question mark and tatweel; the letters and vowel marks (U+0621–U+065F); the
 * Arabic-Indic digits with their percent and separators; superscript and wasla alef; the Persian
 * letters found in names (پ چ ژ ڤ ک گ ہ ی, some in the gazetteer); the joiners and direction marks.
 */
export const ARABIC_TEXT = String.fromCodePoint(
  ...ranges([0x060c, 0x060c], [0x061b, 0x061b], [0x061f, 0x061f], [0x0621, 0x065f], [0x0660, 0x066d], [0x0670, 0x0671], [0x200c, 0x200f]),
  ...[0x0640, 0x067e, 0x0686, 0x0698, 0x06a4, 0x06a9, 0x06af, 0x06c1, 0x06cc, 0x2010, 0x2011],
);

/** An Arabic-script character (the blocks @fontsource's Arabic files cover). */
const ARABIC_SCRIPT = /[\u0600-\u06ff\u0750-\u077f\u0870-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/gu;

/** The characters the faces keep: ARABIC_TEXT, and any other Arabic-script character in `texts` (the translations). */
export function arabicCharacters(...texts: string[]): string {
  const extra = texts.flatMap((t) => t.match(ARABIC_SCRIPT) ?? []);
  return [...new Set([...ARABIC_TEXT, ...extra])].sort().join("");
}

/**
 * Vite plugin: each Arabic face in ARABIC_FACES is replaced by its subset (an alias to a file of
 * the same name in `cacheDir`, made once per face, text and subsetter version), so the build
 * names it by the subset's own hash and a first screen preloads it as before.
 */
export function arabicFaces({ translations, cacheDir }: { translations: string; cacheDir: string }): Plugin {
  const require = createRequire(import.meta.url);
  return {
    name: "roots-arabic-faces",
    apply: "build",
    async config() {
      const { default: subsetFont } = await import("subset-font");
      const version = (JSON.parse(readFileSync(require.resolve("subset-font/package.json"), "utf8")) as { version: string }).version;
      const text = arabicCharacters(readFileSync(translations, "utf8"));
      const alias = await Promise.all(
        ARABIC_FACES.map(async (face) => {
          const font = readFileSync(require.resolve(face));
          const key = createHash("sha256").update(font).update(text).update(version).digest("hex").slice(0, 16);
          const file = join(cacheDir, key, basename(face));
          if (!existsSync(file)) {
            mkdirSync(join(cacheDir, key), { recursive: true });
            writeFileSync(`${file}.part`, await subsetFont(font, text, { targetFormat: "woff2" }));
            renameSync(`${file}.part`, file);
          }
          return { find: face, replacement: file };
        }),
      );
      return { resolve: { alias } };
    },
  };
}
