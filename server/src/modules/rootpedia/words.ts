import { diffArrays } from "diff";

export type DiffKind = "same" | "added" | "removed";

/** A run of text in a diff; `moved` marks a paragraph that was removed in one place and added in another. */
export interface DiffPart {
  kind: DiffKind;
  text: string;
  moved?: boolean;
}

const segmenters = new Map<string, Intl.Segmenter>();

/**
 * Words, spaces and punctuation as separate tokens, as the language's rules cut them
 * (`Intl.Segmenter`): Arabic words with their clitics and diacritics stay whole, and a comma
 * or a «guillemet» is its own token, so changing one never marks its word changed.
 */
export function words(text: string, language: string): string[] {
  let seg = segmenters.get(language);
  if (!seg) segmenters.set(language, (seg = new Intl.Segmenter(language, { granularity: "word" })));
  return Array.from(seg.segment(text), (s) => s.segment);
}

/** Paragraphs (blocks separated by blank lines), each with the blank lines after it. */
export const paragraphs = (text: string): string[] => text.replace(/\r\n?/g, "\n").match(/[^\n]+(?:\n(?!\n)[^\n]*)*\n*|\n+/g) ?? [];

/** Paragraphs are the same whatever the blank lines after them. */
const samePara = (a: string, b: string) => a.trim() === b.trim();

function push(out: DiffPart[], part: DiffPart): void {
  const last = out[out.length - 1];
  if (last && last.kind === part.kind && !last.moved && !part.moved) last.text += part.text;
  else if (part.text) out.push({ ...part });
}

/** The word-level difference of two texts (no paragraph matching), merged into runs. */
export function wordDiff(before: string, after: string, language: string): DiffPart[] {
  const out: DiffPart[] = [];
  for (const c of diffArrays(words(before, language), words(after, language))) {
    push(out, { kind: c.added ? "added" : c.removed ? "removed" : "same", text: c.value.join("") });
  }
  return out;
}

/**
 * The difference between two revisions as a reader follows it: paragraphs matched first (so a
 * paragraph moved elsewhere shows as moved, not as every word changed), then words within a
 * paragraph that was rewritten in place.
 */
export function revisionDiff(before: string, after: string, language: string): DiffPart[] {
  const changes = diffArrays(paragraphs(before), paragraphs(after), { comparator: samePara });
  const removed = new Set(changes.filter((c) => c.removed).flatMap((c) => c.value.map((p) => p.trim())));
  const added = new Set(changes.filter((c) => c.added).flatMap((c) => c.value.map((p) => p.trim())));
  const moved = (p: string) => p.trim() !== "" && removed.has(p.trim()) && added.has(p.trim());
  const out: DiffPart[] = [];
  for (let i = 0; i < changes.length; i++) {
    const c = changes[i];
    const next = changes[i + 1];
    // A block removed and another added in its place: rewritten in place, compared word by word.
    if (c.removed && next?.added && !c.value.some(moved) && !next.value.some(moved)) {
      for (const part of wordDiff(c.value.join(""), next.value.join(""), language)) push(out, part);
      i++;
      continue;
    }
    for (const p of c.value) push(out, { kind: c.added ? "added" : c.removed ? "removed" : "same", text: p, moved: moved(p) || undefined });
  }
  return out;
}

/** The paragraphs of `after` that are new or changed since `before` (what a translator must bring over). */
export function changedParagraphs(before: string, after: string): string[] {
  return diffArrays(paragraphs(before), paragraphs(after), { comparator: samePara })
    .filter((c) => c.added)
    .flatMap((c) => c.value.map((p) => p.trim()))
    .filter(Boolean);
}
