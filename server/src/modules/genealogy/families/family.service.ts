import type { EntityManager } from "typeorm";
import type { Context } from "../../../common/context.js";
import { AppError, ErrorCode, unauthenticated, type FieldError } from "../../../common/errors.js";
import { insertRow } from "../../../common/sql.js";
import { newId } from "../../../common/uuid.js";
import { audit } from "../../audit/index.js";
import { hasArabic, nameKeys } from "../names/normalize.js";
import { rawIdOf } from "../people/person.service.js";
import type { FamilyInput } from "./family.inputs.js";
import { editableRow, updateAudited, deleteAudited } from "../records/audited-edit.js";

const bad = (errors: FieldError[]) => new AppError(ErrorCode.BAD_USER_INPUT, "errors.bad_input", {}, errors);

/** Column values from the input; refuses an unknown village (or one of another rootspace) and a non-Arabic Arabic name. */
async function columns(db: EntityManager, input: FamilyInput, rootspaceId: string): Promise<Record<string, unknown>> {
  const villageId = input.villageId ? rawIdOf(input.villageId, "Village") : null;
  const errors: FieldError[] = [];
  if (input.villageId && !villageId) errors.push({ field: "villageId", key: "errors.not_found" });
  if (input.familyNameAr?.trim() && !hasArabic(input.familyNameAr))
    errors.push({ field: "familyNameAr", key: "errors.validation.matches" });
  if (!input.familyName.trim()) errors.push({ field: "familyName", key: "errors.required" });
  if (
    villageId &&
    !((await db.query(`SELECT 1 FROM villages WHERE id = $1 AND rootspace_id = $2 AND is_public`, [villageId, rootspaceId])) as unknown[])
      .length
  ) {
    errors.push({ field: "villageId", key: "errors.not_found" });
  }
  if (errors.length) throw bad(errors);
  const text = (v: string | null | undefined) => v?.trim() || null;
  return {
    village_id: villageId,
    family_name: input.familyName.trim(),
    family_name_ar: text(input.familyNameAr),
    family_name_fr: text(input.familyNameFr),
    notes: text(input.notes),
    notes_ar: text(input.notesAr),
    notes_fr: text(input.notesFr),
    confidence: input.confidence ?? 0.5,
    key_skeleton: nameKeys([input.familyName, input.familyNameFr], [input.familyNameAr]).skeleton,
  };
}

/** Records a family (COMMUNITY until a curator verifies it); returns its raw id. */
export async function createFamily(ctx: Context, input: FamilyInput): Promise<string> {
  if (!ctx.viewer.userId) throw unauthenticated();
  const id = newId();
  await ctx.ds.transaction(async (tx) => {
    const row = { id, rootspace_id: ctx.rootspace.id, created_by: ctx.viewer.userId, ...(await columns(tx, input, ctx.rootspace.id)) };
    await insertRow(tx, "families", row);
    await audit(tx, { tableName: "families", recordId: id, userId: ctx.viewer.userId, action: "create", after: row });
  });
  return id;
}

async function lockEditable(ctx: Context, tx: EntityManager, globalId: string): Promise<Record<string, unknown> & { id: string }> {
  const id = rawIdOf(globalId, "Family");
  const [row]: (Record<string, unknown> & { id: string; created_by: string | null; is_public: boolean })[] = id
    ? await tx.query(`SELECT * FROM families WHERE id = $1 AND rootspace_id = $2 FOR UPDATE`, [id, ctx.rootspace.id])
    : [];
  return editableRow(
    ctx,
    row,
    (r) => r.created_by,
    (r) => r.is_public,
  );
}

/** Changes a family (creator, editors, admins); audited with before and after. Returns the raw id. */
export async function updateFamily(ctx: Context, globalId: string, input: FamilyInput): Promise<string> {
  if (!ctx.viewer.userId) throw unauthenticated();
  return ctx.ds.transaction(async (tx) => {
    const current = await lockEditable(ctx, tx, globalId);
    const after = await columns(tx, input, ctx.rootspace.id);
    await updateAudited(tx, ctx, "families", current, after);
    return current.id;
  });
}

/** Deletes a family; refused while people still belong to it (they would silently lose their clan). */
export async function deleteFamily(ctx: Context, globalId: string): Promise<boolean> {
  if (!ctx.viewer.userId) throw unauthenticated();
  await ctx.ds.transaction(async (tx) => {
    const current = await lockEditable(ctx, tx, globalId);
    const [{ n }]: { n: number }[] = await tx.query(`SELECT count(*)::int AS n FROM people WHERE family_id = $1`, [current.id]);
    if (n > 0) throw new AppError(ErrorCode.BAD_USER_INPUT, "errors.family_in_use", { count: n });
    await deleteAudited(tx, ctx, "families", current);
  });
  return true;
}
