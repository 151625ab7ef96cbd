import { createHash } from "node:crypto";
import type { Context } from "../../common/context.js";
import { AppError, ErrorCode, forbidden, notFound, unauthenticated } from "../../common/errors.js";
import { fromGlobalId, isUuid } from "../../common/global-id.js";
import { runtimeKey } from "../../common/i18n.js";
import type { Queryable } from "../../common/sql.js";
import { newId } from "../../common/uuid.js";
import { audit } from "../audit/index.js";
import { livingSql, mayReview, normalizeArabic, normalizeLatin, publicVillageJoin } from "../genealogy/index.js";
import { articlePolicy, mayRead } from "./rootpedia.policy.js";
import { titleKeysOf } from "./title-keys.js";
import type { Config } from "../../config.js";
import { MarkdownRefused } from "./markdown.js";
import { checkText, mergeTexts, plainTextOf, TooComplex } from "./text.js";
import { charCount } from "./words.js";
import { tellWatchers } from "./notifications.js";
import type { ArticleLanguage, RevisionStatus } from "./rootpedia.entity.js";

/** Accepted edits in a village's encyclopedia after which a member's edits there are accepted without review. */
export const TRUSTED_AFTER_ACCEPTED = 5;
export const LANGUAGES: readonly ArticleLanguage[] = ["ar", "en", "fr"];

/** An article's language as a request gives it: one of LANGUAGES, or the translated bad-input error. */
export function articleLanguage(value: string): ArticleLanguage {
  if (!(LANGUAGES as readonly string[]).includes(value))
    throw new AppError(ErrorCode.BAD_USER_INPUT, "errors.bad_input", {}, [{ field: "language", key: "errors.validation.isIn" }]);
  return value as ArticleLanguage;
}

