import { can } from "./ballots.policy.js";
import type { Context } from "../../common/context.js";
import { createContext } from "../../common/context.js";
import { AppError, ErrorCode, forbidden, notFound, unauthenticated } from "../../common/errors.js";
import { DEFAULT_LANGUAGE } from "../../common/i18n.js";
import { newId } from "../../common/uuid.js";
import { audit } from "../audit/index.js";
import * as rootpedia from "../rootpedia/index.js";
import type { ProposalStatus } from "./ballots.entity.js";
import { updatedRows } from "./decide.js";
import { createBallotLoaders } from "./loaders.js";
import { announce, type AnnounceDeps } from "./notifications.js";
import { isMinorEdit, MINOR_EDIT_CHARS } from "./views.service.js";

export interface ProposalRow {
  id: string;
  village_id: string;
  article_id: string | null;
  base_revision_id: string | null;
  language: string;
  title: string;
  content: string;
  summary: string;
  author_id: string | null;
  status: ProposalStatus;
  applied_revision_id: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface ProposalInput {
  title: string;
  content: string;
  summary: string;
}

/**
 * A proposal of a public village of the request's rootspace (NOT_FOUND otherwise), through the
 * request's proposal loader, the one statement that reads them; read afresh, since the services
 * call it again after they changed the row.
 */
export function loadProposal(ctx: Context, id: string): Promise<ProposalRow> {
  return ctx.use(createBallotLoaders).proposal.clear(id).load(id);
}

/** A signed-in member proposes an edit of an article (on the revision they read) or a new article. Watchers are told. */
export async function propose(
  ctx: Context,
  target: { villageSlug: string; articleId: string | null; baseRevisionId: string | null; language: string },
  input: ProposalInput,
): Promise<ProposalRow> {
  if (!ctx.viewer.userId) throw unauthenticated();
  const village = await rootpedia.villageBySlug(ctx, target.villageSlug);
  let language: string = target.articleId ? target.language : rootpedia.articleLanguage(target.language);
  let base: string | null = null;
  if (target.articleId) {
    const article = await rootpedia.loadArticle(ctx, target.articleId);
    if (article.village_id !== village.id) throw notFound();
    language = article.language;
    base = target.baseRevisionId ?? article.latest_revision_id;
    if (base && (await rootpedia.loadRevision(ctx, base)).article_id !== article.id) throw notFound();
  }
  await rootpedia.checkEdit(ctx, { ...input, baseRevisionId: base });
  const id = newId();
  await ctx.ds.query(
    `INSERT INTO ballot_proposals (id, village_id, article_id, base_revision_id, language, title, content, summary, author_id, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)`,
    [
      id,
      village.id,
      target.articleId,
      base,
      language,
      input.title.trim(),
      input.content,
      input.summary.trim(),
      ctx.viewer.userId,
      ctx.clock.now(),
    ],
  );
  const p = await loadProposal(ctx, id);
  await announce(ctx, p, "proposed", ctx.viewer.userId);
  return p;
}

const frozen = () => new AppError(ErrorCode.CONFLICT, "ballots.proposal_frozen");

/** Only a minor edit may skip the ballot: a new article, or a larger change, is put to the village's vote. */
async function assertMinor(ctx: Context, p: ProposalRow): Promise<void> {
  if (!(await isMinorEdit(ctx, p))) throw new AppError(ErrorCode.CONFLICT, "ballots.not_minor", { max: MINOR_EDIT_CHARS });
}

/** Its author (or a reviewer) changes a draft proposal; once a ballot starts its text is frozen. */
export async function editProposal(ctx: Context, id: string, input: ProposalInput): Promise<ProposalRow> {
  if (!ctx.viewer.userId) throw unauthenticated();
  const p = await loadProposal(ctx, id);
  if (!can(ctx.principal, "edit", p)) throw forbidden();
  if (p.status !== "draft") throw frozen();
  await rootpedia.checkEdit(ctx, { ...input, baseRevisionId: p.base_revision_id });
  const [done] = updatedRows(
    await ctx.ds.query(
      `UPDATE ballot_proposals SET title = $2, content = $3, summary = $4, updated_at = $5 WHERE id = $1 AND status = 'draft' RETURNING id`,
      [id, input.title.trim(), input.content, input.summary.trim(), ctx.clock.now()],
    ),
  );
  if (!done) throw frozen();
  return loadProposal(ctx, id);
}

/** Pending proposals of the villages the viewer reviews (all for staff), oldest first: the staff board's queue. */
export const pendingProposals = (ctx: Context, villageIds: string[] | null): Promise<ProposalRow[]> =>
  ctx.ds.query(
    `SELECT p.* FROM ballot_proposals p JOIN villages v ON v.id = p.village_id AND v.rootspace_id = $1
      WHERE p.status IN ('draft', 'in_ballot', 'applying', 'conflict') AND ($2::uuid[] IS NULL OR p.village_id = ANY($2)) ORDER BY p.created_at LIMIT 200`,
    [ctx.rootspace.id, villageIds],
  );

/**
 * A context acting as the proposal's author, for saving what was decided (a job has no request);
 * as `decider` (the curator who accepted it or opened its ballot) when the author's account is gone.
 */
async function authorContext(deps: AnnounceDeps & { clock: Context["clock"] }, p: ProposalRow, decider: string | null): Promise<Context> {
  const [rs]: { id: string; slug: string }[] = await deps.ds.query(
    `SELECT r.id, r.slug FROM rootspaces r JOIN villages v ON v.rootspace_id = r.id WHERE v.id = $1`,
    [p.village_id],
  );
  return createContext({
    viewer: { userId: p.author_id ?? decider, sessionId: null, roles: [] },
    language: DEFAULT_LANGUAGE,
    ds: deps.ds,
    bus: deps.bus,
    config: deps.config,
    clock: deps.clock,
    jobs: deps.jobs,
    client: { ip: null, userAgent: null },
    cookies: null,
    flags: { isOn: () => true, invalidate: () => undefined },
    rootspace: rs,
  });
}

/**
 * Takes a proposal from `from` to `applying`, in one statement: of two curators accepting at once,
 * or an accept and a ballot's opening, one wins and the other finds it gone. False when it was not `from`.
 */
async function claimForApplying(ds: Pick<Context, "ds">["ds"], id: string, from: ProposalStatus, now: Date): Promise<boolean> {
  const [row] = updatedRows(
    await ds.query(`UPDATE ballot_proposals SET status = 'applying', updated_at = $3 WHERE id = $1 AND status = $2 RETURNING id`, [
      id,
      from,
      now,
    ]),
  );
  return !!row;
}

/**
 * A claimed proposal (`applying`) whose text a failure left unwritten goes back to `from`, as it
 * was before the claim (a request's failure: the curator may try again).
 */
async function applyClaimed(ctx: Context, p: ProposalRow, from: ProposalStatus, content?: string, base?: string | null) {
  try {
    return await applyProposal(ctx, p, ctx.viewer.userId, content, base);
  } catch (err) {
    await ctx.ds.query(`UPDATE ballot_proposals SET status = $2 WHERE id = $1 AND status = 'applying'`, [p.id, from]);
    throw err;
  }
}

/**
 * Writes a decided proposal (claimed: `applying`) as a Rootpedia revision by its author, accepted
 * (a new article, or an edit rebased onto the article's current revision by the three-way merge).
 * When the article changed where the edit touches it, the proposal waits in `conflict` for a
 * curator; nothing is written. Run again after a failure (the ballot's apply job retries), a new
 * article already written from this text is found rather than written twice.
 */
export async function applyProposal(
  deps: AnnounceDeps & { clock: Context["clock"] },
  p: ProposalRow,
  decider: string | null,
  content = p.content,
  base = p.base_revision_id,
): Promise<"applied" | "conflict"> {
  const ctx = await authorContext(deps, p, decider);
  const author = ctx.viewer.userId;
  const input = { title: p.title, content, summary: p.summary, baseRevisionId: base };
  let revisionId: string;
  try {
    if (p.article_id) revisionId = (await rootpedia.saveRevision(ctx, await rootpedia.loadArticle(ctx, p.article_id), input, true)).id;
    else {
      const [v]: rootpedia.VillageRef[] = await deps.ds.query(`SELECT id, slug FROM villages WHERE id = $1`, [p.village_id]);
      revisionId =
        (await writtenBefore(deps, p, author)) ??
        (await rootpedia.createArticle(ctx, v, p.language as "ar" | "en" | "fr", input, null, true)).revision.id;
    }
  } catch (err) {
    if (!(err instanceof AppError) || err.key !== "rootpedia.edit_conflict") throw err;
    await deps.ds.query(`UPDATE ballot_proposals SET status = 'conflict', updated_at = $2 WHERE id = $1 AND status = 'applying'`, [
      p.id,
      deps.clock.now(),
    ]);
    await audit(deps.ds, { tableName: "ballot_proposals", recordId: p.id, userId: null, action: "conflict" });
    await announce(deps, p, "conflict", null);
    return "conflict";
  }
  await deps.ds.query(
    `UPDATE ballot_proposals SET status = 'applied', applied_revision_id = $2, updated_at = $3 WHERE id = $1 AND status = 'applying'`,
    [p.id, revisionId, deps.clock.now()],
  );
  return "applied";
}

/**
 * The first revision of a new article that this proposal's text already made (since it was
 * claimed), by its author: an apply that failed after writing it and runs again finds it here.
 */
async function writtenBefore(deps: Pick<Context, "ds">, p: ProposalRow, author: string | null): Promise<string | null> {
  const [r]: { id: string }[] = await deps.ds.query(
    `SELECT r.id FROM rootpedia_revisions r JOIN rootpedia_articles a ON a.id = r.article_id
      WHERE a.village_id = $1 AND a.language = $2 AND r.parent_id IS NULL AND r.content_hash = $3 AND r.created_at >= $4
        AND r.author_id IS NOT DISTINCT FROM $5 LIMIT 1`,
    [p.village_id, p.language, rootpedia.hashOf(p.title.trim(), p.content.replace(/\r\n?/g, "\n")), p.updated_at, author],
  );
  return r?.id ?? null;
}

/** A curator of the village accepts a minor edit without a ballot (audited): it becomes a revision at once. */
export async function acceptDirectly(ctx: Context, id: string): Promise<ProposalRow> {
  if (!ctx.viewer.userId) throw unauthenticated();
  const p = await loadProposal(ctx, id);
  if (!can(ctx.principal, "review", p)) throw forbidden();
  if (p.status !== "draft") throw frozen();
  await assertMinor(ctx, p);
  if (!(await claimForApplying(ctx.ds, p.id, "draft", ctx.clock.now()))) throw frozen();
  const result = await applyClaimed(ctx, { ...p, updated_at: ctx.clock.now() }, "draft");
  await audit(ctx.ds, {
    tableName: "ballot_proposals",
    recordId: p.id,
    userId: ctx.viewer.userId,
    action: "accept_directly",
    after: { result },
  });
  if (result === "applied") await announce(ctx, p, "accepted_directly", ctx.viewer.userId);
  return loadProposal(ctx, id);
}

/** A curator resolves a conflict: their merged text (made on the article's current revision) is applied. */
export async function resolveConflict(ctx: Context, id: string, content: string): Promise<ProposalRow> {
  if (!ctx.viewer.userId) throw unauthenticated();
  const p = await loadProposal(ctx, id);
  if (!can(ctx.principal, "review", p)) throw forbidden();
  if (p.status !== "conflict" || !p.article_id) throw new AppError(ErrorCode.CONFLICT, "ballots.not_in_conflict");
  const latest = (await rootpedia.loadArticle(ctx, p.article_id)).latest_revision_id;
  await rootpedia.checkEdit(ctx, { title: p.title, content, summary: p.summary, baseRevisionId: latest });
  if (!(await claimForApplying(ctx.ds, p.id, "conflict", ctx.clock.now())))
    throw new AppError(ErrorCode.CONFLICT, "ballots.not_in_conflict");
  const result = await applyClaimed(ctx, p, "conflict", content, latest);
  await audit(ctx.ds, {
    tableName: "ballot_proposals",
    recordId: p.id,
    userId: ctx.viewer.userId,
    action: "resolve_conflict",
    after: { result },
  });
  if (result === "applied") await announce(ctx, p, "applied", ctx.viewer.userId);
  return loadProposal(ctx, id);
}
