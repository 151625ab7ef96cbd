import { storage } from "../../../lib/storage";

/** An edit refused because the article changed meanwhile: the member's text and the revision it was written on. */
export interface DraftConflict {
  mine: string;
  base: string;
  /** The member resolved it (edited the text, or chose a side): the next save goes on the newest revision. */
  resolved: boolean;
}

/** What the editor holds, kept in this browser per article until it is saved or discarded. */
export interface ArticleDraft {
  title: string;
  content: string;
  summary: string;
  language: string;
  /** The revision the text was written on, sent as `baseRevisionId`. */
  base: string | null;
  conflict?: DraftConflict;
}

/** A month: a draft left longer is let go. */
const DRAFT_TTL_MS = 30 * 24 * 3600 * 1000;

/** The storage key of an article's draft (a new article's per village and source article). */
export const draftKey = (slug: string, articleId: string | undefined, translationOf: string | null): string =>
  articleId ? `rootpedia-draft:${articleId}` : `rootpedia-draft:new:${slug}:${translationOf ?? ""}`;

export const drafts = {
  load: (key: string): ArticleDraft | null => {
    const d = storage.get<ArticleDraft>(key);
    return d && typeof d.content === "string" && typeof d.title === "string" ? d : null;
  },
  save: (key: string, draft: ArticleDraft): boolean => storage.set(key, draft, { ttlMs: DRAFT_TTL_MS }),
  discard: (key: string): void => storage.remove(key),
};

/**
 * The draft after the member changes the text while a conflict is shown: resolved, and based on the
 * newest revision from then on (the old base would be refused again).
 */
export function resolveWith(draft: ArticleDraft, latestId: string, patch: Partial<ArticleDraft> = {}): ArticleDraft {
  if (!draft.conflict) return { ...draft, ...patch };
  return { ...draft, ...patch, base: latestId, conflict: { ...draft.conflict, resolved: true } };
}
