import type { Context } from "../../common/context.js";
import { defineJob } from "../../common/jobs/index.js";
import type { BallotRow } from "./ballot.service.js";
import { fanOutMs } from "./fan-out-load.js";

/** Live tallies go out at most this often… */
export const TALLY_EVERY_MS = 2000;
/** …or, while this instance's fan-outs are slow, at most every twice the last one's time, up to this. */
export const TALLY_EVERY_UNDER_LOAD_MAX_MS = 10_000;
/** …and only once this many new votes are in (except at a window's end or the close): one vote is never matched to its time. */
export const TALLY_MIN_NEW = 3;
/**
 * Votes still unpublished at the end of a window (windows of this length, from the last update)
 * go out then, even fewer than TALLY_MIN_NEW: no vote waits longer, nor stays joinable to its
 * voter (its row is mixed then, with older votes to make up TALLY_MIN_NEW rows).
 */
export const TALLY_WINDOW_MS = 30_000;
/** Below this many votes only the turnout shows until the ballot closes. */
export const BREAKDOWN_FROM = 20;
/**
 * The yes/no/abstain breakdown shown while open moves only once this many votes are published
 * since it last moved (so that isolating one vote takes this many minus one colluders voting in
 * the same batch)…
 */
export const BREAKDOWN_MIN_NEW = 10;
/** …and at most this often. The turnout stays live. */
export const BREAKDOWN_EVERY_MS = 10 * 60_000;

/** Why the breakdown is not shown (null: it is): see tallyOf. */
export const BREAKDOWN_HELD = ["not_open", "hidden_results", "until_close", "below_minimum"] as const;
export type BreakdownHeld = (typeof BREAKDOWN_HELD)[number];

/** A tally as it is published: what anyone may read of it (tallyOf), but the seconds left, which each reader's clock works out. */
export type PublishedTally = Omit<TallyView, "secondsLeft">;

/**
 * A live-tally event on the bus: the ballot, whether it closed, and its published tally, taken
 * once by the instance that publishes (one read per update for every instance and subscriber).
 * `tally` is absent from an event published by an instance that did not send the counts yet:
 * subscribers then read the ballot once per event (ballotForEvent).
 */
export interface TallyEvent {
  ballotId: string;
  final: boolean;
  tally?: PublishedTally;
}

/**
 * Tells every instance's subscribers of the ballot's tally as it now stands. The event carries
 * only what anyone may read of the ballot at that moment (the `tally` field's view: the turnout,
 * and the breakdown only when the ballot's rules show it), never the counts held back.
 */
export async function publishTally(deps: Pick<Deps, "ds" | "bus" | "clock">, ballotId: string, final: boolean): Promise<void> {
  const [b]: BallotRow[] = await deps.ds.query(`SELECT * FROM ballots WHERE id = $1`, [ballotId]);
  if (!b) return;
  const { secondsLeft: _left, ...tally } = tallyOf(b, deps.clock.now());
  await deps.bus.publish("BALLOT_TALLY_UPDATED", { ballotId, final, tally });
}

/** Seconds from `now` to `closesAt`, never below 0. */
export const secondsLeftOf = (closesAt: Date, now: Date): number => Math.max(0, Math.floor((closesAt.getTime() - now.getTime()) / 1000));

/** A published tally as it came over the bus (through Redis its times are strings), with its times as dates again. */
export function revivedTally(t: PublishedTally): PublishedTally {
  const at = (d: Date | string | null): Date | null => (d === null ? null : new Date(d));
  return { ...t, breakdownAt: at(t.breakdownAt), publishedAt: at(t.publishedAt), closesAt: new Date(t.closesAt) };
}

type Deps = Pick<Context, "ds" | "bus" | "clock" | "jobs">;

/**
 * The batch window this instance keeps now: TALLY_EVERY_MS, longer while its fan-outs take more
 * than half of it (a ballot watched by thousands on a busy host). Under load an update then
 * carries more votes, instead of updates (each a walk of every subscriber) queueing up behind
 * each other and starving votes and requests.
 */
export const tallyEvery = (): number => Math.min(TALLY_EVERY_UNDER_LOAD_MAX_MS, Math.max(TALLY_EVERY_MS, Math.ceil(2 * fanOutMs())));

/**
 * The flush this instance last sent for each ballot at TALLY_EVERY_MS after an update (its time):
 * the votes cast before it need not ask the database, that flush counts them (and, finding fewer
 * than TALLY_MIN_NEW, sends the window's end).
 */
const flushAt = new Map<string, number>();
/** The breakdown's next batch this instance sent a flush for, per ballot. */
const breakdownFlushAt = new Map<string, number>();
/** The window's end this instance last sent a flush for, per ballot (sending it again would add nothing). */
const windowAt = new Map<string, number>();

/**
 * The votes not yet rewritten (all those the update just counted, and any cast since), rewritten
 * together in a random order; when fewer than TALLY_MIN_NEW are new (a window's end), the
 * smallest group of votes an earlier rewrite made goes with them, whole: a vote's row no longer
 * carries the transaction (`xmin`) that also marked its voter on the roll, nor its place in the
 * order votes came in (`ctid`), only this rewrite's, shared with at least two other votes once
 * the ballot has three (docs/ballots-threat-model.md). After the subscribers are told, so that
 * their update does not wait for it. It holds the ballot's row (FOR NO KEY UPDATE: a vote's KEY
 * SHARE goes on, a close waits), and does nothing once the ballot has closed (the close rewrites
 * every vote itself).
 */