export interface ArticleRow {
  id: string;
  village_id: string;
  language: ArticleLanguage;
  translation_group: string;
  title: string;
  slug: string;
  kind: "article" | "outline";
  stable_revision_id: string | null;
  latest_revision_id: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface RevisionRow {
  id: string;
  article_id: string;
  parent_id: string | null;
  author_id: string | null;
  author_name: string | null;
  title: string;
  content: string;
  summary: string;
  content_hash: string;
  status: RevisionStatus;
  synced: Partial<Record<ArticleLanguage, string>>;
  reviewed_by: string | null;
  reviewed_at: Date | null;
  hidden: boolean;
  hidden_reason: string | null;
  created_at: Date;
  /** Characters of its text and of its parent's, where the history worked them out together. */
  size?: number;
  parent_size?: number | null;
}

export const REVISION_SELECT = `SELECT r.*, u.display_name AS author_name FROM rootpedia_revisions r LEFT JOIN users u ON u.id = r.author_id`;

export const rawIdOf = (globalId: string, type: string): string => {
  const ref = fromGlobalId(globalId);
  if (ref?.type !== type || !isUuid(ref.id)) throw notFound();
  return ref.id;
};

export async function loadArticle(ctx: Context, id: string): Promise<ArticleRow> {
  const [row]: ArticleRow[] = await ctx.ds.query(`SELECT a.* FROM rootpedia_articles a ${publicVillageJoin("a", "$2")} WHERE a.id = $1`, [
    id,
    ctx.rootspace.id,
  ]);
  if (!row) throw notFound();
  return row;
}

export async function loadRevision(ctx: Context, id: string): Promise<RevisionRow> {
  const [row]: RevisionRow[] = await ctx.ds.query(`${REVISION_SELECT} WHERE r.id = $1`, [id]);
  if (!row) throw notFound();
  return row;
}

export const hashOf = (title: string, content: string): string => createHash("sha256").update(`${title}\n\n${content}`).digest("hex");

/**
 * Title and text normalised as names are (both scripts), for search in any spelling; then the
 * title's name keys (titleKeysOf), so its name in the other script or another spelling finds it.
 */
export const searchTextOf = async (config: Config, title: string, content: string): Promise<string> => {
  const text = `${title} ${await plainTextOf(config, content)}`;
  return `${normalizeArabic(text)} | ${normalizeLatin(text)}${titleKeysOf(title)}`;
};

export interface EditInput {
  title: string;
  content: string;
  summary: string;
  /** The revision the edit was made on; a newer one since is merged, or a conflict. */
  baseRevisionId: string | null;
}

const MAX_TITLE = 200;
const MAX_SUMMARY = 500;

/** Checks an edit: sizes, Markdown, citations (a person cited must have died and be public). Throws BAD_USER_INPUT with the field. */
export async function checkEdit(ctx: Context, input: EditInput): Promise<void> {
  const bad = (field: string, key: string, params: Record<string, string | number> = {}) =>
    new AppError(ErrorCode.BAD_USER_INPUT, runtimeKey(key), params, [{ field, key: runtimeKey(key), params }]);
  if (!input.title.trim()) throw bad("title", "errors.required");
  if (input.title.length > MAX_TITLE) throw bad("title", "errors.validation.maxLength");
  if (input.summary.length > MAX_SUMMARY) throw bad("summary", "errors.validation.maxLength");
  if (input.content.length > ctx.config.ROOTPEDIA_MAX_CHARS)
    throw bad("content", "rootpedia.too_long", { max: ctx.config.ROOTPEDIA_MAX_CHARS, size: input.content.length });
  let citations;
  try {
    citations = await checkText(ctx.config, input.content);
  } catch (err) {
    if (err instanceof MarkdownRefused) throw bad("content", `rootpedia.${err.key}`, err.params);
    if (err instanceof TooComplex) throw bad("content", "rootpedia.too_complex");
    throw err;
  }
  const people = [...new Set(citations.filter((c) => c.kind === "person").map((c) => fromGlobalId(c.id)?.id ?? c.id))];
  if (people.some((id) => !isUuid(id))) throw bad("content", "rootpedia.bad_citation", { link: "roots:person" });
  if (people.length) {
    const shown: { id: string }[] = await ctx.ds.query(
      `SELECT p.id FROM people p WHERE p.id = ANY($1) AND p.is_public AND NOT ${livingSql("p")} AND p.rootspace_id = $2`,
      [people, ctx.rootspace.id],
    );
    if (shown.length !== people.length) throw bad("content", "rootpedia.citation_living");
  }
}

/** Other language versions' stable revisions now: what a new revision records as its sources. */
async function siblingsStable(ctx: Context, article: ArticleRow): Promise<Partial<Record<ArticleLanguage, string>>> {
  const rows: { language: ArticleLanguage; stable_revision_id: string | null }[] = await ctx.ds.query(
    `SELECT language, stable_revision_id FROM rootpedia_articles WHERE translation_group = $1 AND id <> $2`,
    [article.translation_group, article.id],
  );
  return Object.fromEntries(rows.filter((r) => r.stable_revision_id).map((r) => [r.language, r.stable_revision_id]));
}

async function trusted(ctx: Context, villageId: string): Promise<boolean> {
  if (mayReview(ctx.principal, villageId)) return true;
  const [{ n }]: { n: number }[] = await ctx.ds.query(
    `SELECT count(*)::int AS n FROM rootpedia_revisions r JOIN rootpedia_articles a ON a.id = r.article_id
      WHERE a.village_id = $1 AND r.author_id = $2 AND r.status = 'accepted' AND r.reviewed_by IS DISTINCT FROM r.author_id`,
    [villageId, ctx.viewer.userId],
  );
  return n >= TRUSTED_AFTER_ACCEPTED;
}

/** An edit keeping less than this share of the article's text removes most of it. */
export const MOST_REMOVED = 0.5;

/** The new text keeps less than half of the old one (or nothing of it). */
export const removesMost = (before: string, after: string): boolean => {
  const size = charCount(before.trim());
  return size > 0 && charCount(after.trim()) < size * MOST_REMOVED;
};

/**
 * Saves an edit as a new immutable revision. On a stale base the newer text is merged in when the
 * changes touch different lines; otherwise EDIT_CONFLICT (nothing saved). A trusted author's
 * revision (the village's reviewers, or a member with TRUSTED_AFTER_ACCEPTED accepted edits there)
 * becomes the stable version at once; anyone else's waits for review while readers keep the
 * stable one. An edit that empties the article or removes most of it needs a summary and always
 * waits for review, whoever wrote it. Watchers are told. `decided`: the edit was accepted
 * elsewhere (a ballot, a curator accepting a proposal, a reviewer bringing back a revision), so it
 * becomes the stable version whoever wrote it.
 */
export async function saveRevision(ctx: Context, article: ArticleRow, input: EditInput, decided = false): Promise<RevisionRow> {
  if (!ctx.viewer.userId) throw unauthenticated();
  await checkEdit(ctx, input);
  let content = input.content.replace(/\r\n?/g, "\n");
  const latest = article.latest_revision_id ? await loadRevision(ctx, article.latest_revision_id) : null;
  if (latest && input.baseRevisionId !== latest.id) {
    const base = input.baseRevisionId ? await loadRevision(ctx, input.baseRevisionId).catch(() => null) : null;
    const merged = base && base.article_id === article.id ? await mergeTexts(ctx.config, base.content, latest.content, content) : null;
    if (merged === null)
      throw new AppError(ErrorCode.CONFLICT, "rootpedia.edit_conflict", {}, [{ field: "content", key: "rootpedia.edit_conflict" }]);
    content = merged;
  }
  const hash = hashOf(input.title.trim(), content);
  if (latest && latest.content_hash === hash) return latest;
  // Emptying an article, or taking most of it away, is said and seen: a summary, and a reviewer.
  const removal = !decided && latest !== null && removesMost(latest.content, content);
  if (removal && !input.summary.trim()) {
    const params = { before: charCount(latest.content.trim()), after: charCount(content.trim()) };
    throw new AppError(ErrorCode.BAD_USER_INPUT, "rootpedia.removal_needs_summary", params, [
      { field: "summary", key: "rootpedia.removal_needs_summary", params },
    ]);
  }
  const accepted = !removal && (decided || (await trusted(ctx, article.village_id)));
  const id = newId();
  const now = ctx.clock.now();
  const searchText = await searchTextOf(ctx.config, input.title, content);
  await ctx.ds.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO rootpedia_revisions (id, article_id, parent_id, author_id, title, content, summary, content_hash, status, synced, reviewed_by, reviewed_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [
        id,
        article.id,
        latest?.id ?? null,
        ctx.viewer.userId,
        input.title.trim(),
        content,
        input.summary.trim(),
        hash,
        accepted ? "accepted" : "pending",
        await siblingsStable(ctx, article),
        accepted ? ctx.viewer.userId : null,
        accepted ? now : null,
        now,
      ],
    );
    await tx.query(
      `UPDATE rootpedia_articles SET latest_revision_id = $2, updated_at = $3,
         stable_revision_id = CASE WHEN $4 THEN $2 ELSE stable_revision_id END,
         title = CASE WHEN $4 THEN $5 ELSE title END, search_text = CASE WHEN $4 THEN $6 ELSE search_text END
       WHERE id = $1`,
      [article.id, id, now, accepted, input.title.trim(), searchText],
    );
    if (accepted)
      await tx.query(
        `UPDATE rootpedia_revisions SET status = 'accepted', reviewed_by = $2, reviewed_at = $3 WHERE article_id = $1 AND status = 'pending' AND created_at < $3`,
        [article.id, ctx.viewer.userId, now],
      );
  });
  await tellWatchers(ctx, article, accepted ? "changed" : "pending");
  return loadRevision(ctx, id);
}

