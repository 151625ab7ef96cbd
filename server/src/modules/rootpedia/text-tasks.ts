/**
 * The heavy text work of Rootpedia (Markdown checked, rendered and made plain, revisions
 * compared, edits merged): each export is one task, run in a worker thread (text-worker.ts, sent
 * by text.ts through common/work-pool) or, for a small text, in place. Inputs and results are
 * plain data, as they cross threads.
 */
import { compareTexts, type Comparison } from "./compare.js";
import { checkMarkdown, MarkdownRefused, plainText, renderArticle, type Citation, type Rendered, type RenderLabels } from "./markdown.js";
import { mergeEdit } from "./merge.js";
import { changedParagraphs, revisionDiff, type DiffPart } from "./words.js";

export type Checked = { citations: Citation[] } | { refused: { key: MarkdownRefused["key"]; params: Record<string, string> } };

export function check(content: string): Checked {
  try {
    return { citations: checkMarkdown(content) };
  } catch (err) {
    if (err instanceof MarkdownRefused) return { refused: { key: err.key, params: err.params } };
    throw err;
  }
}

/** `links`: each citation's address for this reader (`kind/id` → address, null when not shown); `labels`: the notes' words in the article's language. */
export const render = ({
  content,
  links,
  labels,
}: {
  content: string;
  links: Record<string, string | null>;
  labels: RenderLabels;
}): Rendered => renderArticle(content, (c) => links[`${c.kind}/${c.id}`] ?? null, labels);

export const plain = (content: string): string => plainText(content);

export const diff = ({ before, after, language }: { before: string; after: string; language: string }): DiffPart[] =>
  revisionDiff(before, after, language);

export const compare = ({ before, after, language }: { before: string; after: string; language: string }): Comparison =>
  compareTexts(before, after, language);

export const changed = ({ before, after }: { before: string; after: string }): string[] => changedParagraphs(before, after);

export const merge = ({ base, theirs, mine }: { base: string; theirs: string; mine: string }): string | null =>
  mergeEdit(base, theirs, mine);
