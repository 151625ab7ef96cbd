import { can } from "./ballots.policy.js";
import { publicVillageJoin } from "../genealogy/index.js";
import type { Context } from "../../common/context.js";
import { AppError, ErrorCode, forbidden, notFound, unauthenticated } from "../../common/errors.js";
import { defineJob, type JobContext } from "../../common/jobs/index.js";
import { newId } from "../../common/uuid.js";
import { audit } from "../audit/index.js";

import type { Ballot, RowOf, VoteChoice } from "./ballots.entity.js";
import { chain } from "./board.js";
import { decide, updatedRows, type Counts } from "./decide.js";
import { announce, type AnnounceDeps } from "./notifications.js";
import { eligibleMembers } from "./passport.service.js";
import { applyProposal, loadProposal, type ProposalRow } from "./proposal.service.js";
import { quorumOf, rulesOf, type BallotSnapshot } from "./settings.service.js";
import { publishTally } from "./tally.js";

/** A ballot's row (SELECT * FROM ballots). */
export type BallotRow = RowOf<Ballot>;

/** Moves a ballot on at its set time (cooling-off → open, open → closed); survives a restart. */
export const ballotTransition = defineJob<{ ballotId: string; to: "open" | "close" }>({
  name: "ballots.transition",
  oneWaitingPerKey: true,
  retryLimit: 5,
  retryDelaySeconds: 30,
  handler: ({ ballotId, to }, job) => (to === "open" ? openNow(job, ballotId) : closeNow(job, ballotId)),
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The longest a ballot may stay open, in days, whatever the rootspace's minimum. */
export const MAX_OPEN_DAYS = 90;

/** A ballot of a public village in the request's rootspace (as loadProposal finds proposals); NOT_FOUND otherwise. */
export async function loadBallot(ctx: Pick<Context, "ds" | "rootspace">, id: string): Promise<BallotRow> {
  const [row]: BallotRow[] = await ctx.ds.query(`SELECT b.* FROM ballots b ${publicVillageJoin("b", "$2")} WHERE b.id = $1`, [
    id,
    ctx.rootspace.id,
  ]);
  if (!row) throw notFound();
  return row;
}

const readsByEvent = new WeakMap<object, Map<string, Promise<BallotRow>>>();

/**
 * The ballot as a published tally event finds it, read once per event on this instance (per
 * rootspace) and shared by every subscriber the event reaches: the bus hands them all the same
 * payload object. A thousand subscribers then cost one query per update, not a thousand.
 */
export function ballotForEvent(ctx: Pick<Context, "ds" | "rootspace">, event: { ballotId: string }): Promise<BallotRow> {
  let reads = readsByEvent.get(event);
  if (!reads) readsByEvent.set(event, (reads = new Map()));
  let read = reads.get(ctx.rootspace.id);
  if (!read) reads.set(ctx.rootspace.id, (read = loadBallot(ctx, event.ballotId)));
  return read;
}

export const villageOf = async (ctx: Pick<Context, "ds">, villageId: string): Promise<{ id: string; rootspaceId: string }> => {
  const [v]: { id: string; rootspace_id: string }[] = await ctx.ds.query(`SELECT id, rootspace_id FROM villages WHERE id = $1`, [
    villageId,
  ]);
  return { id: v.id, rootspaceId: v.rootspace_id };
};

/** The rules a ballot copied when it started. */
const snapshotOf = (b: BallotRow): BallotSnapshot => ({
  coolingHours: b.cooling_hours,
  quorumPercent: b.quorum_percent,
  quorumMin: b.quorum_min,
  hideBreakdown: b.hide_breakdown,
});

/**
 * A curator of the village puts a draft proposal to a ballot: its text freezes at once, the
 * cooling-off runs (discussion goes on), then the ballot opens for `openDays` (at least the
 * minimum). The rootspace's rules are read now and the ballot keeps a copy (a later change
 * reaches new ballots only). Both moves are on the durable scheduler. Audited and announced.
 */
export async function openBallot(
  ctx: Context,
  proposalId: string,
  opts: { hideResults: boolean; openDays: number | null },
): Promise<BallotRow> {
  if (!ctx.viewer.userId) throw unauthenticated();
  const p = await loadProposal(ctx, proposalId);
  if (!can(ctx.principal, "review", p)) throw forbidden();
  const rules = await rulesOf(ctx.ds, ctx.config, ctx.rootspace.id);
  const days = opts.openDays ?? rules.minOpenDays;
  if (!(days >= rules.minOpenDays) || days > MAX_OPEN_DAYS)
    throw new AppError(ErrorCode.BAD_USER_INPUT, "ballots.open_days", { min: rules.minOpenDays }, [
      { field: "openDays", key: "ballots.open_days", params: { min: rules.minOpenDays } },
    ]);
  const now = ctx.clock.now();
  const opensAt = new Date(now.getTime() + rules.coolingHours * HOUR);
  const closesAt = new Date(opensAt.getTime() + days * DAY);
  const id = newId();
  await ctx.ds.transaction(async (tx) => {
    const [frozen] = updatedRows(
      await tx.query(`UPDATE ballot_proposals SET status = 'in_ballot', updated_at = $2 WHERE id = $1 AND status = 'draft' RETURNING id`, [
        p.id,
        now,
      ]),
    );
    if (!frozen) throw new AppError(ErrorCode.CONFLICT, "ballots.proposal_frozen");
    await tx.query(
      `INSERT INTO ballots (id, proposal_id, village_id, status, hide_results, opens_at, closes_at, cooling_hours, quorum_percent, quorum_min, hide_breakdown, created_by, created_at)
       VALUES ($1, $2, $3, 'cooling_off', $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        id,
        p.id,
        p.village_id,
        opts.hideResults,
        opensAt,
        closesAt,
        rules.coolingHours,
        rules.quorumPercent,
        rules.quorumMin,
        rules.hideBreakdown,
        ctx.viewer.userId,
        now,
      ],
    );
    await audit(tx, {
      tableName: "ballots",
      recordId: id,
      userId: ctx.viewer.userId,
      action: "cooling_off",
      after: {
        proposalId: p.id,
        opensAt,
        closesAt,
        coolingHours: rules.coolingHours,
        quorumPercent: rules.quorumPercent,
        quorumMin: rules.quorumMin,
        hideBreakdown: rules.hideBreakdown,
      },
    });
    await ctx.jobs.send(ballotTransition, { ballotId: id, to: "open" }, { key: `${id}:open`, runAt: opensAt, tx });
  });
  await announce(
    ctx,
    p,
    "cooling_off",
    ctx.viewer.userId,
    await eligibleMembers(ctx.ds, await villageOf(ctx, p.village_id), now, rules.coolingHours),
  );
  return loadBallot(ctx, id);
}

type Deps = AnnounceDeps & { clock: Context["clock"] };
const depsOf = (job: JobContext): Deps => ({ ds: job.ds, jobs: job.scheduler, bus: job.bus, config: job.config, clock: job.clock });

/**
 * Opens a ballot whose cooling-off is over: the voter roll freezes (who is eligible now, by the
 * account age the ballot copied) and so does the quorum. Idempotent.
 */
export async function openNow(job: JobContext, ballotId: string): Promise<void> {
  const deps = depsOf(job);
  const [b]: BallotRow[] = await deps.ds.query(`SELECT * FROM ballots WHERE id = $1`, [ballotId]);
  if (!b || b.status !== "cooling_off") return;
  const now = deps.clock.now();
  if (now < b.opens_at) {
    await deps.jobs.send(ballotTransition, { ballotId, to: "open" }, { key: `${ballotId}:open`, runAt: b.opens_at });
    return;
  }
  const rules = snapshotOf(b);
  const roll = await eligibleMembers(deps.ds, await villageOf(deps, b.village_id), now, rules.coolingHours);
  const opened = await deps.ds.transaction(async (tx) => {
    const [row] = updatedRows(
      await tx.query(
        `UPDATE ballots SET status = 'open', eligible_count = $2, quorum = $3, yes_count = 0, no_count = 0, abstain_count = 0 WHERE id = $1 AND status = 'cooling_off' RETURNING id`,
        [ballotId, roll.length, quorumOf(roll.length, rules)],
      ),
    );
    if (!row) return false;
    await tx.query(`INSERT INTO ballot_roll (ballot_id, user_id) SELECT $1, u FROM unnest($2::uuid[]) AS u`, [ballotId, roll]);
    await audit(tx, { tableName: "ballots", recordId: ballotId, userId: null, action: "open", after: { eligible: roll.length } });
    await deps.jobs.send(ballotTransition, { ballotId, to: "close" }, { key: `${ballotId}:close`, runAt: b.closes_at, tx });
    return true;
  });
  if (opened) await announce(deps, await proposalOf(deps, b), "open", null, roll);
}

const proposalOf = async (deps: Pick<Deps, "ds">, b: BallotRow): Promise<ProposalRow> =>
  ((await deps.ds.query(`SELECT * FROM ballot_proposals WHERE id = $1`, [b.proposal_id])) as ProposalRow[])[0];

/**
 * Closes a ballot at its time: votes stop (the close waits for votes being cast), the board is
 * chained, the rule decides, the final tally goes out, and an accepted edit is applied. Idempotent.
 */
export async function closeNow(job: JobContext, ballotId: string): Promise<void> {
  const deps = depsOf(job);
  const [b]: BallotRow[] = await deps.ds.query(`SELECT * FROM ballots WHERE id = $1`, [ballotId]);
  if (!b || b.status !== "open") return;
  const now = deps.clock.now();
  if (now < b.closes_at) {
    await deps.jobs.send(ballotTransition, { ballotId, to: "close" }, { key: `${ballotId}:close`, runAt: b.closes_at });
    return;
  }
  const outcome = await deps.ds.transaction(async (tx) => {
    const [locked]: BallotRow[] = await tx.query(`SELECT * FROM ballots WHERE id = $1 FOR UPDATE`, [ballotId]);
    if (locked.status !== "open") return null;
    const votes: { id: string; receipt: string; choice: VoteChoice }[] = await tx.query(
      `SELECT id, receipt, choice FROM ballot_votes WHERE ballot_id = $1`,
      [ballotId],
    );
    const board = chain(ballotId, votes);
    const idOf = new Map(votes.map((v) => [v.receipt, v.id]));
    // The votes are rewritten in board order (the receipts', random): after close no row keeps the
    // transaction or the place it was cast with (docs/ballots-threat-model.md).
    await tx.query(
      `WITH e AS (SELECT * FROM unnest($1::uuid[], $2::int[], $3::text[], $4::text[]) AS e(id, position, prev, hash)),
            d AS (DELETE FROM ballot_votes v USING e WHERE v.id = e.id RETURNING v.id, v.ballot_id, v.choice, v.receipt, e.position, e.prev, e.hash)
       INSERT INTO ballot_votes (id, ballot_id, choice, receipt, position, prev_hash, entry_hash, mixed)
       SELECT id, ballot_id, choice, receipt, position, prev, hash, true FROM d ORDER BY position`,
      [board.map((e) => idOf.get(e.receipt)), board.map((e) => e.position), board.map((e) => e.prevHash), board.map((e) => e.entryHash)],
    );
    const counts: Counts = { yes: 0, no: 0, abstain: 0 };
    for (const v of votes) counts[v.choice]++;
    const result = decide(counts, locked.quorum ?? quorumOf(locked.eligible_count ?? 0, snapshotOf(locked)));
    await tx.query(
      `UPDATE ballots SET status = 'closed', outcome = $2, yes_count = $3, no_count = $4, abstain_count = $5, published = $6, published_at = $7 WHERE id = $1`,
      [ballotId, result, counts.yes, counts.no, counts.abstain, votes.length, now],
    );
    // An accepted edit is claimed for applying, and its apply job sent, with the close: a failure
    // or a restart after the close still applies it (the job retries), and only once.
    await tx.query(`UPDATE ballot_proposals SET status = $2, updated_at = $3 WHERE id = $1`, [
      locked.proposal_id,
      result === "accepted" ? "applying" : "rejected",
      now,
    ]);
    if (result === "accepted") await deps.jobs.send(ballotApply, { ballotId }, { key: `${ballotId}:apply`, tx });
    // The outcome only: counts are public on the board, never linked to a voter.
    await audit(tx, { tableName: "ballots", recordId: ballotId, userId: null, action: "close", after: { outcome: result } });
    return result;
  });
  if (!outcome) return;
  await publishTally(deps, ballotId, true);
  const p = await proposalOf(deps, b);
  const roll: { user_id: string }[] = await deps.ds.query(`SELECT user_id FROM ballot_roll WHERE ballot_id = $1`, [ballotId]);
  await announce(
    deps,
    p,
    outcome,
    null,
    roll.map((r) => r.user_id),
  );
}

/**
 * Writes an accepted ballot's edit: the proposal was claimed (`applying`) by the close. Retried
 * on failure; one that finds it written (or in conflict) does nothing. Acts as the proposal's
 * author, or the curator who opened the ballot when the author's account is gone.
 */
async function applyAccepted(job: JobContext, ballotId: string): Promise<void> {
  const deps = depsOf(job);
  const [b]: BallotRow[] = await deps.ds.query(`SELECT * FROM ballots WHERE id = $1`, [ballotId]);
  if (!b || b.outcome !== "accepted") return;
  const p = await proposalOf(deps, b);
  if (p?.status !== "applying") return;
  const applied = await applyProposal(deps, p, b.created_by);
  await audit(deps.ds, { tableName: "ballots", recordId: ballotId, userId: null, action: applied });
  if (applied === "applied") await announce(deps, p, "applied", null);
}

/** An accepted ballot's edit, applied after its close (see applyAccepted); survives a restart. */
export const ballotApply = defineJob<{ ballotId: string }>({
  name: "ballots.apply",
  oneWaitingPerKey: true,
  retryLimit: 5,
  retryDelaySeconds: 60,
  handler: ({ ballotId }, job) => applyAccepted(job, ballotId),
});