export interface EditConflict {
  /** The revision the member's edit was made on, and its text. */
  base: RevisionRow;
  /** The article's newest revision, which a resolved edit is saved on. */
  latest: RevisionRow;
  /** The viewer may read the newest revision (someone else's edit waiting for review is for reviewers only). */
  latestReadable: boolean;
}

/**
 * What an editor needs to resolve an edit made on `baseId` after the article moved on: the base and
 * the newest revision (the member's own text is in their editor). Null when the base is the newest
 * (nothing to resolve). A resolved edit is saved with the newest revision as its base; a save on the
 * old base keeps being refused while the same lines differ.
 */
export async function editConflict(ctx: Context, article: ArticleRow, baseId: string): Promise<EditConflict | null> {
  if (!article.latest_revision_id || article.latest_revision_id === baseId) return null;
  const base = await loadRevision(ctx, baseId);
  if (base.article_id !== article.id || !mayRead(ctx.principal, article, base)) throw notFound();
  const latest = await loadRevision(ctx, article.latest_revision_id);
  return { base, latest, latestReadable: mayRead(ctx.principal, article, latest) };
}

/** Accepts (it becomes the stable version, with every pending one before it) or rejects a pending revision. */
export async function review(ctx: Context, revisionId: string, accept: boolean): Promise<RevisionRow> {
  const r = await loadRevision(ctx, revisionId);
  const article = await loadArticle(ctx, r.article_id);
  if (!ctx.viewer.userId) throw unauthenticated();
  if (!articlePolicy.can(ctx.principal, "review", article)) throw forbidden();
  if (r.status !== "pending") throw new AppError(ErrorCode.CONFLICT, "rootpedia.already_reviewed");
  const now = ctx.clock.now();
  const searchText = accept ? await searchTextOf(ctx.config, r.title, r.content) : "";
  await ctx.ds.transaction(async (tx) => {
    if (accept) {
      await tx.query(
        `UPDATE rootpedia_revisions SET status = 'accepted', reviewed_by = $2, reviewed_at = $3 WHERE article_id = $1 AND status = 'pending' AND created_at <= $4`,
        [article.id, ctx.viewer.userId, now, r.created_at],
      );
      await tx.query(`UPDATE rootpedia_articles SET stable_revision_id = $2, title = $3, search_text = $4, updated_at = $5 WHERE id = $1`, [
        article.id,
        r.id,
        r.title,
        searchText,
        now,
      ]);
    } else {
      await tx.query(`UPDATE rootpedia_revisions SET status = 'rejected', reviewed_by = $2, reviewed_at = $3 WHERE id = $1`, [
        r.id,
        ctx.viewer.userId,
        now,
      ]);
      await resetLatest(tx, article.id);
    }
    await audit(tx, { tableName: "rootpedia_revisions", recordId: r.id, userId: ctx.viewer.userId, action: accept ? "accept" : "reject" });
  });
  await tellWatchers(ctx, article, accept ? "changed" : "rejected");
  return loadRevision(ctx, r.id);
}

