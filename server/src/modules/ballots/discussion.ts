import DataLoader from "dataloader";
import { can } from "./ballots.policy.js";
import type { Context } from "../../common/context.js";
import { AppError, ErrorCode, forbidden, notFound, unauthenticated } from "../../common/errors.js";
import { newId } from "../../common/uuid.js";
import { audit } from "../audit/index.js";
import { updatedRows } from "./decide.js";
import { announce } from "./notifications.js";
import { loadProposal, type ProposalRow } from "./proposal.service.js";

/**
 * A proposal's discussion, as Loomio's: comments, replies to them (one level), agree/disagree
 * reactions with their counts (one per member per comment, a second replacing the first), and
 * comments a curator of the village hid with a reason (their text kept for reviewers, no reply
 * taken under them). It goes on while the proposal's text is frozen.
 */

export interface CommentRow {
  id: string;
  proposal_id: string;
  parent_id: string | null;
  author_id: string | null;
  author_name: string | null;
  body: string;
  created_at: Date;
  hidden_at: Date | null;
  hidden_reason: string | null;
}

export type Reaction = "agree" | "disagree";

const MAX_COMMENT = 5000;
const MAX_REASON = 500;

const refuse = (code: ErrorCode, key: "ballots.comment_hidden" | "ballots.comment_not_found", field?: string) =>
  new AppError(code, key, {}, field ? [{ field, key }] : undefined);

async function loadComment(ctx: Context, commentId: string): Promise<{ comment: CommentRow; proposal: ProposalRow }> {
  const [c]: CommentRow[] = await ctx.ds.query(`SELECT c.*, NULL AS author_name FROM ballot_comments c WHERE c.id = $1`, [commentId]);
  if (!c) throw refuse(ErrorCode.NOT_FOUND, "ballots.comment_not_found");
  // The proposal's village must be public in this rootspace, as for the proposal itself.
  const proposal = await loadProposal(ctx, c.proposal_id).catch(() => {
    throw refuse(ErrorCode.NOT_FOUND, "ballots.comment_not_found");
  });
  return { comment: c, proposal };
}

/**
 * A signed-in member adds to the discussion, or answers a comment (`replyTo`): a reply goes under
 * the comment it answers (a reply to a reply goes under that one's comment), never under a hidden one.
 */
export async function comment(ctx: Context, proposalId: string, body: string, replyTo: string | null = null): Promise<CommentRow> {
  if (!ctx.viewer.userId) throw unauthenticated();
  const p = await loadProposal(ctx, proposalId);
  const text = body.trim();
  if (!text) throw new AppError(ErrorCode.BAD_USER_INPUT, "errors.required", {}, [{ field: "body", key: "errors.required" }]);
  if (text.length > MAX_COMMENT)
    throw new AppError(ErrorCode.BAD_USER_INPUT, "errors.validation.maxLength", {}, [
      { field: "body", key: "errors.validation.maxLength" },
    ]);
  let parent: string | null = null;
  if (replyTo) {
    const { comment: c } = await loadComment(ctx, replyTo);
    if (c.proposal_id !== p.id) throw refuse(ErrorCode.NOT_FOUND, "ballots.comment_not_found");
    const top = c.parent_id ? (await loadComment(ctx, c.parent_id)).comment : c;
    if (c.hidden_at || top.hidden_at) throw refuse(ErrorCode.CONFLICT, "ballots.comment_hidden", "body");
    parent = top.id;
  }
  const id = newId();
  // The parent is checked again as the row is written: a comment hidden meanwhile takes no reply.
  const [written] = updatedRows(
    await ctx.ds.query(
      `INSERT INTO ballot_comments (id, proposal_id, parent_id, author_id, body, created_at)
       SELECT $1, $2, $3, $4, $5, $6
        WHERE $3::uuid IS NULL OR EXISTS (SELECT 1 FROM ballot_comments WHERE id = $3 AND hidden_at IS NULL)
       RETURNING id`,
      [id, p.id, parent, ctx.viewer.userId, text, ctx.clock.now()],
    ),
  );
  if (!written) throw refuse(ErrorCode.CONFLICT, "ballots.comment_hidden", "body");
  await announce(ctx, p, "commented", ctx.viewer.userId);
  return (await commentsOf(ctx, p.id)).find((c) => c.id === id)!;
}

