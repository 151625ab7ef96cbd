import express from "express";
import type { AreaServices } from "../../../common/area.js";
import type { Context } from "../../../common/context.js";
import { requireFlags } from "../../../common/flags.js";
import { fromGlobalId, isUuid } from "../../../common/global-id.js";
import { refuse } from "../../../common/http-refusal.js";
import { translate } from "../../../common/i18n.js";
import { writeGedcom, writeGedzip } from "../gedcom/index.js";
import { headForDates } from "./export-dates.js";
import { exportRecords, type ExportScope } from "./export.service.js";
import { fileStorage, readStored } from "../../../common/storage/index.js";
import type { ExportedPicture } from "../../media/index.js";

/** What a GEDCOM export writes, shared by the HTTP download and the command line. */
export async function* exportGedcom(
  ctx: Context,
  scope: ExportScope,
  opts: { version: "7.0" | "5.5.1"; zip: boolean },
): AsyncGenerator<string | Uint8Array> {
  const pictures: ExportedPicture[] = [];
  const records = await exportRecords(ctx, scope, translate("people.private", ctx.language), pictures);
  const head = headForDates(records);
  if (!opts.zip) {
    yield* writeGedcom(head, records, { version: opts.version });
    return;
  }
  const media: { path: string; data: Buffer }[] =
    ctx.viewer.userId && scope.mine
      ? await ctx.ds.query(
          `SELECT m.path, m.data FROM kept_media m JOIN import_jobs j ON j.id = m.job_id AND j.rootspace_id = $2 WHERE m.owner_id = $1 ORDER BY m.path`,
          [ctx.viewer.userId, ctx.rootspace.id],
        )
      : [];
  const storage = fileStorage(ctx.config);
  // One file per picture however many people it is linked to (the path is the content's hash).
  const keys = new Map(pictures.map((p) => [p.path, p.storageKey]));
  const uploaded = await Promise.all(
    [...keys].map(async ([path, key]) => ({ path, data: new Uint8Array(await readStored(storage, key)) })),
  );
  yield* writeGedzip(head, records, [...media.map((m) => ({ path: m.path, data: new Uint8Array(m.data) })), ...uploaded], {
    version: opts.version,
  });
}

/**
 * GET /api/exports/tree?scope=mine|person&person=<id>&version=7.0|5.5.1&format=ged|gdz — the
 * viewer's tree (members) or a person's line (anyone), under the viewer's privacy rules.
 */
export function exportRouter(deps: AreaServices): express.Router {
  const router = express.Router();
  router.get("/api/exports/tree", requireFlags(deps.flags, "familyTree"), async (req, res) => {
    // A partner app with tree:export exports the consenting member's tree, as the member sees it.
    const ctx = await deps.context(req, res, { appScope: "tree:export" });
    if (!ctx) return;
    const version = req.query.version === "5.5.1" ? "5.5.1" : "7.0";
    const zip = req.query.format === "gdz";
    let scope: ExportScope;
    if (req.query.scope === "person") {
      const ref = fromGlobalId(String(req.query.person ?? ""));
      if (ref?.type !== "Person" || !isUuid(ref.id)) return refuse(res, 404, "errors.not_found");
      scope = { personId: ref.id };
    } else {
      if (!ctx.viewer.userId) return refuse(res, 401, "errors.unauthenticated");
      scope = { mine: true };
    }
    res.set({
      "content-type": zip ? "application/zip" : "text/plain; charset=utf-8",
      // The version in the name: a member who downloads both tells them apart.
      "content-disposition": `attachment; filename="roots-tree-${version}.${zip ? "gdz" : "ged"}"`,
      "cache-control": "no-store",
    });
    for await (const chunk of exportGedcom(ctx, scope, { version, zip })) res.write(chunk);
    res.end();
  });
  return router;
}
