import type { Context } from "../../common/context.js";
import { AppError, ErrorCode, notFound, unauthenticated } from "../../common/errors.js";
import { typeOn } from "../../common/flags.js";
import { translate, type Language } from "../../common/i18n.js";
import { newId } from "../../common/uuid.js";
import { normalizeArabic, normalizeLatin, publicVillageJoin, skeleton } from "../genealogy/index.js";
import { mayRead, reviewableSql } from "./rootpedia.policy.js";
import { pictureLinks } from "../media/index.js";
import { rateLimit } from "../security/index.js";
import { MarkdownRefused, roughPlainText, type Citation, type Rendered } from "./markdown.js";
import { emptyHistory, outlineMarkdown } from "./outline.js";
import {
  hashOf,
  LANGUAGES,
  loadArticle,
  loadRevision,
  REVISION_SELECT,
  saveRevision,
  searchTextOf,
  type ArticleRow,
  type EditInput,
  type RevisionRow,
} from "./revision.service.js";
import { TITLE_KEYS } from "./title-keys.js";
import { changedParagraphsOf, checkText, diffTexts, renderText, TooComplex } from "./text.js";
import { charCount, words, type DiffPart } from "./words.js";
import type { ArticleLanguage } from "./rootpedia.entity.js";

export interface VillageRef {
  id: string;
  slug: string;
}

export async function villageBySlug(ctx: Context, slug: string): Promise<VillageRef> {
  const [v]: VillageRef[] = await ctx.ds.query(`SELECT id, slug FROM villages WHERE slug = $1 AND is_public AND rootspace_id = $2`, [
    slug,
    ctx.rootspace.id,
  ]);
  if (!v) throw notFound();
  return v;
}

/**
 * A village's encyclopedia starts with an outline made from its data (outline.ts), in the three
 * languages, the first time anyone opens it (an article written before through the API does not
 * stand for it): written once (a second opening, or two at once, finds it).
 */
