import type { EntityManager } from "typeorm";
import type { Context } from "../../../common/context.js";
import { AppError, ErrorCode, notFound } from "../../../common/errors.js";
import { audit } from "../../audit/index.js";
import { recordPolicy } from "../people/person.policy.js";

/**
 * The one way a record of the tree is changed or removed: locked (by the caller's `FOR UPDATE`),
 * checked against the record policy, written, and recorded in the audit log with what it was.
 */

/** The records edited through here, each with whether it keeps an `updated_at`. */
const TABLES = { assets: true, events: true, families: true, people: true, villages: true, unions: false } as const;
export type EditedTable = keyof typeof TABLES;

/**
 * A locked row the member may change: NOT_FOUND when it is missing or `visible` says they may not
 * see it (as if absent), FORBIDDEN when they see it but the record policy refuses.
 */
export function editableRow<R>(
  ctx: Context,
  row: R | null | undefined,
  createdBy: (r: R) => string | null,
  visible: (r: R) => boolean = () => true,
): R {
  if (!row) throw notFound();
  const mayEdit = recordPolicy.can(ctx.principal, "edit", { created_by: createdBy(row) });
  if (!mayEdit && !visible(row)) throw notFound();
  if (!mayEdit) throw new AppError(ErrorCode.FORBIDDEN, "errors.forbidden");
  return row;
}

/** Sets `fields` on the row `before` of `table` (and its `updated_at`), and audits the change with the row as it was. */
export async function updateAudited(
  tx: EntityManager,
  ctx: Context,
  table: EditedTable,
  before: { id: string },
  fields: Record<string, unknown>,
): Promise<void> {
  const cols = Object.keys(fields);
  if (cols.length || TABLES[table]) {
    const sets = [...cols.map((c, i) => `"${c}" = $${i + 2}`), ...(TABLES[table] ? ["updated_at = now()"] : [])];
    // writes: assets, events, families, people, villages, unions
    await tx.query(`UPDATE ${table} SET ${sets.join(", ")} WHERE id = $1`, [before.id, ...Object.values(fields)]);
  }
  await audit(tx, {
    tableName: table,
    recordId: before.id,
    userId: ctx.viewer.userId,
    action: "update",
    before: { ...before },
    after: fields,
  });
}

/** Deletes the row `before` of `table` and audits it with what it held. */
export async function deleteAudited(tx: EntityManager, ctx: Context, table: EditedTable, before: { id: string }): Promise<void> {
  // writes: assets, events, families, people, villages, unions
  await tx.query(`DELETE FROM ${table} WHERE id = $1`, [before.id]);
  await audit(tx, { tableName: table, recordId: before.id, userId: ctx.viewer.userId, action: "delete", before: { ...before } });
}
