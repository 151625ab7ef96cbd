import { defineJob, type JobSender } from "../../common/jobs/index.js";
import { logger } from "../../common/logger.js";
import { fileStorage } from "../../common/storage/index.js";
import { processWaiting } from "./gedcom.js";

/** A file no record uses is kept this long (an upload between its file row and its media row is never collected). */
const GRACE_MINUTES = 10;

/**
 * Removes the files no record uses any more (a person deleted with their pictures, a picture
 * deleted, a refused village photo taken back): their stored sizes and original, then their row.
 * A file another record still uses stays. Hourly, and soon after a deletion.
 */
export const collectMedia = defineJob<{ soon?: boolean }>({
  name: "media.collect",
  cron: "17 * * * *",
  oneWaitingPerKey: true,
  handler: async (_payload, job) => {
    const storage = fileStorage(job.config);
    const orphans: { sha256: string }[] = await job.ds.query(
      `SELECT f.sha256 FROM media_files f
        WHERE f.created_at < $1 AND NOT EXISTS (SELECT 1 FROM media m WHERE m.file_sha256 = f.sha256)
        ORDER BY f.created_at LIMIT 500`,
      [new Date(job.clock.now().getTime() - GRACE_MINUTES * 60_000)],
    );
    for (const { sha256 } of orphans) {
      // The row goes first, in a statement that re-checks it is unused; then its bytes.
      const [, gone] = await job.ds.query(
        `DELETE FROM media_files f WHERE f.sha256 = $1 AND NOT EXISTS (SELECT 1 FROM media m WHERE m.file_sha256 = f.sha256) RETURNING sha256`,
        [sha256],
      );
      if (gone) await storage.deletePrefix(`media/${sha256}/`);
    }
    if (orphans.length) logger.info("Unused picture files removed", { count: orphans.length });
    // A processing send lost (a server stopped between a commit and its send) is sent again.
    await processWaiting(job.ds, job.scheduler, new Date(job.clock.now().getTime() - GRACE_MINUTES * 60_000));
  },
});

/** Asks for a collection pass after the grace period (one waiting at a time). */
export const collectSoon = (jobs: JobSender): Promise<unknown> =>
  jobs.send(collectMedia, { soon: true }, { key: "soon", delayMs: (GRACE_MINUTES + 1) * 60_000 });
