import { randomBytes, randomUUID } from "node:crypto";
import type { DataSource } from "typeorm";
import type { Context } from "../../common/context.js";
import { batchOrOneByOne, groupCommitPerDataSource, inRequestOrder } from "../../common/group-commit.js";
import { preparedQuery } from "../../db/prepared.js";
import { AppError, ErrorCode, notFound, unauthenticated } from "../../common/errors.js";
import { isUuid } from "../../common/global-id.js";
import type { VoteChoice } from "./ballots.entity.js";
import { loadBallot } from "./ballot.service.js";
import { receiptOf, type BoardEntry } from "./board.js";
import { maybePublish, windowEndAfter } from "./tally.js";

export interface CastResult {
  receipt: string;
  /** The commitment's random nonce: given once to the voter, stored nowhere. */
  nonce: string;
  /**
   * The live count includes this vote by then at the latest: the end of the tally's current
   * window (tally.ts). Counts go out in batches, so it may show sooner, never later.
   */
  countedBy: Date;
}

const refuse = (key: "ballots.not_open" | "ballots.already_voted" | "ballots.not_eligible" | "ballots.closed") =>
  new AppError(key === "ballots.already_voted" ? ErrorCode.CONFLICT : ErrorCode.FORBIDDEN, key);

/**
 * Votes on one ballot, in one statement (one round trip, atomic): the ballot of the request's
 * rootspace is held (FOR KEY SHARE: a close, FOR UPDATE, waits for it; a tally update, which
 * changes no key, does not, nor is it waited for); the voters' roll entries are locked in the
 * order of their ids, whatever order the votes came in and whatever plan PostgreSQL picks (two
 * instances' batches holding the same voters in other orders deadlocked); each voter's roll entry gets the day of
 * their vote only where the ballot was open at that time and the entry had none (a second vote,
 * even in the same statement or at the same instant, finds nothing to set: the row lock decides);
 * and only then is each vote written apart — a random id (UUIDv4), the choice and its receipt; no
 * voter, no time — in the order of the receipts (random), not of the voters. One answer row per vote, in order (`n`), saying why when nothing was written;
 * none when the ballot is unknown here.
 * $1 ballot, $2 rootspace, then one array entry per vote: $3 voter, $4 time, $5 vote id, $6 choice, $7 receipt.
 */
export const CAST_VOTES_SQL = `
  WITH i AS (SELECT * FROM unnest($3::uuid[], $4::timestamptz[], $5::uuid[], $6::text[], $7::text[])
                      WITH ORDINALITY AS i(user_id, at, vote_id, choice, receipt, n)),
  b AS (SELECT b.id, b.status, b.opens_at, b.closes_at
          FROM ballots b JOIN villages v ON v.id = b.village_id AND v.rootspace_id = $2 WHERE b.id = $1::uuid FOR KEY SHARE OF b),
  o AS (SELECT i.*, b.status, b.status = 'open' AND i.at >= b.opens_at AND i.at < b.closes_at AS open FROM i, b),
  locked AS (
    SELECT r.user_id FROM ballot_roll r
     WHERE r.ballot_id = $1 AND r.voted_on IS NULL AND r.user_id IN (SELECT o.user_id FROM o WHERE o.open)
     ORDER BY r.user_id FOR UPDATE OF r),
  marked AS (
    UPDATE ballot_roll r SET voted_on = (o.at AT TIME ZONE 'UTC')::date FROM locked l JOIN o ON o.user_id = l.user_id
     WHERE o.open AND r.ballot_id = $1 AND r.user_id = l.user_id AND r.voted_on IS NULL RETURNING o.n),
  vote AS (INSERT INTO ballot_votes (id, ballot_id, choice, receipt) SELECT o.vote_id, $1::uuid, o.choice, o.receipt FROM o JOIN marked USING (n) ORDER BY o.receipt)
  SELECT o.n::int, o.status, o.open, marked.n IS NOT NULL AS cast,
         EXISTS (SELECT 1 FROM ballot_roll WHERE ballot_id = $1 AND user_id = o.user_id) AS on_roll
    FROM o LEFT JOIN marked USING (n) ORDER BY o.n`;

interface VoteInput {
  ballotId: string;
  rootspaceId: string;
  userId: string;
  at: Date;
  choice: VoteChoice;
  receipt: string;
}

interface VoteOutcome {
  status: string;
  open: boolean;
  cast: boolean;
  on_roll: boolean;
}

