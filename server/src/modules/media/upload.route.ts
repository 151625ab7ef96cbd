import express from "express";
import { refuse } from "../../common/http-refusal.js";
import type { AreaServices } from "../../common/area.js";
import { toGlobalId } from "../../common/global-id.js";
import { whileHeld } from "../security/index.js";
import { inspect, MediaRefused } from "./image.js";
import { countUpload, reserveRoom, storeUpload, uploadTarget } from "./upload.service.js";

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
  const { config } = deps;
  const router = express.Router();

  router.post("/api/media", async (req, res) => {
    const ctx = await deps.context(req, res);
    if (!ctx) return;
    const target = await uploadTarget(ctx, req.query.target, req.query.kind);
    if ("status" in target) return refuse(res, target.status, target.key);

    const declared = Number(req.get("content-length") ?? 0);
    const tooLarge = () => refuse(res.set("connection", "close"), 413, "media.too_large", { mb: MB(config.MEDIA_MAX_BYTES) });
    if (declared > config.MEDIA_MAX_BYTES) return tooLarge();
    // The quota is reserved before the body is read: parallel uploads cannot all pass it.
    const reserved = await reserveRoom(ctx, declared);
    const quotaFull = (used: number) =>
      refuse(res.set("connection", "close"), 413, "media.quota_full", { used: MB(used), quota: MB(config.MEDIA_QUOTA_BYTES) });
    if ("full" in reserved) return quotaFull(reserved.full.used);
    const { hold } = reserved;
    await whileHeld(hold, async () => {
      const limited = await countUpload(ctx);
      if (limited) {
        const wait = limited.retryAfterSeconds;
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

      const id = await storeUpload(ctx, target, bytes, image, hold);
      return () => res.status(201).json({ id: toGlobalId("Media", id) });
    });
  });

  return router;
}
