import express from "express";
import type { AreaServices } from "../../common/area.js";
import { AppError, ErrorCode } from "../../common/errors.js";
import { refuse } from "../../common/http-refusal.js";
import { requireFlags } from "../../common/flags.js";
import { isUuid } from "../../common/global-id.js";
import { signingKey } from "../../common/signed-links.js";
import { fileStorage, StoredFileMissing } from "../../common/storage/index.js";
import { rateLimit } from "../security/index.js";
import { checkFileLink, FILE_MAX_BYTES, fileKey, FileRefused, fileTarget, storeFile, tooLarge } from "./files.service.js";
import type { FileRow } from "./requests.store.js";

const STATUS: Partial<Record<string, number>> = {
  [ErrorCode.UNAUTHENTICATED]: 401,
  [ErrorCode.FORBIDDEN]: 403,
  [ErrorCode.NOT_FOUND]: 404,
  [ErrorCode.CONFLICT]: 409,
  [ErrorCode.RATE_LIMITED]: 429,
  [ErrorCode.BAD_USER_INPUT]: 400,
};

/** Uploads a member or an officer may make in an hour. */
export const FILE_UPLOADS_PER_HOUR = 30;

class TooLarge extends Error {}

/**
 * - `POST /api/ancestry/requests/:id/files?kind=authority|scan&name=<file name>`, the raw file as
 *   the body: the member's power of attorney, or the officer's scan of the issued document.
 *   Refused before the body is read when the viewer may not add that file there; then checked by
 *   its bytes (files.service.ts). Answers `{ id }` (201), or the translated refusal.
 * - `GET /ancestry/files/:id?e=&s=`: the file, as an attachment, for a signed link that has not
 *   expired; anything else is a plain 404.
 */
export function ancestryFileRoutes(deps: AreaServices): express.Router {
  const router = express.Router();
  const enabled = requireFlags(deps.flags, "ancestryDocuments");

  router.post("/api/ancestry/requests/:id/files", enabled, async (req, res) => {
    const ctx = await deps.context(req, res);
    if (!ctx) return;
    const answer = (err: unknown) => {
      if (!(err instanceof AppError)) throw err;
      const status = err instanceof FileRefused ? err.status : (STATUS[err.code] ?? 400);
      if (err.retryAfterSeconds !== undefined) res.set("retry-after", String(err.retryAfterSeconds));
      return refuse(res.set("connection", "close"), status, err.key, err.params);
    };
    try {
      // Who may add what where, before a byte of the body is read.
      await ctx.ds.transaction((tx) => fileTarget(tx, ctx, req.params.id, req.query.kind));
      if (Number(req.get("content-length") ?? 0) > FILE_MAX_BYTES) throw tooLarge();
      await rateLimit.hit(ctx, `ancestry.upload:${ctx.viewer.userId}`, { max: FILE_UPLOADS_PER_HOUR, windowSeconds: 3600 });
      const chunks: Buffer[] = [];
      let size = 0;
      try {
        for await (const chunk of req as AsyncIterable<Buffer>) {
          size += chunk.length;
          if (size > FILE_MAX_BYTES) throw new TooLarge();
          chunks.push(chunk);
        }
      } catch (err) {
        if (err instanceof TooLarge) throw tooLarge();
        return refuse(res, 400, "media.upload_failed");
      }
      const bytes = Buffer.concat(chunks, size);
      const id = await ctx.ds.transaction(async (tx) =>
        storeFile(tx, ctx, await fileTarget(tx, ctx, req.params.id, req.query.kind), req.query.name, bytes),
      );
      res.status(201).json({ id });
    } catch (err) {
      answer(err);
    }
  });

  router.get("/ancestry/files/:id", enabled, async (req, res) => {
    const notFound = () => res.status(404).set("cache-control", "no-store").end();
    const id = String(req.params.id);
    if (!isUuid(id)) return notFound();
    const key = await signingKey(deps.ds, deps.config);
    if (!checkFileLink(key, id, req.query, deps.clock.now().getTime())) return notFound();
    const [file]: FileRow[] = await deps.ds.query(`SELECT * FROM ancestry_request_files WHERE id = $1`, [id]);
    if (!file) return notFound();
    try {
      const body = await fileStorage(deps.config).get(fileKey(file));
      res.set({
        "content-type": file.mime,
        "content-length": String(file.size),
        "content-disposition": `attachment; filename="${file.name.replace(/[^\x20-\x7e]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
        "cache-control": "private, no-store",
        "x-content-type-options": "nosniff",
        "content-security-policy": "sandbox",
        "cross-origin-resource-policy": "same-origin",
      });
      body.on("error", () => res.destroy());
      body.pipe(res);
    } catch (err) {
      if (err instanceof StoredFileMissing) return notFound();
      throw err;
    }
  });

  return router;
}
