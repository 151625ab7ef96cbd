import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import express from "express";
import { refuse } from "../../common/http-refusal.js";
import type { AreaServices } from "../../common/area.js";
import { requireFlags } from "../../common/flags.js";
import { currentLanguage, type Language, LANGUAGES } from "../../common/i18n.js";
import { fromGlobalId, isUuid, toGlobalId } from "../../common/global-id.js";
import { newId } from "../../common/uuid.js";
import { fileStorage } from "../../common/storage/index.js";
import { AppError } from "../../common/errors.js";
import { whileHeld } from "../security/index.js";
import { loadJob } from "./runner.js";
import { countUpload, queueImport, reserveRoom } from "./upload-limits.js";
import { mayUseImport } from "./import.policy.js";
import { errorReportCsv, templateCsv } from "./reports.js";
import { importFileKey } from "./job-file.js";
import type { ImportKind } from "./import-job.entity.js";

const KINDS: Record<string, { kind: ImportKind; pattern: RegExp }> = {
  gedcom: { kind: "gedcom", pattern: /\.(ged|gedcom|gdz|zip)$/i },
  spreadsheet: { kind: "spreadsheet", pattern: /\.(xlsx|csv|tsv|txt)$/i },
};

class TooLarge extends Error {}

/**
 * Uploads for imports: the raw file is streamed to the file storage (bounded memory, size limit and the
 * member's quota checked while it arrives, SHA-256 computed on the way), then a job is queued.
 * A member may upload IMPORT_UPLOADS_PER_HOUR files an hour (upload-limits.ts). Also the error report
 * and the spreadsheet template downloads.
 */
export function importRouter(
  deps: Omit<AreaServices, "jobs"> & { kick: (id: string) => Promise<unknown>; kinds: string[] },
): express.Router {
  const { ds, config } = deps;
  const router = express.Router();
  // Imports write the family tree: every route here needs its flag.
  const familyTree = requireFlags(deps.flags, "familyTree");

  router.post("/api/imports", familyTree, async (req, res) => {
    // The job records the rootspace it was uploaded into; its people are committed there. A
    // partner app with tree:import uploads for the consenting member: the import stops at review
    // like any other, and only the member confirms it (confirmImport is closed to apps).
    const ctx = await deps.context(req, res, { appScope: "tree:import" });
    if (!ctx) return;
    if (!ctx.viewer.userId) return refuse(res, 401, "errors.unauthenticated");
    const type = KINDS[String(req.query.kind ?? "")];
    if (type?.kind === "spreadsheet" && !(await deps.flags.fresh()).isOn("excelIngestion")) return refuse(res, 403, "errors.area_disabled");
    const fileName = String(req.query.name ?? "")
      .trim()
      .slice(0, 255);
    if (!type || !deps.kinds.includes(type.kind) || !fileName || !type.pattern.test(fileName))
      return refuse(res, 400, "ingestion.file_type");
    const declared = Number(req.get("content-length") ?? 0);
    const tooLarge = () =>
      refuse(res.set("connection", "close"), 413, "ingestion.too_large", { mb: Math.round(config.IMPORT_MAX_BYTES / 1e6) });
    if (declared > config.IMPORT_MAX_BYTES) return tooLarge();
    try {
      await countUpload(ctx, config, ctx.viewer.userId);
    } catch (err) {
      if (!(err instanceof AppError && err.retryAfterSeconds !== undefined)) throw err;
      res.set("retry-after", String(err.retryAfterSeconds));
      return refuse(res.set("connection", "close"), 429, "ingestion.upload_rate", {
        max: config.IMPORT_UPLOADS_PER_HOUR,
        wait: Math.ceil(err.retryAfterSeconds / 60),
      });
    }
    // Reserved before the body is read (upload-limits.ts).
    const reserved = await reserveRoom(ctx, declared);
    const quotaFull = (used: number) =>
      refuse(res.set("connection", "close"), 413, "ingestion.quota_full", {
        used: Math.round(used / 1e6),
        quota: Math.round(config.IMPORT_QUOTA_BYTES / 1e6),
      });
    if ("full" in reserved) return quotaFull(reserved.full.used);
    const { hold } = reserved;
    const limit = hold.bytes;
    const id = newId();
    const storage = fileStorage(config);
    const key = importFileKey(id);
    const hash = createHash("sha256");
    let size = 0;
    await whileHeld(hold, async () => {
      // The body, counted and hashed on its way to the storage; past the limit it fails, and the
      // storage keeps nothing of it.
      const metered = Readable.from(
        (async function* () {
          for await (const chunk of req as AsyncIterable<Buffer>) {
            size += chunk.length;
            if (size > limit) throw new TooLarge();
            hash.update(chunk);
            yield chunk;
          }
        })(),
      );
      try {
        await storage.put(key, metered);
      } catch (err) {
        await storage.delete(key).catch(() => undefined);
        if (err instanceof TooLarge)
          return () => (size > config.IMPORT_MAX_BYTES ? tooLarge() : quotaFull(config.IMPORT_QUOTA_BYTES - limit));
        return () => refuse(res, 400, "ingestion.upload_failed");
      }
      if (size === 0) {
        await storage.delete(key);
        return () => refuse(res, 400, "ingestion.empty_file");
      }
      await queueImport(ctx, { id, kind: type.kind, name: fileName, size, sha256: hash.digest("hex"), key }, hold);
      await deps.kick(id);
      return () => res.status(201).json({ id: toGlobalId("ImportJob", id) });
    });
  });

  router.get("/api/imports/template.csv", familyTree, (req, res) => {
    // A plain link cannot send headers: `?lang=` picks the language of the header row.
    const lang = (LANGUAGES as readonly string[]).includes(String(req.query.lang))
      ? (String(req.query.lang) as Language)
      : currentLanguage();
    res.set({ "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="roots-template-${lang}.csv"` });
    res.send(templateCsv(lang));
  });

  router.get("/api/imports/:id/errors.csv", familyTree, async (req, res) => {
    const ctx = await deps.context(req, res);
    if (!ctx) return;
    if (!ctx.viewer.userId) return refuse(res, 401, "errors.unauthenticated");
    const ref = fromGlobalId(String(req.params.id));
    const job = ref?.type === "ImportJob" && isUuid(ref.id) ? await loadJob(ds, ref.id) : null;
    if (!job || !mayUseImport(ctx.principal, job, ctx.rootspace.id)) return refuse(res, 404, "errors.not_found");
    res.set({
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="errors-${job.fileName.replace(/[^\w.-]+/g, "_")}.csv"`,
    });
    res.send(await errorReportCsv(ds, job, currentLanguage()));
  });

  return router;
}
