import type { Context } from "../../common/context.js";
import { audit } from "../audit/index.js";
import { ancestryError } from "./ancestry.errors.js";
import type { UpdateDocumentTypeInput } from "./ancestry.inputs.js";
import { REQUIRED_FIELDS, rawIdOf } from "./request-input.js";
import { documentTypeById, type DocumentTypeRow } from "./requests.store.js";

const FEES = ["governmentFeeLbp", "serviceFeeUsd", "translationFeeUsd", "courierFeeUsd", "pouchFeeUsd"] as const;
const DAYS = ["reviewDays", "registryDays", "translationDays", "deliveryDays"] as const;
const NAMES = ["nameAr", "nameEn", "nameFr"] as const;
const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Staff edit a document type (audited): names, required fields, fees per line, business days per step. */
export async function updateDocumentType(ctx: Context, input: UpdateDocumentTypeInput): Promise<DocumentTypeRow> {
  const id = rawIdOf(input.id, "DocumentType");
  const set: Record<string, unknown> = {};
  for (const f of NAMES) {
    const v = input[f];
    if (v == null) continue;
    if (typeof v !== "string" || v.trim().length < 2 || v.trim().length > 120) throw ancestryError("ancestry.errors.type_name", f);
    set[snake(f)] = v.trim();
  }
  for (const f of FEES) {
    const v = input[f];
    if (v == null) continue;
    if (!/^(0|[1-9][0-9]{0,14})$/.test(v)) throw ancestryError("ancestry.errors.fee", f);
    set[snake(f)] = v;
  }
  for (const f of DAYS) {
    const v = input[f];
    if (v == null) continue;
    if (!Number.isInteger(v) || v < 0 || v > 60) throw ancestryError("ancestry.errors.days", f, { max: 60 });
    set[snake(f)] = v;
  }
  if (input.requiredFields) {
    if (!input.requiredFields.every((f) => REQUIRED_FIELDS.includes(f))) throw ancestryError("ancestry.errors.choice", "requiredFields");
    set.required_fields = [...new Set(input.requiredFields)];
  }
  if (input.active != null) set.active = input.active;
  return ctx.ds.transaction(async (tx) => {
    const before = id ? await documentTypeById(tx, id) : null;
    if (!before) throw ancestryError("ancestry.errors.document_type", "id");
    const cols = Object.keys(set);
    if (cols.length)
      await tx.query(
        `UPDATE ancestry_document_types SET updated_at = $2, updated_by = $3, ${cols.map((c, i) => `"${c}" = $${i + 4}`).join(", ")} WHERE id = $1`,
        [before.id, ctx.clock.now(), ctx.viewer.userId, ...cols.map((c) => set[c])],
      );
    await audit(tx, {
      tableName: "ancestry_document_types",
      recordId: before.id,
      userId: ctx.viewer.userId,
      action: "update",
      before: { ...before },
      after: set,
    });
    return (await documentTypeById(tx, before.id))!;
  });
}
