import { can } from "./ballots.policy.js";
import type { Context } from "../../common/context.js";
import { forbidden } from "../../common/errors.js";
import { createMemberNameLoaders } from "../accounts/index.js";
import { createVillageLoaders } from "../genealogy/index.js";
import * as rootpedia from "../rootpedia/index.js";
import type { BallotRow } from "./ballot.service.js";
import { genesisOf } from "./board.js";
import type { PassportRow } from "./passport.service.js";
import type { ProposalRow } from "./proposal.service.js";

/** What the pages show beside a proposal, a ballot or a passport: names, the viewer's own standing, the texts compared. */

// Lists (the staff board, a village's proposals) load their villages and authors in one batch each.
export const villageSlugOf = async (ctx: Context, villageId: string): Promise<string> =>
  (await ctx.use(createVillageLoaders).villageById.load(villageId))?.slug ?? "";

/** The village's name in the reader's language. */
export async function villageNameOf(ctx: Context, villageId: string): Promise<string> {
  const v = await ctx.use(createVillageLoaders).villageById.load(villageId);
  return v ? rootpedia.inLanguage({ name: v.name, name_ar: v.nameAr, name_fr: v.nameFr }, ctx.language) : "";
}

export const displayNameOf = async (ctx: Context, userId: string | null): Promise<string | null> =>
  userId ? ctx.use(createMemberNameLoaders).displayName.load(userId) : null;

/** An article's proposals, newest first (its village public, in the request's rootspace). */
export async function proposalsOfArticle(ctx: Context, articleId: string): Promise<ProposalRow[]> {
  const article = await rootpedia.loadArticle(ctx, articleId);
  return ctx.ds.query(`SELECT * FROM ballot_proposals WHERE article_id = $1 ORDER BY created_at DESC, id LIMIT 50`, [article.id]);
}

/** The text the proposal was written on: its base revision's, or nothing for a new article. */
const baseText = async (ctx: Context, p: ProposalRow): Promise<string> =>
  p.base_revision_id ? (await rootpedia.loadRevision(ctx, p.base_revision_id)).content : "";

/** The proposed change as the ballot shows it: its base revision's text against the proposal's, word by word. */
export async function proposalDiff(ctx: Context, p: ProposalRow): Promise<rootpedia.DiffPart[]> {
  return rootpedia.diffTexts(ctx.config, await baseText(ctx, p), p.content, p.language);
}

/** The article as it was before the proposal: the base revision's title and text, or nothing for a new article. */
const baseVersion = async (ctx: Context, p: ProposalRow): Promise<{ title: string; content: string }> => {
  if (!p.base_revision_id) return { title: "", content: "" };
  const r = await rootpedia.loadRevision(ctx, p.base_revision_id);
  return { title: r.title, content: r.content };
};

/** The proposal against the revision it was written on, side by side as the history compares revisions. */
export async function proposalComparison(ctx: Context, p: ProposalRow) {
  return rootpedia.compareVersions(ctx, await baseVersion(ctx, p), { title: p.title, content: p.content }, p.language);
}

/** The proposed article as readers would see it once applied (citations linked for this reader), with its headings. */
export const proposalRendered = (ctx: Context, p: ProposalRow) => rootpedia.rendered(ctx, p.content, rootpedia.articleLanguage(p.language));

/** The most a curator may accept without a ballot: characters added and removed, the title's included. */
export const MINOR_EDIT_CHARS = 500;

/**
 * A minor edit, which a curator may accept without a ballot: an edit of an existing article that
 * adds and removes at most MINOR_EDIT_CHARS characters. A new article never is one.
 */
export async function isMinorEdit(ctx: Context, p: ProposalRow): Promise<boolean> {
  if (!p.article_id || !p.base_revision_id) return false;
  const base = await rootpedia.loadRevision(ctx, p.base_revision_id);
  const title = base.title === p.title.trim() ? 0 : base.title.length + p.title.trim().length;
  const text = (await rootpedia.diffTexts(ctx.config, base.content, p.content, p.language)).reduce(
    (n, part) => n + (part.kind === "same" ? 0 : part.text.length),
    0,
  );
  return title + text <= MINOR_EDIT_CHARS;
}