export async function ensureOutline(ctx: Context, village: VillageRef): Promise<void> {
  const [any] = await ctx.ds.query(`SELECT 1 FROM rootpedia_articles WHERE village_id = $1 AND kind = 'outline' LIMIT 1`, [village.id]);
  if (any) {
    await refreshOutlines(ctx, village.id);
    return;
  }
  await ctx.ds.transaction(async (tx) => {
    // One writer per village: the second waits, then finds the outline.
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('rootpedia-outline:' || $1))`, [village.id]);
    const [again] = await tx.query(`SELECT 1 FROM rootpedia_articles WHERE village_id = $1 AND kind = 'outline' LIMIT 1`, [village.id]);
    if (again) return;
    const group = newId();
    for (const lang of LANGUAGES) {
      const title = String(
        (
          await tx.query(
            `SELECT coalesce(CASE $2 WHEN 'ar' THEN name_ar WHEN 'fr' THEN name_fr END, name) AS t FROM villages WHERE id = $1`,
            [village.id, lang],
          )
        )[0].t,
      );
      const content = await outlineMarkdown(tx, village.id, lang);
      const searchText = await searchTextOf(ctx.config, title, content);
      const article = newId();
      const revision = newId();
      // The village's own address, unless an article written before the outline took it.
      let slug = village.slug;
      for (
        let n = 2;
        (await tx.query(`SELECT 1 FROM rootpedia_articles WHERE village_id = $1 AND language = $2 AND slug = $3`, [village.id, lang, slug]))
          .length;
        n++
      )
        slug = `${village.slug}-${n}`;
      await tx.query(
        `INSERT INTO rootpedia_articles (id, village_id, language, translation_group, title, slug, kind, search_text) VALUES ($1, $2, $3, $4, $5, $6, 'outline', $7)`,
        [article, village.id, lang, group, title, slug, searchText],
      );
      await tx.query(
        `INSERT INTO rootpedia_revisions (id, article_id, title, content, summary, content_hash, status, reviewed_at) VALUES ($1, $2, $3, $4, '', $5, 'accepted', now())`,
        [revision, article, title, content, hashOf(title, content)],
      );
      await tx.query(`UPDATE rootpedia_articles SET stable_revision_id = $2, latest_revision_id = $2 WHERE id = $1`, [article, revision]);
    }
  });
}

/**
 * The outline Roots wrote follows the village's recorded history until someone edits it: an outline
 * still Roots' own that says no history is written, while the village's page shows one, is written
 * again from the village's data (a new revision by Roots). True when one was.
 */
export async function refreshOutlines(ctx: Context, villageId: string): Promise<boolean> {
  const untouched = `SELECT a.id, a.language, a.title, a.latest_revision_id, r.content FROM rootpedia_articles a
      JOIN rootpedia_revisions r ON r.id = a.latest_revision_id AND r.author_id IS NULL
      JOIN villages v ON v.id = a.village_id AND coalesce(v.description, v.description_ar, v.description_fr) IS NOT NULL
     WHERE a.village_id = $1 AND a.kind = 'outline' AND a.stable_revision_id = a.latest_revision_id`;
  type Untouched = { id: string; language: ArticleLanguage; title: string; latest_revision_id: string; content: string };
  const waiting = (rows: Untouched[]) => rows.filter((a) => a.content.includes(emptyHistory(a.language)));
  if (!waiting(await ctx.ds.query(untouched, [villageId])).length) return false;
  return ctx.ds.transaction(async (tx) => {
    // One writer per village (as the first outline); read again under the lock.
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('rootpedia-outline:' || $1))`, [villageId]);
    const stale = waiting(await tx.query(untouched, [villageId]));
    for (const a of stale) {
      const content = await outlineMarkdown(tx, villageId, a.language);
      const revision = newId();
      await tx.query(
        `INSERT INTO rootpedia_revisions (id, article_id, parent_id, title, content, summary, content_hash, status, reviewed_at) VALUES ($1, $2, $3, $4, $5, '', $6, 'accepted', now())`,
        [revision, a.id, a.latest_revision_id, a.title, content, hashOf(a.title, content)],
      );
      await tx.query(
        `UPDATE rootpedia_articles SET stable_revision_id = $2, latest_revision_id = $2, search_text = $3, updated_at = now() WHERE id = $1`,
        [a.id, revision, await searchTextOf(ctx.config, a.title, content)],
      );
    }
    return stale.length > 0;
  });
}

export async function articlesOf(ctx: Context, village: VillageRef): Promise<ArticleRow[]> {
  await ensureOutline(ctx, village);
  return ctx.ds.query(`SELECT * FROM rootpedia_articles WHERE village_id = $1 ORDER BY kind = 'outline' DESC, title, language`, [
    village.id,
  ]);
}

/** The GraphQL type each kind of citation points to (its feature flags decide whether it links). */
const CITED_TYPES: Record<Citation["kind"], string> = { person: "Person", village: "Village", registry: "Registry", media: "Media" };

/** `roots:` citations as links of the site, for this reader: a picture only when they may see it. */
export async function resolver(ctx: Context, citations: Citation[]): Promise<(c: Citation) => string | null> {
  const media = citations.filter((c) => c.kind === "media").map((c) => c.id);
  const pictures = media.length ? await pictureLinks(ctx, media) : new Map<string, string>();
  return (c) => {
    // A citation into a part of the site that is switched off (the family tree, the village hubs) stays plain text.
    if (!typeOn(ctx.flags, CITED_TYPES[c.kind])) return null;
    if (c.kind === "person") return `/person/${c.id}`;
    if (c.kind === "village") return `/libanpedia/${c.id}`;
    if (c.kind === "registry") return `/root-hubs?registry=${c.id}`;
    return pictures.get(c.id) ?? null;
  };
}

/** A member's editor previews, counted per minute (each is a full check and render). */
export async function countPreview(ctx: Context): Promise<void> {
  if (!ctx.viewer.userId) throw unauthenticated();
  await rateLimit.hit(ctx, `rootpedia-preview:${ctx.viewer.userId}`, { max: ctx.config.ROOTPEDIA_PREVIEWS_PER_MINUTE, windowSeconds: 60 });
}