/** The newest revision neither rejected nor hidden is what the next edit builds on. */
async function resetLatest(tx: Queryable, articleId: string): Promise<void> {
  await tx.query(
    `UPDATE rootpedia_articles SET latest_revision_id = (SELECT id FROM rootpedia_revisions WHERE article_id = $1 AND status <> 'rejected' AND NOT hidden ORDER BY created_at DESC, id DESC LIMIT 1),
       stable_revision_id = (SELECT id FROM rootpedia_revisions WHERE article_id = $1 AND status = 'accepted' AND NOT hidden ORDER BY created_at DESC, id DESC LIMIT 1)
     WHERE id = $1`,
    [articleId],
  );
}

/** A reviewer brings back an earlier revision's text as a new, accepted revision. */
export async function revert(ctx: Context, revisionId: string): Promise<RevisionRow> {
  const r = await loadRevision(ctx, revisionId);
  const article = await loadArticle(ctx, r.article_id);
  if (!ctx.viewer.userId) throw unauthenticated();
  if (!articlePolicy.can(ctx.principal, "review", article)) throw forbidden();
  if (r.hidden) throw new AppError(ErrorCode.CONFLICT, "rootpedia.revert_hidden");
  // The reviewer's own decision: it stands at once, even when the revision brought back is much shorter.
  return saveRevision(
    ctx,
    article,
    { title: r.title, content: r.content, summary: `↺ ${r.id.slice(0, 8)}`, baseRevisionId: article.latest_revision_id },
    true,
  );
}

/** A reviewer hides a revision (vandalism): its text is no longer shown, the revision stays in the history and the audit trail. */
export async function hide(ctx: Context, revisionId: string, reason: string): Promise<RevisionRow> {
  const r = await loadRevision(ctx, revisionId);
  const article = await loadArticle(ctx, r.article_id);
  if (!ctx.viewer.userId) throw unauthenticated();
  if (!articlePolicy.can(ctx.principal, "review", article)) throw forbidden();
  // The outline Roots wrote from the village's data is nobody's vandalism: an edit over it is what a curator reverts.
  if (r.author_id === null) throw new AppError(ErrorCode.CONFLICT, "rootpedia.hide_outline");
  const why = reason.trim().slice(0, 500);
  if (!why) throw new AppError(ErrorCode.BAD_USER_INPUT, "errors.required", {}, [{ field: "reason", key: "errors.required" }]);
  await ctx.ds.transaction(async (tx) => {
    await tx.query(`UPDATE rootpedia_revisions SET hidden = true, hidden_reason = $2 WHERE id = $1`, [r.id, why]);
    await resetLatest(tx, article.id);
    await audit(tx, {
      tableName: "rootpedia_revisions",
      recordId: r.id,
      userId: ctx.viewer.userId,
      action: "hide",
      after: { reason: why },
    });
  });
  const stable = (await loadArticle(ctx, article.id)).stable_revision_id;
  if (stable) {
    const s = await loadRevision(ctx, stable);
    await ctx.ds.query(`UPDATE rootpedia_articles SET title = $2, search_text = $3 WHERE id = $1`, [
      article.id,
      s.title,
      await searchTextOf(ctx.config, s.title, s.content),
    ]);
  }
  return loadRevision(ctx, r.id);
}
