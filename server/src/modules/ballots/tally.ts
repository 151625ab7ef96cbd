import type { Context } from "../../common/context.js";
import type { EventBus } from "../../common/event-bus.js";
import { defineJob } from "../../common/jobs/index.js";
import type { BallotRow } from "./ballot.service.js";

/** Live tallies go out at most this often… */
export const TALLY_EVERY_MS = 2000;
/** …and only once this many new votes are in (except at close): one vote is never matched to its time. */
export const TALLY_MIN_NEW = 3;
/** Below this many votes only the turnout shows until the ballot closes. */
export const BREAKDOWN_FROM = 20;

export const publishTally = (bus: EventBus, ballotId: string, final: boolean): Promise<void> =>
  Promise.resolve(bus.publish("BALLOT_TALLY_UPDATED", { ballotId, final }));

type Deps = Pick<Context, "ds" | "bus" | "clock" | "jobs">;

/** The flush this instance last scheduled for each ballot (its time), so that the votes of one window send it once. */
const flushAt = new Map<string, number>();

/**
 * The votes not yet rewritten (all those the update just counted, at least TALLY_MIN_NEW, and any
 * cast since), rewritten together in a random order: a vote's row no longer carries the
 * transaction (`xmin`) that also marked its voter on the roll, nor its place in the order votes
 * came in (`ctid`), only this rewrite's, shared with the others (docs/ballots-threat-model.md).
 * After the subscribers are told, so that their update does not wait for it. It holds the
 * ballot's row (FOR NO KEY UPDATE: a vote's KEY SHARE goes on, a close waits), and does nothing
 * once the ballot has closed (the close rewrites every vote itself).
 */
async function mixVotes(deps: Pick<Deps, "ds">, ballotId: string): Promise<void> {
  await deps.ds.query(
    `WITH b AS (SELECT id FROM ballots WHERE id = $1 AND status = 'open' FOR NO KEY UPDATE),
          m AS (DELETE FROM ballot_votes WHERE ballot_id = $1 AND NOT mixed AND EXISTS (SELECT 1 FROM b) RETURNING id, choice, receipt)
     INSERT INTO ballot_votes (id, ballot_id, choice, receipt, mixed) SELECT id, $1, choice, receipt, true FROM m ORDER BY random()`,
    [ballotId],
  );
}

/**
 * After votes, in one statement: when TALLY_EVERY_MS has passed since the last update (the votes
 * are counted only then) and at least TALLY_MIN_NEW are in since it, the counts are taken (into
 * the ballot's published counts, which is all readers see while it is open) and subscribers are
 * told; then the votes it counted first are rewritten (mixVotes). Too soon: a flush is scheduled for when it may go. Shared by every server through the
 * database (the row lock and its re-check decide between two at once); the bus (Redis) carries it
 * to every subscriber.
 */
export async function maybePublish(deps: Deps, ballotId: string, afterVote = false): Promise<void> {
  const now = deps.clock.now();
  // A vote while this instance's flush for the window is still to come: that flush counts it, so
  // there is nothing to ask the database (most votes of a busy ballot end here).
  if (afterVote && (flushAt.get(ballotId) ?? 0) > now.getTime()) return;
  const since = new Date(now.getTime() - TALLY_EVERY_MS);
  const [r]: { status: string; published_at: Date | null; updated: boolean }[] = await deps.ds.query(
    `WITH b AS (SELECT status, published_at FROM ballots WHERE id = $1),
          c AS (SELECT count(*) FILTER (WHERE choice = 'yes')::int AS yes, count(*) FILTER (WHERE choice = 'no')::int AS no,
                       count(*) FILTER (WHERE choice = 'abstain')::int AS abstain, count(*)::int AS n
                  FROM ballot_votes WHERE ballot_id = $1 AND EXISTS (SELECT 1 FROM b WHERE b.published_at IS NULL OR b.published_at <= $3)),
          u AS (UPDATE ballots x SET yes_count = c.yes, no_count = c.no, abstain_count = c.abstain, published = c.n, published_at = $2
                  FROM c WHERE x.id = $1 AND x.status = 'open' AND c.n - x.published >= $4 AND (x.published_at IS NULL OR x.published_at <= $3)
                RETURNING x.id)
     SELECT b.status, b.published_at, EXISTS (SELECT 1 FROM u) AS updated FROM b`,
    [ballotId, now, since, TALLY_MIN_NEW],
  );
  if (r?.updated) {
    await publishTally(deps.bus, ballotId, false);
    return mixVotes(deps, ballotId);
  }
  if (r?.status !== "open" || !r.published_at) return;
  const runAt = r.published_at.getTime() + TALLY_EVERY_MS;
  if (flushAt.get(ballotId) === runAt) return;
  await deps.jobs.send(tallyFlush, { ballotId }, { key: ballotId, runAt: new Date(runAt) });
  flushAt.set(ballotId, runAt);
}

/** A batched tally update that was too soon when its votes came in. */
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
  /** Null while hidden: below BREAKDOWN_FROM votes or results hidden until close. */
  yes: number | null;
  no: number | null;
  abstain: number | null;
  breakdownHidden: boolean;
  outcome: string | null;
  /** When the counts shown were taken (the last batched update, or the close). */
  publishedAt: Date | null;
  closesAt: Date;
  secondsLeft: number;
}

/** What anyone may see of a ballot's count now. */
export function tallyOf(b: BallotRow, now: Date): TallyView {
  const closed = b.status === "closed";
  const hidden = !closed && (b.hide_results || b.published < BREAKDOWN_FROM || b.status !== "open");
  return {
    status: b.status,
    turnout: b.published,
    eligible: b.eligible_count,
    quorum: b.quorum,
    yes: hidden ? null : b.yes_count,
    no: hidden ? null : b.no_count,
    abstain: hidden ? null : b.abstain_count,
    breakdownHidden: hidden,
    outcome: b.outcome,
    publishedAt: b.published_at,
    closesAt: b.closes_at,
    secondsLeft: Math.max(0, Math.floor((b.closes_at.getTime() - now.getTime()) / 1000)),
  };
}