export interface ProposalConflict {
  currentRevisionId: string;
  baseContent: string;
  currentContent: string;
  proposedContent: string;
  /** What changed in the article since the proposal's base revision. */
  changesMeanwhile: rootpedia.DiffPart[];
  /** What the proposal changes on its base revision. */
  proposedChanges: rootpedia.DiffPart[];
}

/**
 * What a curator needs to resolve a proposal in `conflict`: the three texts (its base, the
 * article's current one, the proposal's) and the two changes that meet. Null when there is no
 * conflict; reviewers of the village only.
 */
export async function proposalConflict(ctx: Context, p: ProposalRow): Promise<ProposalConflict | null> {
  if (p.status !== "conflict" || !p.article_id) return null;
  if (!can(ctx.principal, "review", p)) throw forbidden();
  const article = await rootpedia.loadArticle(ctx, p.article_id);
  const current = article.latest_revision_id ? await rootpedia.loadRevision(ctx, article.latest_revision_id) : null;
  const base = await baseText(ctx, p);
  const now = current?.content ?? "";
  return {
    currentRevisionId: current?.id ?? "",
    baseContent: base,
    currentContent: now,
    proposedContent: p.content,
    changesMeanwhile: await rootpedia.diffTexts(ctx.config, base, now, p.language),
    proposedChanges: await rootpedia.diffTexts(ctx.config, base, p.content, p.language),
  };
}

/** Whether the viewer is on the ballot's roll (null before it opens or when signed out), and has voted (the day is all the roll keeps). */
export async function viewerRoll(ctx: Context, b: BallotRow): Promise<{ onRoll: boolean; voted: boolean } | null> {
  if (!ctx.viewer.userId || b.status === "cooling_off") return null;
  const [row]: { voted_on: string | null }[] = await ctx.ds.query(
    `SELECT voted_on FROM ballot_roll WHERE ballot_id = $1 AND user_id = $2`,
    [b.id, ctx.viewer.userId],
  );
  return { onRoll: Boolean(row), voted: Boolean(row?.voted_on) };
}

/**
 * The hash the closed ballot's board ends at (its last entry's; the genesis hash when no one
 * voted), null before the close. Shown beside the board so that a copy cut short, its tally
 * lowered to match, fails `verify-ballot.mjs --head`: the chain alone cannot tell where it ended.
 * The board is in receipt order, so its last entry has the greatest receipt (hex digests, ordered
 * alike by any collation), which the (ballot_id, receipt) index finds without reading the others.
 */
export async function boardHead(ctx: Pick<Context, "ds">, b: BallotRow): Promise<string | null> {
  if (b.status !== "closed") return null;
  const [last]: { entry_hash: string | null }[] = await ctx.ds.query(
    `SELECT entry_hash FROM ballot_votes WHERE ballot_id = $1 ORDER BY receipt DESC LIMIT 1`,
    [b.id],
  );
  return last ? last.entry_hash : genesisOf(b.id);
}

/** The village's live Roots Passports with their holders' names, newest first: its reviewers only. */
export async function livePassports(ctx: Context, villageId: string): Promise<(PassportRow & { holder_name: string | null })[]> {
  if (!can(ctx.principal, "passports", { village_id: villageId })) throw forbidden();
  return ctx.ds.query(
    `SELECT p.*, u.display_name AS holder_name FROM roots_passports p JOIN users u ON u.id = p.user_id
      WHERE p.village_id = $1 AND p.revoked_at IS NULL ORDER BY p.issued_at DESC, p.id LIMIT 500`,
    [villageId],
  );
}

/** The account a curator names by its email, for a passport (null when there is none). */
export const userIdByEmail = async (ctx: Pick<Context, "ds">, email: string): Promise<string | null> =>
  ((await ctx.ds.query(`SELECT id FROM users WHERE email = $1`, [email.trim().toLowerCase()])) as { id: string }[])[0]?.id ?? null;