async function mixVotes(deps: Pick<Deps, "ds">, ballotId: string): Promise<void> {
  await deps.ds.query(
    `WITH b AS (SELECT id FROM ballots WHERE id = $1 AND status = 'open' FOR NO KEY UPDATE),
          f AS (SELECT count(*)::int AS n FROM ballot_votes WHERE ballot_id = $1 AND NOT mixed),
          g AS (SELECT xmin::text AS x FROM ballot_votes WHERE ballot_id = $1 AND mixed AND (SELECT n FROM f) BETWEEN 1 AND $2 - 1
                 GROUP BY xmin::text ORDER BY count(*), random() LIMIT 1),
          m AS (DELETE FROM ballot_votes WHERE ballot_id = $1 AND (NOT mixed OR xmin::text IN (SELECT x FROM g)) AND EXISTS (SELECT 1 FROM b)
                RETURNING id, choice, receipt)
     INSERT INTO ballot_votes (id, ballot_id, choice, receipt, mixed) SELECT id, $1, choice, receipt, true FROM m ORDER BY random()`,
    [ballotId, TALLY_MIN_NEW],
  );
}

/** The end of the window `now` is in: windows of TALLY_WINDOW_MS from `base` (the last update, or the opening). */
export function windowEndAfter(base: Date, now: number): number {
  const k = now < base.getTime() ? 1 : Math.floor((now - base.getTime()) / TALLY_WINDOW_MS) + 1;
  return base.getTime() + k * TALLY_WINDOW_MS;
}

/** Sends a flush for `runAt`, one per ballot and time (a second send of a time already waiting adds nothing, another time is never dropped). */
const sendFlush = (deps: Deps, ballotId: string, runAt: number) =>
  deps.jobs.send(tallyFlush, { ballotId }, { key: `${ballotId}:${runAt}`, runAt: new Date(runAt) });

/**
 * After votes, and at each flush, in one statement: the counts are taken (into the ballot's
 * published counts, which is all readers see while it is open) when TALLY_EVERY_MS has passed
 * since the last update and at least TALLY_MIN_NEW votes are in since it, or, at a flush, when a
 * window has ended since the last update with votes still unpublished; subscribers are told, then
 * the votes counted are rewritten (mixVotes). Otherwise, with votes unpublished, flushes are sent
 * for TALLY_EVERY_MS after the last update (if still to come) and for the window's end: a vote is
 * never left without one. Shared by every server through the database (the row lock and its
 * re-check decide between two at once); the bus (Redis) carries it to every subscriber.
 */
export async function maybePublish(deps: Deps, ballotId: string, opts: { afterVote?: boolean } = {}): Promise<void> {
  const now = deps.clock.now();
  // A vote while this instance's flush TALLY_EVERY_MS after the update is still to come: that
  // flush counts it, or sends the window's end (most votes of a busy ballot end here).
  if (opts.afterVote && (flushAt.get(ballotId) ?? 0) > now.getTime()) return;
  const every = tallyEvery();
  const since = new Date(now.getTime() - every);
  // Only a flush publishes at a window's end: a vote that came after a quiet time waits for its window to end.
  const windowStart = opts.afterVote ? null : new Date(now.getTime() - TALLY_WINDOW_MS);
  const [r]: { status: string; base: Date; published_at: Date | null; pending: number; updated: boolean }[] = await deps.ds.query(
    `WITH b AS (SELECT status, published, published_at, coalesce(published_at, opens_at) AS base FROM ballots WHERE id = $1),
          c AS (SELECT count(*) FILTER (WHERE choice = 'yes')::int AS yes, count(*) FILTER (WHERE choice = 'no')::int AS no,
                       count(*) FILTER (WHERE choice = 'abstain')::int AS abstain, count(*)::int AS n
                  FROM ballot_votes WHERE ballot_id = $1 AND EXISTS (SELECT 1 FROM b WHERE b.status = 'open')),
          u AS (UPDATE ballots x SET yes_count = c.yes, no_count = c.no, abstain_count = c.abstain, published = c.n, published_at = $2
                  FROM c WHERE x.id = $1 AND x.status = 'open' AND c.n > x.published
                   AND ((c.n - x.published >= $4 AND (x.published_at IS NULL OR x.published_at <= $3))
                        OR coalesce(x.published_at, x.opens_at) <= $5)
                RETURNING x.id)
     SELECT b.status, b.base, b.published_at, c.n - b.published AS pending, EXISTS (SELECT 1 FROM u) AS updated FROM b, c`,
    [ballotId, now, since, TALLY_MIN_NEW, windowStart],
  );
  if (r?.updated) {
    await moveBreakdown(deps, ballotId, now);
    await publishTally(deps, ballotId, false);
    return mixVotes(deps, ballotId);
  }
  if (!opts.afterVote && r?.status === "open" && (await moveBreakdown(deps, ballotId, now))) await publishTally(deps, ballotId, false);
  if (r?.status !== "open" || r.pending <= 0) return;
  const due = r.published_at ? r.published_at.getTime() + every : 0;
  if (due > now.getTime() && flushAt.get(ballotId) !== due) {
    await sendFlush(deps, ballotId, due);
    flushAt.set(ballotId, due);
  }
  const end = windowEndAfter(r.base, now.getTime());
  if (windowAt.get(ballotId) === end) return;
  await sendFlush(deps, ballotId, end);
  windowAt.set(ballotId, end);
}

