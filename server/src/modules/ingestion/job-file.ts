import type { Readable } from "node:stream";
import type { DataSource } from "typeorm";
import type { Config } from "../../config.js";
import { fileStorage } from "../../common/storage/index.js";
import type { ImportJob } from "./import-job.entity.js";

/**
 * An import's files in the file storage: the upload under `imports/<jobId>` (the column
 * `import_jobs.file_path` holds that key while the file is kept), a GEDZIP's media under
 * `imports/<jobId>-media/<n>` from its read until the job is removed. On disk that is where
 * earlier versions kept them (`.data/imports/…`), so an upgrade finds the files waiting.
 */
export const importFileKey = (jobId: string): string => `imports/${jobId}`;

/** The key of a GEDZIP's n-th media file (`n` may be the stored name an earlier version gave it). */
export const importMediaKey = (jobId: string, n: number | string): string => `imports/${jobId}-media/${String(n).split(/[\\/]/).pop()}`;

/** The stored upload of a job, as a stream (from whichever server stored it, when they share S3). */
export function openJobFile(config: Config, job: Pick<ImportJob, "filePath">): Promise<Readable> {
  return fileStorage(config).get(job.filePath!);
}

/** Deletes a job's uploaded file and a GEDZIP's media once it is done or cancelled: no copy of a member's file stays behind. */
export async function removeJobFile(deps: { ds: DataSource; config: Config }, job: Pick<ImportJob, "id" | "filePath">): Promise<void> {
  if (!job.filePath) return;
  const storage = fileStorage(deps.config);
  await storage.delete(job.filePath);
  await storage.deletePrefix(`${importFileKey(job.id)}-media/`);
  await deps.ds.query(`UPDATE import_jobs SET file_path = NULL WHERE id = $1`, [job.id]);
}
