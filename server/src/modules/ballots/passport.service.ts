import { can } from "./ballots.policy.js";
import type { DataSource, EntityManager } from "typeorm";
import type { Context } from "../../common/context.js";
import { AppError, ErrorCode, forbidden, unauthenticated } from "../../common/errors.js";
import { newId } from "../../common/uuid.js";
import { audit } from "../audit/index.js";
import { memberRoots, ROOTS_MAX_GENERATIONS } from "../genealogy/index.js";

import type { Passport, RowOf } from "./ballots.entity.js";
import { updatedRows } from "./decide.js";

type Db = DataSource | EntityManager;

/** Why a member may not vote in a village's ballots (each with its own way out, in the translations). */
export type IneligibleReason = "signed_out" | "no_verified_root" | "account_too_new";

export interface Eligibility {
  eligible: boolean;
  reasons: IneligibleReason[];
  /** How the member qualifies when they do: a verified record of theirs or an ancestor's, or a passport. */
  through: ("verified_root" | "passport")[];
  /** When a too-new account becomes old enough. */
  eligibleFrom: Date | null;
}

const coolingMs = (hours: number) => hours * 3_600_000;

/** The village is among the member's roots through a VERIFIED record: their "This is me" record or an ancestor's. */
async function verifiedRoot(db: Db, userId: string, villageId: string, rootspaceId: string): Promise<boolean> {
  const root = (await memberRoots(db, userId, rootspaceId)).find((r) => r.villageId === villageId);
  const people = (root?.reasons ?? []).flatMap((r) => (r.kind === "DECLARED" ? [] : [r.personId]));
  if (!people.length) return false;
  const [hit] = await db.query(`SELECT 1 FROM people WHERE id = ANY($1) AND village_id = $2 AND provenance = 'VERIFIED' LIMIT 1`, [
    people,
    villageId,
  ]);
  return Boolean(hit);
}

async function livePassport(db: Db, userId: string, villageId: string): Promise<boolean> {
  const [hit] = await db.query(`SELECT 1 FROM roots_passports WHERE user_id = $1 AND village_id = $2 AND revoked_at IS NULL`, [
    userId,
    villageId,
  ]);
  return Boolean(hit);
}

/**
 * The Roots Passport rule: the village among the member's roots through a VERIFIED record, or a
 * live passport for it; and an account older than the cooling-off period.
 */
export async function eligibility(
  db: Db,
  userId: string | null,
  village: { id: string; rootspaceId: string },
  now: Date,
  coolingHours: number,
): Promise<Eligibility> {
  if (!userId) return { eligible: false, reasons: ["signed_out"], through: [], eligibleFrom: null };
  const through: Eligibility["through"] = [];
  if (await verifiedRoot(db, userId, village.id, village.rootspaceId)) through.push("verified_root");
  if (await livePassport(db, userId, village.id)) through.push("passport");
  const [user]: { created_at: Date }[] = await db.query(`SELECT created_at FROM users WHERE id = $1`, [userId]);
  const from = new Date((user?.created_at ?? now).getTime() + coolingMs(coolingHours));
  const reasons: IneligibleReason[] = [];
  if (!through.length) reasons.push("no_verified_root");
  if (from > now) reasons.push("account_too_new");
  return { eligible: reasons.length === 0, reasons, through, eligibleFrom: from > now ? from : null };
}

/**
 * Every member eligible in the village now, each checked by the rule above: what the roll freezes.
 * The candidates are found from the village's side, so that a ballot reads the village's families,
 * not every member of the rootspace: those whose "This is me" record is a VERIFIED person of the
 * village or descends from one (as far as memberRoots looks up: ROOTS_MAX_GENERATIONS), and the
 * holders of a live passport for it.
 */
