import type { EntityManager } from "typeorm";
import type { Context } from "../../../common/context.js";
import { appendSource } from "../curation/review.service.js";
import { editableRow, updateAudited } from "../records/audited-edit.js";

/**
 * Adds a source line to a person of the request's rootspace the member may edit (another area's
 * document: ancestry's delivered record), audited like any edit. A curator's `verifyRecord`
 * citing it then makes the person VERIFIED. A person the member may not edit is NOT_FOUND.
 */
export async function citeSource(tx: EntityManager, ctx: Context, personId: string, line: string): Promise<void> {
  const [row]: { id: string; created_by: string | null; sources: string | null }[] = await tx.query(
    `SELECT id, created_by, sources FROM people WHERE id = $1 AND rootspace_id = $2 FOR UPDATE`,
    [personId, ctx.rootspace.id],
  );
  const person = editableRow(
    ctx,
    row,
    (r) => r.created_by,
    () => false,
  );
  const before = { id: person.id, sources: person.sources };
  await updateAudited(tx, ctx, "people", before, { sources: appendSource(person.sources, line) });
}
