import { merge } from "node-diff3";

/**
 * Three-way merge of an edit made on a stale base: the member's text and the article's newer
 * text, each against the base they both came from, compared line by line. Null when both
 * changed the same lines (a conflict: nothing is overwritten; the member sees the difference).
 */
export function mergeEdit(base: string, theirs: string, mine: string): string | null {
  const lines = (s: string) => s.replace(/\r\n?/g, "\n").split("\n");
  const result = merge(lines(mine), lines(base), lines(theirs), { stringSeparator: "\n" });
  return result.conflict ? null : result.result.join("\n");
}