export async function eligibleMembers(
  db: Db,
  village: { id: string; rootspaceId: string },
  now: Date,
  coolingHours: number,
): Promise<string[]> {
  const candidates: { user_id: string }[] = await db.query(
    `WITH RECURSIVE down(person_id, generation) AS (
       SELECT id, 0 FROM people WHERE village_id = $2 AND rootspace_id = $1 AND provenance = 'VERIFIED'
       UNION
       SELECT l.child_id, down.generation + 1 FROM down JOIN parent_links l ON l.parent_id = down.person_id WHERE down.generation < $3
     )
     SELECT p.user_id FROM down JOIN people p ON p.id = down.person_id WHERE p.user_id IS NOT NULL AND p.rootspace_id = $1
     UNION SELECT user_id FROM roots_passports WHERE village_id = $2 AND revoked_at IS NULL`,
    [village.rootspaceId, village.id, ROOTS_MAX_GENERATIONS],
  );
  const out: string[] = [];
  for (const c of candidates) if ((await eligibility(db, c.user_id, village, now, coolingHours)).eligible) out.push(c.user_id);
  return out;
}

/** A passport's row (SELECT * FROM roots_passports). */
export type PassportRow = RowOf<Passport>;

/** The longest reason kept; a longer one is refused, never cut (the audit log must say what the curator wrote). */
const MAX_REASON = 500;

const reasonOf = (text: string): string => {
  const why = text.trim();
  if (!why) throw new AppError(ErrorCode.BAD_USER_INPUT, "errors.required", {}, [{ field: "reason", key: "errors.required" }]);
  if (why.length > MAX_REASON)
    throw new AppError(ErrorCode.BAD_USER_INPUT, "errors.validation.maxLength", {}, [
      { field: "reason", key: "errors.validation.maxLength" },
    ]);
  return why;
};

/** A curator of the village (or staff) issues a passport, with a reason; audited. */
export async function issuePassport(ctx: Context, villageId: string, userId: string, reason: string): Promise<PassportRow> {
  if (!ctx.viewer.userId) throw unauthenticated();
  if (!can(ctx.principal, "passports", { village_id: villageId })) throw forbidden();
  const why = reasonOf(reason);
  const [user] = await ctx.ds.query(`SELECT 1 FROM users WHERE id = $1`, [userId]);
  if (!user) throw new AppError(ErrorCode.NOT_FOUND, "errors.not_found");
  const id = newId();
  return ctx.ds.transaction(async (tx) => {
    const rows: PassportRow[] = await tx.query(
      `INSERT INTO roots_passports (id, village_id, user_id, issued_by, reason, issued_at) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT DO NOTHING RETURNING *`,
      [id, villageId, userId, ctx.viewer.userId, why, ctx.clock.now()],
    );
    if (!rows[0]) throw new AppError(ErrorCode.CONFLICT, "ballots.passport_exists");
    await audit(tx, {
      tableName: "roots_passports",
      recordId: id,
      userId: ctx.viewer.userId,
      action: "issue",
      after: { userId, villageId, reason: why },
    });
    return rows[0];
  });
}

/**
 * A curator of the village (or staff) revokes a live passport, with a reason; audited. A passport
 * of another rootspace's village is not found here, as if it did not exist.
 */
export async function revokePassport(ctx: Context, passportId: string, reason: string): Promise<PassportRow> {
  if (!ctx.viewer.userId) throw unauthenticated();
  const [p]: PassportRow[] = await ctx.ds.query(
    `SELECT p.* FROM roots_passports p JOIN villages v ON v.id = p.village_id AND v.rootspace_id = $2 WHERE p.id = $1`,
    [passportId, ctx.rootspace.id],
  );
  if (!p) throw new AppError(ErrorCode.NOT_FOUND, "errors.not_found");
  if (!can(ctx.principal, "passports", p)) throw forbidden();
  const why = reasonOf(reason);
  return ctx.ds.transaction(async (tx) => {
    const rows = updatedRows<PassportRow>(
      await tx.query(
        `UPDATE roots_passports SET revoked_at = $2, revoked_by = $3, revoke_reason = $4 WHERE id = $1 AND revoked_at IS NULL RETURNING *`,
        [p.id, ctx.clock.now(), ctx.viewer.userId, why],
      ),
    );
    if (!rows[0]) throw new AppError(ErrorCode.CONFLICT, "ballots.passport_revoked");
    await audit(tx, { tableName: "roots_passports", recordId: p.id, userId: ctx.viewer.userId, action: "revoke", after: { reason: why } });
    return rows[0];
  });
}