/**
 * Markdown as safe HTML for this reader, with its headings: its citations linked where they may see
 * them (a text saved under older rules that no longer pass shows with its citations unlinked), its
 * notes headed in the article's language.
 */
export async function rendered(ctx: Context, content: string, language: Language): Promise<Rendered> {
  const citations = await checkText(ctx.config, content).catch((err: unknown) => {
    if (err instanceof MarkdownRefused || err instanceof TooComplex) return [];
    throw err;
  });
  const resolve = await resolver(ctx, citations);
  const labels = { notes: translate("rootpedia.notes", language), back: translate("rootpedia.note_back", language, { n: "{{n}}" }) };
  return renderText(ctx.config, content, Object.fromEntries(citations.map((c) => [`${c.kind}/${c.id}`, resolve(c)])), labels);
}

/** Markdown as safe HTML for this reader (see `rendered`). */
export const render = async (ctx: Context, content: string, language: Language): Promise<string> =>
  (await rendered(ctx, content, language)).html;

/** Creates an article (or a language version of one, `translationOf`) with its first revision. */
export async function createArticle(
  ctx: Context,
  village: VillageRef,
  language: ArticleLanguage,
  input: EditInput,
  translationOf: ArticleRow | null,
  decided = false,
): Promise<{ article: ArticleRow; revision: RevisionRow }> {
  if (!ctx.viewer.userId) throw unauthenticated();
  if (translationOf && translationOf.village_id !== village.id) throw notFound();
  const group = translationOf?.translation_group ?? newId();
  const [taken] = await ctx.ds.query(`SELECT 1 FROM rootpedia_articles WHERE translation_group = $1 AND language = $2`, [group, language]);
  if (taken) throw new AppError(ErrorCode.CONFLICT, "rootpedia.translation_exists");
  const base = slugOf(input.title) || "article";
  const id = newId();
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    const [{ inserted }]: { inserted: number }[] = await ctx.ds.query(
      `WITH i AS (INSERT INTO rootpedia_articles (id, village_id, language, translation_group, title, slug, created_by) VALUES ($1, $2, $3, $4, $5, $6, $7)
        ON CONFLICT DO NOTHING RETURNING 1) SELECT count(*)::int AS inserted FROM i`,
      [id, village.id, language, group, input.title.trim(), slug, ctx.viewer.userId],
    );
    if (inserted) break;
    if (n > 50) throw new AppError(ErrorCode.CONFLICT, "rootpedia.translation_exists");
  }
  const article = await loadArticle(ctx, id);
  try {
    const revision = await saveRevision(ctx, article, { ...input, baseRevisionId: null }, decided);
    return { article: await loadArticle(ctx, id), revision };
  } catch (err) {
    // A refused first revision leaves no empty article behind.
    await ctx.ds.query(`DELETE FROM rootpedia_articles WHERE id = $1`, [id]);
    throw err;
  }
}

