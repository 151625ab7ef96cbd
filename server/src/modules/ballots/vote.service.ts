import { randomBytes, randomUUID } from "node:crypto";
import type { Context } from "../../common/context.js";
import { AppError, ErrorCode, notFound, unauthenticated } from "../../common/errors.js";
import { isUuid } from "../../common/global-id.js";
import type { VoteChoice } from "./ballots.entity.js";
import { loadBallot } from "./ballot.service.js";
import { receiptOf, type BoardEntry } from "./board.js";
import { maybePublish } from "./tally.js";

export interface CastResult {
  receipt: string;
  /** The commitment's random nonce: given once to the voter, stored nowhere. */
  nonce: string;
}

const refuse = (key: "ballots.not_open" | "ballots.already_voted" | "ballots.not_eligible" | "ballots.closed") =>
  new AppError(key === "ballots.already_voted" ? ErrorCode.CONFLICT : ErrorCode.FORBIDDEN, key);

/**
 * The vote, in one statement (one round trip, atomic): the ballot of the request's rootspace is
 * held (FOR SHARE: a close waits for it) and checked open at `$3`; the voter's roll entry gets that
 * day only where it had none (a second vote, even at the same instant, finds nothing to set: the
 * row lock decides); and only then is the vote written apart — a random id (UUIDv4), the choice
 * and its receipt; no voter, no time. The answer says why when nothing was written.
 * $1 ballot, $2 voter, $3 now, $4 rootspace, $5 vote id, $6 choice, $7 receipt.
 */
export const CAST_VOTE_SQL = `
  WITH b AS (
    SELECT b.id, b.status, b.status = 'open' AND $3 >= b.opens_at AND $3 < b.closes_at AS open
      FROM ballots b JOIN villages v ON v.id = b.village_id AND v.rootspace_id = $4 WHERE b.id = $1::uuid FOR SHARE OF b),
  marked AS (
    UPDATE ballot_roll r SET voted_on = ($3::timestamptz AT TIME ZONE 'UTC')::date FROM b
     WHERE b.open AND r.ballot_id = $1 AND r.user_id = $2 AND r.voted_on IS NULL RETURNING r.user_id),
  vote AS (INSERT INTO ballot_votes (id, ballot_id, choice, receipt) SELECT $5::uuid, $1::uuid, $6::text, $7::text FROM marked RETURNING id)
  SELECT b.status, b.open, (SELECT count(*) FROM vote)::int AS cast,
         EXISTS (SELECT 1 FROM ballot_roll WHERE ballot_id = $1 AND user_id = $2) AS on_roll
    FROM b`;

/**
 * Casts a secret vote (CAST_VOTE_SQL), then lets the batched tally go out when it is due. Nothing
 * of the choice is audited or logged.
 */
export async function castVote(ctx: Context, ballotId: string, choice: VoteChoice): Promise<CastResult> {
  if (!ctx.viewer.userId) throw unauthenticated();
  if (!isUuid(ballotId)) throw notFound();
  const now = ctx.clock.now();
  const nonce = randomBytes(32).toString("base64url");
  const receipt = receiptOf(ballotId, choice, nonce);
  const [r]: { status: string; open: boolean; cast: number; on_roll: boolean }[] = await ctx.ds.query(CAST_VOTE_SQL, [
    ballotId,
    ctx.viewer.userId,
    now,
    ctx.rootspace.id,
    randomUUID(),
    choice,
    receipt,
  ]);
  if (!r) throw notFound();
  if (!r.cast) {
    if (r.status === "closed") throw refuse("ballots.closed");
    if (!r.open) throw refuse("ballots.not_open");
    throw refuse(r.on_roll ? "ballots.already_voted" : "ballots.not_eligible");
  }
  await maybePublish(ctx, ballotId, true);
  return { receipt, nonce };
}

/** The board of a closed ballot, in order (empty before it closes: the order is made at close). */
export async function boardOf(ctx: Pick<Context, "ds" | "rootspace">, ballotId: string): Promise<BoardEntry[]> {
  const b = await loadBallot(ctx, ballotId);
  if (b.status !== "closed") return [];
  const rows: { position: number; receipt: string; choice: VoteChoice; prev_hash: string; entry_hash: string }[] = await ctx.ds.query(
    `SELECT position, receipt, choice, prev_hash, entry_hash FROM ballot_votes WHERE ballot_id = $1 ORDER BY position`,
    [b.id],
  );
  return rows.map((r) => ({ position: r.position, receipt: r.receipt, choice: r.choice, prevHash: r.prev_hash, entryHash: r.entry_hash }));
}

export interface ReceiptLookup {
  /** On the board (a closed ballot), with its place and choice; null while the ballot is open. */
  entry: BoardEntry | null;
  /** Counted: the receipt is among the ballot's votes. */
  counted: boolean;
}

/** Finds a receipt: counted while the ballot is open, and its board entry once it has closed. Not there: NOT_FOUND. */
export async function lookUpReceipt(ctx: Pick<Context, "ds" | "rootspace">, ballotId: string, receipt: string): Promise<ReceiptLookup> {
  const b = await loadBallot(ctx, ballotId);
  const code = receipt.trim().toLowerCase();
  const [v]: { position: number | null; choice: VoteChoice; prev_hash: string | null; entry_hash: string | null }[] = /^[0-9a-f]{64}$/.test(
    code,
  )
    ? await ctx.ds.query(`SELECT position, choice, prev_hash, entry_hash FROM ballot_votes WHERE ballot_id = $1 AND receipt = $2`, [
        b.id,
        code,
      ])
    : [];
  if (!v) throw new AppError(ErrorCode.NOT_FOUND, "ballots.receipt_not_found");
  if (b.status !== "closed" || v.position === null) return { entry: null, counted: true };
  return {
    counted: true,
    entry: { position: v.position, receipt: code, choice: v.choice, prevHash: v.prev_hash!, entryHash: v.entry_hash! },
  };
}