/** The votes of one ballot (CAST_VOTES_SQL): an outcome per vote, null where the ballot is unknown. */
async function castOnBallot(ds: DataSource, votes: readonly VoteInput[]): Promise<(VoteOutcome | null)[]> {
  const rows = await preparedQuery<VoteOutcome & { n: number }>(ds, "roots_cast_votes", CAST_VOTES_SQL, [
    votes[0].ballotId,
    votes[0].rootspaceId,
    votes.map((v) => v.userId),
    votes.map((v) => v.at),
    votes.map(() => randomUUID()),
    votes.map((v) => v.choice),
    votes.map((v) => v.receipt),
  ]);
  return inRequestOrder(rows, votes.length);
}

/**
 * Votes cast at once, each ballot's in one statement: an outcome per vote, or the error of its
 * ballot's statement. A statement that meets a deadlock or a serialisation failure runs again,
 * then vote by vote: no voter loses their vote for another's conflict.
 */
async function castTogether(ds: DataSource, votes: readonly VoteInput[]): Promise<(VoteOutcome | null | Error)[]> {
  const byBallot = new Map<string, number[]>();
  votes.forEach((v, k) => {
    const key = `${v.rootspaceId}:${v.ballotId}`;
    if (!byBallot.has(key)) byBallot.set(key, []);
    byBallot.get(key)!.push(k);
  });
  const out: (VoteOutcome | null | Error)[] = new Array(votes.length);
  await Promise.all(
    [...byBallot.values()].map(async (ks) => {
      try {
        const got = await batchOrOneByOne(
          ks.map((k) => votes[k]),
          (batch) => castOnBallot(ds, batch),
          async (vote) => (await castOnBallot(ds, [vote]))[0],
        );
        ks.forEach((k, j) => (out[k] = got[j]));
      } catch (err) {
        for (const k of ks) out[k] = err as Error;
      }
    }),
  );
  return out;
}

/**
 * Votes cast at the same moment ride together (group commit): those that arrive while a batch is
 * in the database go in the next, one statement and one commit per ballot for all of them. One
 * vote alone goes at once.
 */
const casterFor = groupCommitPerDataSource(castTogether, { inFlight: 1, maxBatch: 200 });

/**
 * Casts a secret vote (CAST_VOTES_SQL, with the votes cast at the same moment), then lets the
 * batched tally go out when it is due. Nothing of the choice is audited or logged.
 */
export async function castVote(ctx: Context, ballotId: string, choice: VoteChoice): Promise<CastResult> {
  if (!ctx.viewer.userId) throw unauthenticated();
  if (!isUuid(ballotId)) throw notFound();
  const nonce = randomBytes(32).toString("base64url");
  const receipt = receiptOf(ballotId, choice, nonce);
  const r = await casterFor(ctx.ds).load({
    ballotId,
    rootspaceId: ctx.rootspace.id,
    userId: ctx.viewer.userId,
    at: ctx.clock.now(),
    choice,
    receipt,
  });
  if (!r) throw notFound();
  if (!r.cast) {
    if (r.status === "closed") throw refuse("ballots.closed");
    if (!r.open) throw refuse("ballots.not_open");
    throw refuse(r.on_roll ? "ballots.already_voted" : "ballots.not_eligible");
  }
  await maybePublish(ctx, ballotId, { afterVote: true });
  const [b]: { base: Date }[] = await ctx.ds.query(`SELECT coalesce(published_at, opens_at) AS base FROM ballots WHERE id = $1`, [
    ballotId,
  ]);
  return { receipt, nonce, countedBy: new Date(windowEndAfter(b.base, ctx.clock.now().getTime())) };
}

/** The board of a closed ballot, in order (empty before it closes: the order is made at close). */
export async function boardOf(ctx: Pick<Context, "ds" | "rootspace">, ballotId: string): Promise<BoardEntry[]> {
  const b = await loadBallot(ctx, ballotId);
  return b.status === "closed" ? boardEntries(ctx.ds, b.id) : [];
}

/** The entries of a closed ballot's board, in order (its votes' places and hashes, given at close). */
export async function boardEntries(ds: DataSource, ballotId: string): Promise<BoardEntry[]> {
  const rows: { position: number; receipt: string; choice: VoteChoice; prev_hash: string; entry_hash: string }[] = await ds.query(
    `SELECT position, receipt, choice, prev_hash, entry_hash FROM ballot_votes WHERE ballot_id = $1 ORDER BY position`,
    [ballotId],
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