/** A title as a path part: letters of any script and digits, joined by hyphens. */
const slugOf = (title: string) =>
  title
    .normalize("NFC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);

/**
 * The revisions of an article, newest first, each with its size and its parent's (the history's
 * +123 / −45); text of those the reader may not read is left out by the presenter.
 */
export async function historyOf(ctx: Context, articleId: string): Promise<RevisionRow[]> {
  const rows: RevisionRow[] = await ctx.ds.query(
    `${REVISION_SELECT} WHERE r.article_id = $1 ORDER BY r.created_at DESC, r.id DESC LIMIT 500`,
    [articleId],
  );
  const size = new Map(rows.map((r) => [r.id, charCount(r.content)]));
  // A parent older than the 500 listed is measured apart, all in one statement.
  const missing = [...new Set(rows.map((r) => r.parent_id).filter((p): p is string => p !== null && !size.has(p)))];
  if (missing.length)
    for (const p of await ctx.ds.query(`SELECT id, char_length(content) AS n FROM rootpedia_revisions WHERE id = ANY($1)`, [missing]))
      size.set(p.id, p.n);
  return rows.map((r) => ({ ...r, size: size.get(r.id), parent_size: r.parent_id ? (size.get(r.parent_id) ?? null) : null }));
}

/** The word-level difference between two revisions of one article, for a reader who may read both. */
export async function diffRevisions(ctx: Context, fromId: string, toId: string): Promise<DiffPart[]> {
  const [from, to] = await Promise.all([loadRevision(ctx, fromId), loadRevision(ctx, toId)]);
  if (from.article_id !== to.article_id) throw notFound();
  const article = await loadArticle(ctx, from.article_id);
  if (!mayRead(ctx.principal, article, from) || !mayRead(ctx.principal, article, to)) throw notFound();
  const [title, text] = await Promise.all([
    from.title === to.title ? [] : diffTexts(ctx.config, `# ${from.title}\n\n`, `# ${to.title}\n\n`, article.language),
    diffTexts(ctx.config, from.content, to.content, article.language),
  ]);
  return [...title, ...text];
}

export interface OutOfDate {
  language: ArticleLanguage;
  articleId: string;
  /** The source's paragraphs new or changed since this version last followed it. */
  changed: string[];
}

/** The other language versions whose stable text moved on since this version's stable revision was written. */
export async function outOfDate(ctx: Context, article: ArticleRow): Promise<OutOfDate[]> {
  if (!article.stable_revision_id) return [];
  const stable = await loadRevision(ctx, article.stable_revision_id);
  const siblings: ArticleRow[] = await ctx.ds.query(
    `SELECT * FROM rootpedia_articles WHERE translation_group = $1 AND id <> $2 AND stable_revision_id IS NOT NULL`,
    [article.translation_group, article.id],
  );
  const out: OutOfDate[] = [];
  for (const s of siblings) {
    const followed = stable.synced[s.language];
    if (!followed || followed === s.stable_revision_id) continue;
    const [then, now] = await Promise.all([loadRevision(ctx, followed), loadRevision(ctx, s.stable_revision_id!)]);
    if (then.created_at > now.created_at) continue;
    out.push({ language: s.language, articleId: s.id, changed: await changedParagraphsOf(ctx.config, then.content, now.content) });
  }
  return out;
}

export interface SearchHit {
  article: ArticleRow;
  snippet: { text: string; match: boolean }[];
}

/** Articles whose stable title or text holds the words asked, in any script or spelling (normalised as names are), with the words marked. */
export async function search(ctx: Context, q: string, villageId: string | null, first: number): Promise<SearchHit[]> {
  const arabic = normalizeArabic(q);
  const latin = normalizeLatin(q);
  // The words' name keys, as the people search reads names: "zahle" finds زحلة, "Berdaouni" Berdawni.
  const keys = [...new Set(skeleton(q).split(" ").filter(Boolean))];
  if (!arabic && !latin && !keys.length) return [];
  const rows: ArticleRow[] = await ctx.ds.query(
    `SELECT a.* FROM rootpedia_articles a ${publicVillageJoin("a", "$4")}
      WHERE (($1 <> '' AND a.search_text LIKE '%' || $1 || '%') OR ($2 <> '' AND a.search_text LIKE '%' || $2 || '%')
             OR (cardinality($6::text[]) > 0 AND position($7 IN a.search_text) > 0
                 AND NOT EXISTS (SELECT 1 FROM unnest($6::text[]) AS k WHERE position(' ' || k || ' ' IN substring(a.search_text FROM position($7 IN a.search_text))) = 0)))
        AND ($3::uuid IS NULL OR a.village_id = $3)
      ORDER BY a.updated_at DESC LIMIT $5`,
    [arabic, latin, villageId, ctx.rootspace.id, first, keys, TITLE_KEYS],
  );
  const wanted = [...arabic.split(" "), ...latin.split(" ")].filter(Boolean);
  const hits: SearchHit[] = [];
  for (const article of rows) {
    const stable = article.stable_revision_id ? await loadRevision(ctx, article.stable_revision_id) : null;
    hits.push({
      article,
      snippet: snippet(
        `${article.title} — ${roughPlainText((stable?.content ?? "").slice(0, SNIPPET_SOURCE_CHARS))}`,
        wanted,
        keys,
        article.language,
      ),
    });
  }
  return hits;
}

/** A hit's snippet is looked for in the start of its text (a long article's later words still find it). */
const SNIPPET_SOURCE_CHARS = 20_000;

/** About 30 words around the first match, each word that matches marked. */
function snippet(text: string, wanted: string[], keys: string[], language: Language): { text: string; match: boolean }[] {
  const tokens = words(text, language);
  const matches = (w: string) => {
    const n = [normalizeArabic(w), normalizeLatin(w)].filter(Boolean);
    if (n.length > 0 && wanted.some((q) => n.some((x) => x.includes(q)))) return true;
    const k = skeleton(w);
    return k !== "" && keys.includes(k);
  };
  const first = Math.max(
    0,
    tokens.findIndex((w) => /\p{L}/u.test(w) && matches(w)),
  );
  const from = Math.max(0, first - 20);
  const slice = tokens.slice(from, from + 60);
  const out: { text: string; match: boolean }[] = from > 0 ? [{ text: "… ", match: false }] : [];
  for (const w of slice) {
    const m = /\p{L}/u.test(w) && matches(w);
    const last = out[out.length - 1];
    if (last && !last.match && !m) last.text += w;
    else out.push({ text: w, match: m });
  }
  if (from + 60 < tokens.length) out.push({ text: " …", match: false });
  return out;
}

/** Starts or stops watching an article or a village's encyclopedia. */
export async function setWatch(ctx: Context, target: { articleId: string } | { villageId: string }, on: boolean): Promise<boolean> {
  if (!ctx.viewer.userId) throw unauthenticated();
  const [articleId, villageId] = "articleId" in target ? [target.articleId, null] : [null, target.villageId];
  if (on)
    await ctx.ds.query(
      `INSERT INTO rootpedia_watches (id, user_id, article_id, village_id) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
      [newId(), ctx.viewer.userId, articleId, villageId],
    );
  else
    await ctx.ds.query(
      `DELETE FROM rootpedia_watches WHERE user_id = $1 AND article_id IS NOT DISTINCT FROM $2 AND village_id IS NOT DISTINCT FROM $3`,
      [ctx.viewer.userId, articleId, villageId],
    );
  return on;
}

export async function watching(ctx: Context, target: { articleId: string } | { villageId: string }): Promise<boolean> {
  if (!ctx.viewer.userId) return false;
  const [articleId, villageId] = "articleId" in target ? [target.articleId, null] : [null, target.villageId];
  const rows = await ctx.ds.query(
    `SELECT 1 FROM rootpedia_watches WHERE user_id = $1 AND article_id IS NOT DISTINCT FROM $2 AND village_id IS NOT DISTINCT FROM $3`,
    [ctx.viewer.userId, articleId, villageId],
  );
  return rows.length > 0;
}

/** Edits waiting for review in the villages the viewer reviews (all for editors and admins), oldest first. */
export async function reviewQueue(ctx: Context, first: number): Promise<RevisionRow[]> {
  if (!ctx.viewer.userId) throw unauthenticated();
  const reviewable = reviewableSql(ctx.principal, 3);
  return ctx.ds.query(
    `SELECT r.*, a.village_id, u.display_name AS author_name FROM rootpedia_revisions r
       JOIN rootpedia_articles a ON a.id = r.article_id JOIN villages v ON v.id = a.village_id AND v.rootspace_id = $1
       LEFT JOIN users u ON u.id = r.author_id
      WHERE r.status = 'pending' AND NOT r.hidden AND ${reviewable.sql} ORDER BY r.created_at, r.id LIMIT $2`,
    [ctx.rootspace.id, first, ...reviewable.params],
  );
}
