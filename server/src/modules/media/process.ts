import { availableParallelism } from "node:os";
import type { DataSource } from "typeorm";
import type { Config } from "../../config.js";
import { defineJob } from "../../common/jobs/index.js";
import { logger } from "../../common/logger.js";
import { fileStorage, readStored } from "../../common/storage/index.js";
import { makeVariants } from "./image.js";

export const originalKey = (sha: string): string => `media/${sha}/original`;

/**
 * Makes a stored file's sizes (image.ts), off the request that uploaded it. Idempotent: a file
 * already processed is left alone, and a delivery after a crash starts again. The upload's own
 * bytes, metadata and all, are removed once the sizes exist, unless an export needs them.
 */
export const processMedia = defineJob<{ sha256: string }>({
  name: "media.process",
  oneWaitingPerKey: true,
  retryLimit: 2,
  retryDelaySeconds: 10,
  expireInSeconds: 300,
  // The only place a picture is decoded: one at a time per CPU (one libvips thread each, image.ts).
  concurrency: availableParallelism(),
  handler: async ({ sha256 }, job) => processFile(job.ds, job.config, sha256),
});

export async function processFile(ds: DataSource, config: Config, sha256: string): Promise<void> {
  const [file]: { status: string; keep_original: boolean }[] = await ds.query(
    `SELECT status, keep_original FROM media_files WHERE sha256 = $1`,
    [sha256],
  );
  if (!file || file.status !== "processing") return;
  const storage = fileStorage(config);
  try {
    const original = await readStored(storage, originalKey(sha256));
    const variants = await makeVariants(original, config.MEDIA_MAX_PIXELS, async (name, bytes) => {
      await storage.put(`media/${sha256}/${name}`, bytes);
    });
    await ds.query(`UPDATE media_files SET status = 'ready', variants = $2 WHERE sha256 = $1 AND status = 'processing'`, [
      sha256,
      JSON.stringify(variants),
    ]);
  } catch (err) {
    // Uploads are checked from their headers and structure (image.ts): this is one whose data could
    // not be decoded. Failed, it no longer counts against its uploaders' quotas (media.service.ts).
    logger.warn("A picture could not be processed", { sha256, err: String(err) });
    await ds.query(`UPDATE media_files SET status = 'failed' WHERE sha256 = $1`, [sha256]);
  }
  const [after]: { keep_original: boolean }[] = await ds.query(`SELECT keep_original FROM media_files WHERE sha256 = $1`, [sha256]);
  if (after && !after.keep_original) await storage.delete(originalKey(sha256));
}
