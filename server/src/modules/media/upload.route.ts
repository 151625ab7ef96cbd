import { createHash } from "node:crypto";
import express from "express";
import { refuse } from "../../common/http-refusal.js";
import type { AreaServices } from "../../common/area.js";
import { AppError } from "../../common/errors.js";
import { fromGlobalId, isUuid, toGlobalId } from "../../common/global-id.js";
import { fileStorage } from "../../common/storage/index.js";
import { newId } from "../../common/uuid.js";
import { bearerToken, resolveViewer } from "../accounts/index.js";
import { POLICY_COLUMNS, type PolicyRow, mayReview } from "../genealogy/index.js";
import { routeRootspace } from "../rootspaces/index.js";
import { rateLimit, reserveUpload, whileHeld } from "../security/index.js";
import { inspect, MediaRefused } from "./image.js";
import type { MediaKind } from "./media.entity.js";
import { mayUploadTo } from "./media.policy.js";
import { uploadBucket, usedBytes } from "./media.service.js";
import { forgetPictures } from "./denied.js";
import { originalKey, processMedia } from "./process.js";

const KINDS: Record<string, { kind: MediaKind; target: "Person" | "Village" }[]> = {
  Person: [
    { kind: "portrait", target: "Person" },
    { kind: "photo", target: "Person" },
    { kind: "document", target: "Person" },
  ],
  Village: [{ kind: "photo", target: "Village" }],
};

class TooLarge extends Error {}

const MB = (bytes: number) => Math.round(bytes / 1e5) / 10;

/**
 * `POST /api/media?target=<Person or Village id>&kind=portrait|photo|document`, the raw file as the
 * body. Checked before anything is stored: the member may add to that record, the quota (its
 * bytes reserved before the body is read: security/upload-quota.service.ts), the hourly number,
 * the size while it arrives, then the content from its header and structure (image.ts: its type
 * by its bytes, its pixel count, whole), without decoding it. Then stored once by content (the same file twice is one file), and its
 * sizes are made by the `media.process` job; the answer is the new picture's id (status PROCESSING).
 */
