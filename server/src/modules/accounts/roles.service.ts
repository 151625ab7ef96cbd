import type { Context } from "../../common/context.js";
import { Role } from "../../common/auth/roles.js";
import { notFound } from "../../common/errors.js";
import { fromGlobalId, isUuid } from "../../common/global-id.js";
import { newId } from "../../common/uuid.js";
import { audit } from "../audit/index.js";
import { MemberView } from "./roles.types.js";
import { User } from "./user.entity.js";
import { notify } from "../notifications/index.js";
import { roleGranted, roleRevoked } from "./notifications.js";
import { assertGrantable, assertRevocable } from "./roles.policy.js";
import { USER_TYPE } from "./viewer.load.js";

function userIdOf(globalId: string): string {
  const ref = fromGlobalId(globalId);
  if (!ref || ref.type !== USER_TYPE || !isUuid(ref.id)) throw notFound();
  return ref.id;
}

async function member(ctx: Context, userId: string): Promise<MemberView> {
  const user = await ctx.ds.getRepository(User).findOneBy({ id: userId });
  if (!user) throw notFound();
  return MemberView.from(user);
}

const notifyDeps = (ctx: Context) => ({ db: ctx.ds, jobs: ctx.jobs, bus: ctx.bus, config: ctx.config });

type Grant = { role: Role; expires_at: Date | null; reason: string | null } | undefined;

/** Grants a role or changes its expiry, with before/after in the audit log. */
export async function grantRole(
  ctx: Context,
  input: { userId: string; role: Role; expiresAt?: Date | null; reason: string },
): Promise<MemberView> {
  const userId = userIdOf(input.userId);
  assertGrantable(ctx.principal, userId, input, ctx.clock.now());
  await ctx.ds.transaction(async (tx) => {
    const exists: unknown[] = await tx.query(`SELECT 1 FROM users WHERE id = $1 FOR UPDATE`, [userId]);
    if (!exists.length) throw notFound();
    const [before]: Grant[] = await tx.query(`SELECT role, expires_at, reason FROM user_roles WHERE user_id = $1 AND role = $2`, [
      userId,
      input.role,
    ]);
    const [after]: Grant[] = await tx.query(
      `INSERT INTO user_roles (id, user_id, role, expires_at, granted_by, reason) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (user_id, role) DO UPDATE SET expires_at = EXCLUDED.expires_at, granted_by = EXCLUDED.granted_by, reason = EXCLUDED.reason
       RETURNING role, expires_at, reason`,
      [newId(), userId, input.role, input.expiresAt ?? null, ctx.viewer.userId, input.reason.trim()],
    );
    await audit(tx, {
      tableName: "user_roles",
      recordId: `${userId}:${input.role}`,
      userId: ctx.viewer.userId,
      action: before ? "update_role" : "grant_role",
      before: before ?? null,
      after: after ?? null,
    });
  });
  await notify(notifyDeps(ctx), roleGranted, userId, { role: input.role, reason: input.reason.trim() });
  return member(ctx, userId);
}

/** Revokes a role. An admin cannot remove their own admin role (someone must stay able to grant it). */
export async function revokeRole(ctx: Context, input: { userId: string; role: Role; reason: string }): Promise<MemberView> {
  const userId = userIdOf(input.userId);
  assertRevocable(ctx.principal, userId, input.role);
  await ctx.ds.transaction(async (tx) => {
    // TypeORM answers DELETE … RETURNING with [rows, affectedCount].
    const [[before]]: [Grant[], number] = await tx.query(
      `DELETE FROM user_roles WHERE user_id = $1 AND role = $2 RETURNING role, expires_at, reason`,
      [userId, input.role],
    );
    if (!before) throw notFound();
    await audit(tx, {
      tableName: "user_roles",
      recordId: `${userId}:${input.role}`,
      userId: ctx.viewer.userId,
      action: "revoke_role",
      before,
      after: { reason: input.reason.trim() },
    });
  });
  await notify(notifyDeps(ctx), roleRevoked, userId, { role: input.role, reason: input.reason.trim() });
  return member(ctx, userId);
}
