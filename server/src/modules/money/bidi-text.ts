import bidiModule from "bidi-js";

// bidi-js is CommonJS whose module.exports is the factory: Node hands it over as the default
// import, while its types (an ES `export default`) describe it as the module's `default`.
const bidiFactory = bidiModule as unknown as typeof bidiModule.default;
const bidi = bidiFactory();

/** Letters of the Arabic script (and its presentation forms): set in Noto Naskh Arabic. */
const ARABIC = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/;
/** Bidi controls: they steer the levels, then are dropped (the fonts have no glyph for them). */
const CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * A piece of a line, ready to draw left to right: `text` is what the font lays out, `arabic`
 * says which font. An Arabic run stays in logical order, because the font engine (fontkit, in
 * pdfkit) shapes it (joining forms need the logical order) and lays right-to-left scripts out
 * right to left itself; any other run is already in visual order.
 */
export interface VisualRun {
  text: string;
  arabic: boolean;
}

/**
 * A line in visual order, by the Unicode bidi algorithm (bidi-js): pdfkit draws characters left
 * to right as given and does not reorder right-to-left runs, so a line mixing Arabic with a Latin
 * code, an amount or a web address is split into level runs placed as the algorithm orders them
 * (mirrored brackets included).
 */
export function visualRuns(line: string, direction: "rtl" | "ltr"): VisualRun[] {
  const embedding = bidi.getEmbeddingLevels(line, direction);
  const mirrored = bidi.getMirroredCharactersMap(line, embedding.levels);
  const order = Array.from(line, (_c, i) => i);
  if (order.length !== line.length) throw new Error("visualRuns: characters outside the BMP are not expected here");
  for (const [start, end] of bidi.getReorderSegments(line, embedding)) {
    const reversed = order.slice(start, end + 1).reverse();
    order.splice(start, reversed.length, ...reversed);
  }
  const runs: { level: number; indices: number[] }[] = [];
  for (const i of order) {
    const level = embedding.levels[i];
    const last = runs.at(-1);
    if (last && last.level === level) last.indices.push(i);
    else runs.push({ level, indices: [i] });
  }
  const out: VisualRun[] = [];
  for (const run of runs) {
    const chars = run.indices.map((i) => mirrored.get(i) ?? line[i]);
    const visual = chars.join("").replace(CONTROLS, "");
    if (!visual) continue;
    const arabic = ARABIC.test(visual);
    // An odd (right-to-left) run with Arabic letters goes back to logical order for the shaper.
    out.push({ text: arabic && run.level % 2 === 1 ? [...visual].reverse().join("") : visual, arabic });
  }
  return out;
}
