import type { Context } from "../../common/context.js";
import { fileStorage, readStored } from "../../common/storage/index.js";
import { newId } from "../../common/uuid.js";
import { audit } from "../audit/index.js";
import { citeSource } from "../genealogy/index.js";
import { attachDocument, MediaRefused } from "../media/index.js";
import { ancestryConflict, ancestryError } from "./ancestry.errors.js";
import { documentRequestPolicy } from "./ancestry.policy.js";
import { fileKey } from "./files.service.js";
import { ownRequest } from "./requests.service.js";
import { addEvent, documentTypeById, type FileRow, type RequestRow, type DocumentTypeRow } from "./requests.store.js";

/** The line a delivered record adds to the person's sources: the document, the registry's reference and ours. */
export const sourceLine = (
  r: Pick<RequestRow, "reference" | "registry_reference">,
  t: Pick<DocumentTypeRow, "name_ar" | "name_en">,
): string =>
  [`${t.name_ar} / ${t.name_en}`, r.registry_reference && `№ ${r.registry_reference}`, `Roots ${r.reference}`].filter(Boolean).join(" · ");

/**
 * The member adds a delivered request's scan to the person it was filled from: the record is
 * cited among the person's sources, and a scan that is a picture (JPEG, PNG) also joins the
 * person's documents (a PDF is cited only). Once per scan: the second time is a CONFLICT. A
 * curator's `verifyRecord` citing the same line then shows the person VERIFIED.
 */
export async function attachScan(ctx: Context, requestId: string): Promise<{ requestId: string; mediaId: string | null; source: string }> {
  const { r, scan, line } = await ctx.ds.transaction(async (tx) => {
    const r = await ownRequest(tx, ctx, requestId);
    if (!documentRequestPolicy.can(ctx.principal, "attach", { ...r, infoFrom: r.info_from }))
      throw ancestryError("ancestry.errors.attach_closed", "requestId");
    // The newest scan not yet attached; the UPDATE claims it, so two clicks attach it once.
    // An UPDATE answers [rows, count] through TypeORM.
    const [[scan]]: [FileRow[], number] = await tx.query(
      `UPDATE ancestry_request_files SET attached_at = $2
        WHERE id = (SELECT id FROM ancestry_request_files WHERE request_id = $1 AND kind = 'scan' AND attached_at IS NULL ORDER BY created_at DESC, id DESC LIMIT 1)
        RETURNING *`,
      [r.id, ctx.clock.now()],
    );
    if (!scan) throw ancestryConflict("ancestry.errors.already_attached");
    const line = sourceLine(r, (await documentTypeById(tx, r.document_type_id))!);
    await citeSource(tx, ctx, r.person_id!, line);
    await addEvent(tx, {
      id: newId(),
      requestId: r.id,
      at: ctx.clock.now(),
      actorId: ctx.viewer.userId,
      kind: "attached",
      note: scan.name,
    });
    await audit(tx, {
      tableName: "ancestry_request_files",
      recordId: scan.id,
      userId: ctx.viewer.userId,
      action: "attach",
      after: { personId: r.person_id, source: line },
    });
    return { r, scan, line };
  });
  let mediaId: string | null = null;
  if (scan.mime.startsWith("image/"))
    try {
      mediaId = await attachDocument(ctx, r.person_id!, await readStored(fileStorage(ctx.config), fileKey(scan)));
    } catch (err) {
      // A scan media cannot show (too many pixels, damaged) stays cited and downloadable from the request.
      if (!(err instanceof MediaRefused)) throw err;
    }
  return { requestId: r.id, mediaId, source: line };
}