/**
 * Moves the breakdown shown while open to the published counts, when it may: from BREAKDOWN_FROM
 * published votes, once BREAKDOWN_MIN_NEW are published since it last moved, and BREAKDOWN_EVERY_MS
 * after that; never while the ballot hides its results or its rootspace holds the breakdown until
 * the close. When only the time is missing, a flush is sent for it. True when it moved.
 */
async function moveBreakdown(deps: Deps, ballotId: string, now: Date): Promise<boolean> {
  const [r]: { moved: boolean; waiting_since: Date | null }[] = await deps.ds.query(
    `WITH u AS (UPDATE ballots SET breakdown_yes = yes_count, breakdown_no = no_count, breakdown_abstain = abstain_count,
                       breakdown_count = published, breakdown_at = $2
                 WHERE id = $1 AND status = 'open' AND NOT hide_results AND NOT hide_breakdown AND published >= $3
                   AND published - breakdown_count >= $4 AND (breakdown_at IS NULL OR breakdown_at <= $5)
                RETURNING id)
     SELECT EXISTS (SELECT 1 FROM u) AS moved,
            (SELECT breakdown_at FROM ballots WHERE id = $1 AND status = 'open' AND NOT hide_results AND NOT hide_breakdown
                AND published >= $3 AND published - breakdown_count >= $4) AS waiting_since`,
    [ballotId, now, BREAKDOWN_FROM, BREAKDOWN_MIN_NEW, new Date(now.getTime() - BREAKDOWN_EVERY_MS)],
  );
  if (r.moved) return true;
  if (r.waiting_since) {
    const at = r.waiting_since.getTime() + BREAKDOWN_EVERY_MS;
    if (breakdownFlushAt.get(ballotId) !== at) {
      await sendFlush(deps, ballotId, at);
      breakdownFlushAt.set(ballotId, at);
    }
  }
  return false;
}

/** A batched tally update that was too soon when its votes came in, or a window's end. */
export const tallyFlush = defineJob<{ ballotId: string }>({
  name: "ballots.tally",
  oneWaitingPerKey: true,
  retryLimit: 1,
  handler: ({ ballotId }, job) => maybePublish({ ds: job.ds, bus: job.bus, clock: job.clock, jobs: job.scheduler }, ballotId),
});

export interface TallyView {
  status: string;
  /** Votes as last published (while open), or the final count. */
  turnout: number;
  eligible: number | null;
  quorum: number | null;
  /** The breakdown's last batch while open (null while held back), or the final count. */
  yes: number | null;
  no: number | null;
  abstain: number | null;
  breakdownHidden: boolean;
  /** Why the breakdown is not shown; null when it is. */
  breakdownHeld: BreakdownHeld | null;
  /** The votes the breakdown counts (it moves in batches, behind the turnout), and when it was taken. */
  breakdownTurnout: number | null;
  breakdownAt: Date | null;
  outcome: string | null;
  /** When the counts shown were taken (the last batched update, or the close). */
  publishedAt: Date | null;
  closesAt: Date;
  secondsLeft: number;
}

/** Why the breakdown of a ballot is not shown now, or null when it is. */
export function breakdownHeldOf(b: BallotRow): BreakdownHeld | null {
  if (b.status === "closed") return null;
  if (b.status !== "open") return "not_open";
  if (b.hide_results) return "hidden_results";
  if (b.hide_breakdown) return "until_close";
  return b.breakdown_at === null ? "below_minimum" : null;
}

/** What anyone may see of a ballot's count now: the live turnout, and the breakdown's last batch (all of it once closed). */
export function tallyOf(b: BallotRow, now: Date): TallyView {
  const closed = b.status === "closed";
  const held = breakdownHeldOf(b);
  const pick = (final: number | null, batch: number | null) => (closed ? final : held ? null : batch);
  return {
    status: b.status,
    turnout: b.published,
    eligible: b.eligible_count,
    quorum: b.quorum,
    yes: pick(b.yes_count, b.breakdown_yes),
    no: pick(b.no_count, b.breakdown_no),
    abstain: pick(b.abstain_count, b.breakdown_abstain),
    breakdownHidden: held !== null,
    breakdownHeld: held,
    breakdownTurnout: pick(b.published, b.breakdown_count),
    breakdownAt: closed ? b.published_at : held ? null : b.breakdown_at,
    outcome: b.outcome,
    publishedAt: b.published_at,
    closesAt: b.closes_at,
    secondsLeft: secondsLeftOf(b.closes_at, now),
  };
}