/** A proposal's comments in order (each reply after the comment it answers is the client's to arrange). */
export const commentsOf = (ctx: Pick<Context, "ds">, proposalId: string): Promise<CommentRow[]> =>
  ctx.ds.query(
    `SELECT c.*, u.display_name AS author_name FROM ballot_comments c LEFT JOIN users u ON u.id = c.author_id
      WHERE c.proposal_id = $1 ORDER BY c.created_at, c.id`,
    [proposalId],
  );

/**
 * The member agrees or disagrees with a comment (null takes their reaction back). One per member
 * per comment: a second replaces the first. Not on a hidden comment.
 */
export async function react(ctx: Context, commentId: string, reaction: Reaction | null): Promise<CommentRow> {
  if (!ctx.viewer.userId) throw unauthenticated();
  const { comment: c } = await loadComment(ctx, commentId);
  if (c.hidden_at) throw refuse(ErrorCode.CONFLICT, "ballots.comment_hidden");
  if (reaction === null)
    await ctx.ds.query(`DELETE FROM ballot_comment_reactions WHERE comment_id = $1 AND user_id = $2`, [c.id, ctx.viewer.userId]);
  else
    await ctx.ds.query(
      `INSERT INTO ballot_comment_reactions (comment_id, user_id, reaction, created_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (comment_id, user_id) DO UPDATE SET reaction = EXCLUDED.reaction, created_at = EXCLUDED.created_at`,
      [c.id, ctx.viewer.userId, reaction, ctx.clock.now()],
    );
  ctx.use(createDiscussionLoaders).reactions.clear(c.id);
  return (await commentsOf(ctx, c.proposal_id)).find((x) => x.id === c.id)!;
}

/** A curator of the village hides a comment (vandalism, abuse) with a reason, audited. Its replies stay. */
export async function hideComment(ctx: Context, commentId: string, reason: string): Promise<CommentRow> {
  if (!ctx.viewer.userId) throw unauthenticated();
  const { comment: c, proposal } = await loadComment(ctx, commentId);
  if (!can(ctx.principal, "review", proposal)) throw forbidden();
  const why = reason.trim();
  if (!why) throw new AppError(ErrorCode.BAD_USER_INPUT, "errors.required", {}, [{ field: "reason", key: "errors.required" }]);
  if (why.length > MAX_REASON)
    throw new AppError(ErrorCode.BAD_USER_INPUT, "errors.validation.maxLength", {}, [
      { field: "reason", key: "errors.validation.maxLength" },
    ]);
  await ctx.ds.query(
    `UPDATE ballot_comments SET hidden_at = coalesce(hidden_at, $2), hidden_by = coalesce(hidden_by, $3), hidden_reason = coalesce(hidden_reason, $4) WHERE id = $1`,
    [c.id, ctx.clock.now(), ctx.viewer.userId, why],
  );
  await audit(ctx.ds, { tableName: "ballot_comments", recordId: c.id, userId: ctx.viewer.userId, action: "hide", after: { reason: why } });
  const row = (await commentsOf(ctx, c.proposal_id)).find((x) => x.id === c.id);
  if (!row) throw notFound();
  return row;
}

export interface Reactions {
  agree: number;
  disagree: number;
  /** This viewer's own reaction, or null. */
  mine: Reaction | null;
}

/** Per-request loaders: a thread's reaction counts (and the viewer's own) in one statement. */
export function createDiscussionLoaders(ctx: Context) {
  return {
    reactions: new DataLoader<string, Reactions>(async (ids) => {
      const rows: { comment_id: string; agree: number; disagree: number; mine: Reaction | null }[] = await ctx.ds.query(
        `SELECT comment_id, count(*) FILTER (WHERE reaction = 'agree')::int AS agree, count(*) FILTER (WHERE reaction = 'disagree')::int AS disagree,
                max(reaction) FILTER (WHERE user_id = $2) AS mine
           FROM ballot_comment_reactions WHERE comment_id = ANY($1) GROUP BY comment_id`,
        [[...ids], ctx.viewer.userId ?? null],
      );
      const byId = new Map(rows.map((r) => [r.comment_id, { agree: r.agree, disagree: r.disagree, mine: r.mine }]));
      return ids.map((id) => byId.get(id) ?? { agree: 0, disagree: 0, mine: null });
    }),
  };
}
