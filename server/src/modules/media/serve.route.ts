import express from "express";
import type { AreaServices } from "../../common/area.js";
import { fileStorage, StoredFileMissing } from "../../common/storage/index.js";
import { deniedPictures } from "./denied.js";
import { signingKey } from "../../common/signed-links.js";
import { checkLink, SHA, VARIANT } from "./signing.js";

/**
 * `GET /media/<sha>/<size>?e=&x=&m=&s=`: one size of a stored picture, for a signed link that has
 * not expired (signing.ts), of a picture that still exists (its row is checked on every request). Content-addressed, so a link's bytes never change: cached until the link
 * expires (`private` for a person's picture, `public` for an approved village photo), with an
 * ETag. Anything else is a plain 404: a guessed or expired URL says nothing about what exists.
 */
export function mediaServeRouter(deps: AreaServices): express.Router {
  const router = express.Router();
  const denied = deniedPictures(deps.bus);

  router.get("/media/:sha/:variant", async (req, res) => {
    const { sha, variant } = req.params;
    const notFound = () => res.status(404).set("cache-control", "no-store").end();
    if (!SHA.test(sha) || !VARIANT.test(variant)) return notFound();
    const key = await signingKey(deps.ds, deps.config);
    const link = checkLink(key, sha, variant, req.query, deps.clock.now().getTime());
    if (!link || denied.has(link.mediaId)) return notFound();
    // The picture the link was minted for must still be there (and, for a public link, still an
    // approved village photo): a deleted picture's links stop working at once.
    const [row] = await deps.ds.query(
      `SELECT 1 FROM media WHERE id = $1 AND file_sha256 = $2 AND ($3 = 'p' OR (village_id IS NOT NULL AND review = 'approved'))`,
      [link.mediaId, sha, link.scope],
    );
    if (!row) return notFound();
    const etag = `"${sha.slice(0, 32)}-${variant}"`;
    res.set({
      "cache-control": `${link.scope === "v" ? "public" : "private"}, max-age=${link.secondsLeft}, immutable`,
      etag,
      "content-type": variant.endsWith(".webp") ? "image/webp" : "image/jpeg",
      "x-content-type-options": "nosniff",
      "cross-origin-resource-policy": "same-origin",
    });
    const given = req.get("if-none-match");
    if (given && given.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) return res.status(304).end();
    const storage = fileStorage(deps.config);
    try {
      const stat = await storage.stat(`media/${sha}/${variant}`);
      if (!stat) return notFound();
      res.set("content-length", String(stat.size));
      const body = await storage.get(`media/${sha}/${variant}`);
      body.on("error", () => res.destroy());
      body.pipe(res);
    } catch (err) {
      if (err instanceof StoredFileMissing) return notFound();
      throw err;
    }
  });

  return router;
}
