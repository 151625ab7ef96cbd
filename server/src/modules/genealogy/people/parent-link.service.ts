import type { Context } from "../../../common/context.js";
import { AppError, ErrorCode, notFound, unauthenticated } from "../../../common/errors.js";
import { audit } from "../../audit/index.js";
import { accessTo, canEdit, POLICY_COLUMNS } from "./person.policy.js";
import { PERSON_COLUMNS, type PersonRow } from "./person.present.js";
import { lockParentLinks, rawIdOf } from "./person.service.js";

/**
 * Removes the link between a parent and a child (the people stay). Allowed to whoever may
 * edit both people, and to the member who made the link. Audited with the link as it was.
 */
export async function removeParent(ctx: Context, childGlobalId: string, parentGlobalId: string): Promise<void> {
  if (!ctx.viewer.userId) throw unauthenticated();
  const childId = rawIdOf(childGlobalId, "Person");
  const parentId = rawIdOf(parentGlobalId, "Person");
  if (!childId || !parentId) throw notFound();
  await ctx.ds.transaction(async (tx) => {
    await lockParentLinks(tx, ctx.rootspace.id);
    const [link]: { id: string; kind: string; created_by: string | null }[] = await tx.query(
      `SELECT id, kind, created_by FROM parent_links WHERE child_id = $1 AND parent_id = $2 FOR UPDATE`,
      [childId, parentId],
    );
    const rows: PersonRow[] = await tx.query(
      `SELECT ${POLICY_COLUMNS}, ${PERSON_COLUMNS} FROM people p WHERE p.id = ANY($1) AND p.rootspace_id = $2`,
      [[childId, parentId], ctx.rootspace.id],
    );
    if (!link || rows.length !== 2 || rows.some((r) => accessTo(ctx.principal, r) === "none")) throw notFound();
    if (link.created_by !== ctx.viewer.userId && rows.some((r) => !canEdit(ctx.principal, r)))
      throw new AppError(ErrorCode.FORBIDDEN, "errors.forbidden");
    await tx.query(`DELETE FROM parent_links WHERE id = $1`, [link.id]);
    await audit(tx, {
      tableName: "parent_links",
      recordId: link.id,
      userId: ctx.viewer.userId,
      action: "delete",
      before: { parentId, childId, kind: link.kind },
    });
  });
}
