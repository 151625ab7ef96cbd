import type { Context } from "../../../common/context.js";
import { AppError, ErrorCode, notFound, unauthenticated } from "../../../common/errors.js";
import { audit } from "../../audit/index.js";
import { accessTo, POLICY_COLUMNS } from "./person.policy.js";
import { PERSON_COLUMNS, type PersonRow } from "./person.present.js";
import { rawIdOf } from "./person.service.js";

/**
 * Marks a record as the member themself ("this is me"), or clears it with null. Only a
 * record the member created, which no other member holds: the own record gives full access
 * to it and lets close relatives be seen, so it cannot be taken over. A member has one own
 * record per rootspace; choosing another there releases the previous one. Audited (a curator cannot revert it:
 * who a member is is theirs to say).
 */
export async function setMyRecord(ctx: Context, personGlobalId: string | null): Promise<string | null> {
  const userId = ctx.viewer.userId;
  if (!userId) throw unauthenticated();
  const id = personGlobalId === null ? null : rawIdOf(personGlobalId, "Person");
  if (personGlobalId !== null && !id) throw notFound();
  return ctx.ds.transaction(async (tx) => {
    // One change of a member's own record at a time.
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('self:' || $1))`, [userId]);
    if (id) {
      const [row]: PersonRow[] = await tx.query(
        `SELECT ${POLICY_COLUMNS}, ${PERSON_COLUMNS} FROM people p WHERE p.id = $1 AND p.rootspace_id = $2 FOR UPDATE`,
        [id, ctx.rootspace.id],
      );
      if (!row || accessTo(ctx.principal, row) === "none") throw notFound();
      if (row.user_id === userId) return id;
      if (row.created_by !== userId || row.user_id !== null) throw new AppError(ErrorCode.FORBIDDEN, "errors.self_not_yours");
    }
    // An UPDATE … RETURNING answers [rows, count].
    const [released]: [{ id: string }[], number] = await tx.query(
      `UPDATE people SET user_id = NULL, updated_at = now() WHERE user_id = $1 AND rootspace_id = $2 RETURNING id`,
      [userId, ctx.rootspace.id],
    );
    for (const r of released)
      await audit(tx, {
        tableName: "people",
        recordId: r.id,
        userId,
        action: "release_self",
        before: { user_id: userId },
        after: { user_id: null },
      });
    if (id) {
      await tx.query(`UPDATE people SET user_id = $2, updated_at = now() WHERE id = $1`, [id, userId]);
      await audit(tx, {
        tableName: "people",
        recordId: id,
        userId,
        action: "claim_self",
        before: { user_id: null },
        after: { user_id: userId },
      });
    }
    return id;
  });
}
