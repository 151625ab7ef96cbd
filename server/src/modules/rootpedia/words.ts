import { diffArrays } from "diff";

export type DiffKind = "same" | "added" | "removed";

/**
 * A run of text in a diff; `moved` marks a paragraph that was removed in one place and added in
 * another; `coarse` a run compared only as whole paragraphs (or whole texts), because comparing
 * its words would have passed the caps below.
 */
export interface DiffPart {
  kind: DiffKind;
  text: string;
  moved?: boolean;
  coarse?: boolean;
}

/**
 * Caps of one comparison (jsdiff's Myers diff costs its inputs' length times the edits it finds):
 * at most this many tokens or paragraphs added and removed, and this long in all for one
 * revision diff. Past either, the words of a block are not compared (shown as the block removed
 * and the block added, `coarse`); past it for paragraphs, the whole texts are.
 */
export const DIFF_MAX_EDITS = 4000;
export const DIFF_MAX_MS = 1500;

const segmenters = new Map<string, Intl.Segmenter>();

/**
 * Words, spaces and punctuation as separate tokens, as the language's rules cut them
 * (`Intl.Segmenter`): Arabic words with their clitics and diacritics stay whole, and a comma
 * or a «guillemet» is its own token, so changing one never marks its word changed.
 */
export function words(text: string, language: string): string[] {
  let seg = segmenters.get(language);
  if (!seg) segmenters.set(language, (seg = new Intl.Segmenter(language, { granularity: "word" })));
  // V8's segmenter slows down with the length of the string it walks (a 100 kB text took seconds),
  // and each call has a fixed cost, so it is given pieces of about SEGMENT_PIECE characters cut
  // after a space (no word crosses one); a run without spaces longer than that (no real word is)
  // is cut in slices.
  const out: string[] = [];
  const add = (piece: string) => {
    for (const s of seg.segment(piece)) out.push(s.segment);
  };
  let piece = "";
  for (const run of text.match(/\S+\s*|\s+/g) ?? []) {
    if (piece.length + run.length > SEGMENT_PIECE && piece) {
      add(piece);
      piece = "";
    }
    if (run.length <= SEGMENT_PIECE) piece += run;
    else for (let i = 0; i < run.length; i += SEGMENT_PIECE) add(run.slice(i, i + SEGMENT_PIECE));
  }
  if (piece) add(piece);
  return out;
}

const SEGMENT_PIECE = 256;

/** Characters of a text (code points, as PostgreSQL's char_length counts them): a revision's size. */
export function charCount(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0xdc00 || c > 0xdfff) n++;
  }
  return n;
}

/** Paragraphs (blocks separated by blank lines), each with the blank lines after it. */
export const paragraphs = (text: string): string[] => text.replace(/\r\n?/g, "\n").match(/[^\n]+(?:\n(?!\n)[^\n]*)*\n*|\n+/g) ?? [];

/** Paragraphs are the same whatever the blank lines after them. */
export const samePara = (a: string, b: string) => a.trim() === b.trim();

function push(out: DiffPart[], part: DiffPart): void {
  const last = out[out.length - 1];
  if (last && last.kind === part.kind && !last.moved && !part.moved && Boolean(last.coarse) === Boolean(part.coarse))
    last.text += part.text;
  else if (part.text) out.push({ ...part });
}

/** `diffArrays` within the caps: undefined when it would find more edits, or run past `deadline`. */
export function capped<T>(a: T[], b: T[], deadline: number, comparator?: (x: T, y: T) => boolean) {
  // eslint-disable-next-line no-restricted-syntax -- a CPU-time cap, not a business rule
  const timeout = deadline - Date.now();
  if (timeout <= 0) return undefined;
  return diffArrays(a, b, { comparator, maxEditLength: DIFF_MAX_EDITS, timeout });
}

/** A block whose words were not compared: all of it removed, all of it added. */
function coarse(out: DiffPart[], before: string, after: string): void {
  push(out, { kind: "removed", text: before, coarse: true });
  push(out, { kind: "added", text: after, coarse: true });
}

/** The word-level difference of two texts (no paragraph matching), merged into runs; `coarse` past the caps. */
// eslint-disable-next-line no-restricted-syntax -- a CPU-time cap, not a business rule
export function wordDiff(before: string, after: string, language: string, deadline = Date.now() + DIFF_MAX_MS): DiffPart[] {
  const out: DiffPart[] = [];
  const changes = capped(words(before, language), words(after, language), deadline);
  if (!changes) {
    coarse(out, before, after);
    return out;
  }
  for (const c of changes) push(out, { kind: c.added ? "added" : c.removed ? "removed" : "same", text: c.value.join("") });
  return out;
}

/**
 * The difference between two revisions as a reader follows it: paragraphs matched first (so a
 * paragraph moved elsewhere shows as moved, not as every word changed), then words within a
 * paragraph that was rewritten in place.
 */
export function revisionDiff(before: string, after: string, language: string): DiffPart[] {
  // eslint-disable-next-line no-restricted-syntax -- a CPU-time cap, not a business rule
  const deadline = Date.now() + DIFF_MAX_MS;
  const out: DiffPart[] = [];
  const changes = capped(paragraphs(before), paragraphs(after), deadline, samePara);
  if (!changes) {
    coarse(out, before, after);
    return out;
  }
  const removed = new Set(changes.filter((c) => c.removed).flatMap((c) => c.value.map((p) => p.trim())));
  const added = new Set(changes.filter((c) => c.added).flatMap((c) => c.value.map((p) => p.trim())));
  const moved = (p: string) => p.trim() !== "" && removed.has(p.trim()) && added.has(p.trim());
  for (let i = 0; i < changes.length; i++) {
    const c = changes[i];
    const next = changes[i + 1];
    // A block removed and another added in its place: rewritten in place, compared word by word.
    if (c.removed && next?.added && !c.value.some(moved) && !next.value.some(moved)) {
      for (const part of wordDiff(c.value.join(""), next.value.join(""), language, deadline)) push(out, part);
      i++;
      continue;
    }
    for (const p of c.value) push(out, { kind: c.added ? "added" : c.removed ? "removed" : "same", text: p, moved: moved(p) || undefined });
  }
  return out;
}

/**
 * The paragraphs of `after` that are new or changed since `before` (what a translator must bring
 * over); every paragraph of `after` when comparing them would pass the caps.
 */
export function changedParagraphs(before: string, after: string): string[] {
  // eslint-disable-next-line no-restricted-syntax -- a CPU-time cap, not a business rule
  const changes = capped(paragraphs(before), paragraphs(after), Date.now() + DIFF_MAX_MS, samePara) ?? [
    { added: true, removed: false, value: paragraphs(after), count: 0 },
  ];
  return changes
    .filter((c) => c.added)
    .flatMap((c) => c.value.map((p) => p.trim()))
    .filter(Boolean);
}
