import type { DataSource, EntityManager } from "typeorm";
import type { Context } from "../../common/context.js";
import { AppError, ErrorCode, forbidden, unauthenticated } from "../../common/errors.js";
import type { Config } from "../../config.js";
import { audit } from "../audit/index.js";
import { administersRootspace } from "../rootspaces/index.js";

/** A rootspace's ballot rules. */
export interface BallotRules {
  /** Cooling-off before a ballot opens (the text frozen); also the account age a voter needs. */
  coolingHours: number;
  /** The shortest time a ballot stays open. */
  minOpenDays: number;
  /** Quorum: this share of the roll (turnout, all three choices)… */
  quorumPercent: number;
  /** …and at least this many voters. */
  quorumMin: number;
  /** No yes/no/abstain breakdown while a ballot is open, only the turnout (as Helios does). */
  hideBreakdown: boolean;
}

/** What a ballot keeps of the rules when it starts: a later change cannot alter it. */
export type BallotSnapshot = Pick<BallotRules, "coolingHours" | "quorumPercent" | "quorumMin" | "hideBreakdown">;

type NumericRule = Exclude<keyof BallotRules, "hideBreakdown">;

/** Each numeric rule's allowed range (whole numbers). */
export const RULE_RANGES: Record<NumericRule, { min: number; max: number }> = {
  coolingHours: { min: 0, max: 24 * 90 },
  minOpenDays: { min: 1, max: 90 },
  quorumPercent: { min: 0, max: 100 },
  quorumMin: { min: 1, max: 1_000_000 },
};

export const defaultRules = (config: Pick<Config, "BALLOT_COOLING_HOURS" | "BALLOT_MIN_OPEN_DAYS">): BallotRules => ({
  coolingHours: config.BALLOT_COOLING_HOURS,
  minOpenDays: config.BALLOT_MIN_OPEN_DAYS,
  quorumPercent: 10,
  quorumMin: 5,
  hideBreakdown: false,
});

/** The quorum of a roll of `eligible` members: the share, rounded up, and at least the minimum. */
export const quorumOf = (eligible: number, rules: Pick<BallotRules, "quorumPercent" | "quorumMin">): number =>
  Math.max(rules.quorumMin, Math.ceil((eligible * rules.quorumPercent) / 100));

/** The rules of a rootspace now (its own, or the defaults), as they are read when a ballot starts. */
export async function rulesOf(
  db: DataSource | EntityManager,
  config: Pick<Config, "BALLOT_COOLING_HOURS" | "BALLOT_MIN_OPEN_DAYS">,
  rootspaceId: string,
): Promise<BallotRules & { changed: boolean }> {
  const [row]: { cooling_hours: number; min_open_days: number; quorum_percent: number; quorum_min: number; hide_breakdown: boolean }[] =
    await db.query(
      `SELECT cooling_hours, min_open_days, quorum_percent, quorum_min, hide_breakdown FROM ballot_settings WHERE rootspace_id = $1`,
      [rootspaceId],
    );
  if (!row) return { ...defaultRules(config), changed: false };
  return {
    coolingHours: row.cooling_hours,
    minOpenDays: row.min_open_days,
    quorumPercent: row.quorum_percent,
    quorumMin: row.quorum_min,
    hideBreakdown: row.hide_breakdown,
    changed: true,
  };
}

/** Every rule in its range, each fault on its field (`errors.validation.range`); nothing is saved otherwise. */
function checkRules(rules: BallotRules): void {
  const faults = (Object.keys(RULE_RANGES) as NumericRule[]).flatMap((field) => {
    const { min, max } = RULE_RANGES[field];
    const v = rules[field];
    return Number.isInteger(v) && v >= min && v <= max ? [] : [{ field, key: "errors.validation.range" as const, params: { min, max } }];
  });
  if (faults.length) throw new AppError(ErrorCode.BAD_USER_INPUT, "errors.bad_input", {}, faults);
}

/**
 * Whoever administers the request's rootspace changes its ballot rules (fields left out stay as
 * they are); audited with before and after. Ballots already started keep what they copied.
 */
export async function updateRules(ctx: Context, changes: Partial<BallotRules>): Promise<BallotRules & { changed: boolean }> {
  if (!ctx.viewer.userId) throw unauthenticated();
  if (!administersRootspace(ctx.principal)) throw forbidden();
  const rootspaceId = ctx.rootspace.id;
  await ctx.ds.transaction(async (tx) => {
    await tx.query(`SELECT 1 FROM rootspaces WHERE id = $1 FOR UPDATE`, [rootspaceId]);
    const { changed: _was, ...before } = await rulesOf(tx, ctx.config, rootspaceId);
    const after: BallotRules = {
      ...before,
      ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined && v !== null)),
    };
    checkRules(after);
    await tx.query(
      `INSERT INTO ballot_settings (rootspace_id, cooling_hours, min_open_days, quorum_percent, quorum_min, hide_breakdown, updated_by, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (rootspace_id) DO UPDATE SET cooling_hours = $2, min_open_days = $3, quorum_percent = $4, quorum_min = $5, hide_breakdown = $6, updated_by = $7, updated_at = $8`,
      [
        rootspaceId,
        after.coolingHours,
        after.minOpenDays,
        after.quorumPercent,
        after.quorumMin,
        after.hideBreakdown === true,
        ctx.viewer.userId,
        ctx.clock.now(),
      ],
    );
    await audit(tx, {
      tableName: "ballot_settings",
      recordId: rootspaceId,
      userId: ctx.viewer.userId,
      action: "update",
      before: { ...before },
      after: { ...after },
    });
  });
  return rulesOf(ctx.ds, ctx.config, rootspaceId);
}
