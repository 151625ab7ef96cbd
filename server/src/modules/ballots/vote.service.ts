import { randomBytes, randomUUID } from "node:crypto";
import type { Context } from "../../common/context.js";
import { AppError, ErrorCode, unauthenticated } from "../../common/errors.js";
import type { VoteChoice } from "./ballots.entity.js";
import { loadBallot } from "./ballot.service.js";
import { updatedRows } from "./decide.js";
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
 * Casts a secret vote. In one transaction: the ballot is held open (a close waits), the voter's
 * roll entry gets today's date only where it had none (a second vote, even at the same instant,
 * finds nothing to set: the row lock decides), and the vote is written apart — a random id (UUIDv4),
 * the choice and its receipt; no voter, no time. Nothing of the choice is audited or logged.
 */
export async function castVote(ctx: Context, ballotId: string, choice: VoteChoice): Promise<CastResult> {
  if (!ctx.viewer.userId) throw unauthenticated();
  const ballot = await loadBallot(ctx, ballotId);
  const now = ctx.clock.now();
  const nonce = randomBytes(32).toString("base64url");
  const receipt = receiptOf(ballot.id, choice, nonce);
  await ctx.ds.transaction(async (tx) => {
    const [b]: { status: string; opens_at: Date; closes_at: Date }[] = await tx.query(
      `SELECT status, opens_at, closes_at FROM ballots WHERE id = $1 FOR SHARE`,
      [ballot.id],
    );
    if (b.status === "closed") throw refuse("ballots.closed");
    if (b.status !== "open" || now < b.opens_at || now >= b.closes_at) throw refuse("ballots.not_open");
    const marked = updatedRows<{ voted_on: string }>(
      await tx.query(
        `UPDATE ballot_roll SET voted_on = ($3::timestamptz AT TIME ZONE 'UTC')::date WHERE ballot_id = $1 AND user_id = $2 AND voted_on IS NULL RETURNING voted_on`,
        [ballot.id, ctx.viewer.userId, now],
      ),
    );
    if (!marked.length) {
      const [onRoll] = await tx.query(`SELECT 1 FROM ballot_roll WHERE ballot_id = $1 AND user_id = $2`, [ballot.id, ctx.viewer.userId]);
      throw refuse(onRoll ? "ballots.already_voted" : "ballots.not_eligible");
    }
    await tx.query(`INSERT INTO ballot_votes (id, ballot_id, choice, receipt) VALUES ($1, $2, $3, $4)`, [
      randomUUID(),
      ballot.id,
      choice,
      receipt,
    ]);
  });
  await maybePublish(ctx, ballot.id);
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