export function mediaUploadRouter(deps: AreaServices): express.Router {
  const { ds, config } = deps;
  const router = express.Router();

  router.post("/api/media", async (req, res) => {
    const viewer = await resolveViewer(ds, bearerToken(req.get("authorization")), deps.clock.now());
    const userId = viewer.userId;
    if (!userId) return refuse(res, 401, "errors.unauthenticated");
    const rootspace = await routeRootspace(ds, deps.bus, req, res);
    if (!rootspace) return;
    const ref = fromGlobalId(String(req.query.target ?? ""));
    const kind = KINDS[ref?.type ?? ""]?.find((k) => k.kind === req.query.kind);
    if (!ref || !isUuid(ref.id) || !kind) return refuse(res, 400, "media.bad_target");

    let person: PolicyRow | null = null;
    if (kind.target === "Person") {
      [person] = await ds.query(`SELECT ${POLICY_COLUMNS} FROM people p WHERE p.id = $1 AND p.rootspace_id = $2`, [ref.id, rootspace.id]);
      if (!person) return refuse(res, 404, "errors.not_found");
    } else {
      // Scoped like people: a village of another rootspace is not found from this one.
      const [village] = await ds.query(`SELECT id FROM villages WHERE id = $1 AND rootspace_id = $2 AND is_public`, [ref.id, rootspace.id]);
      if (!village) return refuse(res, 404, "errors.not_found");
    }
    if (!mayUploadTo(viewer, person ? { person } : { villageId: ref.id })) return refuse(res, 403, "errors.forbidden");

    const declared = Number(req.get("content-length") ?? 0);
    const tooLarge = () => refuse(res.set("connection", "close"), 413, "media.too_large", { mb: MB(config.MEDIA_MAX_BYTES) });
    if (declared > config.MEDIA_MAX_BYTES) return tooLarge();
    // The quota is reserved before the body is read: parallel uploads cannot all pass it.
    const reserved = await reserveUpload(deps, {
      userId: userId,
      pool: "media",
      quota: config.MEDIA_QUOTA_BYTES,
      maxBytes: config.MEDIA_MAX_BYTES,
      declared,
      stored: (tx) => usedBytes(tx, userId),
    });
    const quotaFull = (used: number) =>
      refuse(res.set("connection", "close"), 413, "media.quota_full", { used: MB(used), quota: MB(config.MEDIA_QUOTA_BYTES) });
    if ("full" in reserved) return quotaFull(reserved.full.used);
    const { hold } = reserved;
    await whileHeld(hold, async () => {
      try {
        await rateLimit.hit(deps, uploadBucket(userId), { max: config.MEDIA_UPLOADS_PER_HOUR, windowSeconds: 3600 });
      } catch (err) {
        if (!(err instanceof AppError && err.retryAfterSeconds !== undefined)) throw err;
        const wait = err.retryAfterSeconds;
        return () =>
          refuse(res.set({ "retry-after": String(wait), connection: "close" }), 429, "media.upload_rate", {
            max: config.MEDIA_UPLOADS_PER_HOUR,
            wait: Math.ceil(wait / 60),
          });
      }

      // At most MEDIA_MAX_BYTES (25 MiB by default) held while it is checked: pictures, not archives.
      const chunks: Buffer[] = [];
      let size = 0;
      try {
        for await (const chunk of req as AsyncIterable<Buffer>) {
          size += chunk.length;
          if (size > hold.bytes) throw new TooLarge();
          chunks.push(chunk);
        }
      } catch (err) {
        if (err instanceof TooLarge)
          return () => (size > config.MEDIA_MAX_BYTES ? tooLarge() : quotaFull(config.MEDIA_QUOTA_BYTES - hold.bytes));
        return () => refuse(res, 400, "media.upload_failed");
      }
      const bytes = Buffer.concat(chunks, size);
      let image;
      try {
        // From its header and structure only: pixels are decoded by the media.process job, never here.
        image = await inspect(bytes, config.MEDIA_MAX_PIXELS);
      } catch (err) {
        if (!(err instanceof MediaRefused)) throw err;
        return () => refuse(res, 415, `media.${err.key}`, err.params);
      }

      const sha = createHash("sha256").update(bytes).digest("hex");
      const storage = fileStorage(config);
      const [file]: { status: string }[] = await ds.query(`SELECT status FROM media_files WHERE sha256 = $1`, [sha]);
      if (file?.status !== "ready") await storage.put(originalKey(sha), bytes);
      const id = newId();
      const review = kind.target === "Village" && !mayReview(viewer, ref.id) ? "pending" : "approved";
      let replaced: string[] = [];
      await ds.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO media_files (sha256, mime, size, width, height) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (sha256) DO UPDATE SET status = 'processing' WHERE media_files.status = 'failed'`,
          [sha, image.mime, size, image.width, image.height],
        );
        // One portrait per person: a new one replaces the old (its file is collected if unused).
        if (kind.kind === "portrait")
          replaced = (await tx.query(`DELETE FROM media WHERE person_id = $1 AND kind = 'portrait' RETURNING id`, [ref.id]))[0].map(
            (r: { id: string }) => r.id,
          );
        await tx.query(
          `INSERT INTO media (id, kind, person_id, village_id, file_sha256, uploaded_by, bytes, review)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [id, kind.kind, person ? ref.id : null, person ? null : ref.id, sha, userId, size, review],
        );
        // The picture now counts as stored, in the same commit that ends its reservation.
        await hold.settle(tx);
      });
      await forgetPictures(deps.bus, replaced);
      await deps.jobs.send(processMedia, { sha256: sha }, { key: sha });
      return () => res.status(201).json({ id: toGlobalId("Media", id) });
    });
  });

  return router;
}
