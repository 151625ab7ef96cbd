/**
 * What a member may upload for imports: files an hour (IMPORT_UPLOADS_PER_HOUR) and bytes of
 * files waiting on disk (IMPORT_QUOTA_BYTES: files of jobs not yet done, failed ones kept for a
 * retry). Checked by the upload route, shown to the member through `importAllowance`.
 */
import type { DataSource, EntityManager } from "typeorm";
import type { Config } from "../../config.js";
import type { Context } from "../../common/context.js";
import { rateLimit, reserveUpload, type QuotaHold, type Reservation } from "../security/index.js";
import type { ImportKind } from "./import-job.entity.js";
import { emptyCounts } from "./runner.js";

const HOUR = 3600;
const bucket = (userId: string) => `import-upload:user:${userId}`;

export interface Allowance {
  uploadsPerHour: number;
  uploadsLeft: number;
  quotaBytes: number;
  waitingBytes: number;
  maxFileBytes: number;
  retryKeepHours: number;
}

/** Bytes of the member's uploaded files still on disk. */
export async function waitingBytes(db: DataSource | EntityManager, userId: string): Promise<number> {
  const [row]: { n: string }[] = await db.query(
    `SELECT coalesce(sum(file_size), 0) AS n FROM import_jobs WHERE user_id = $1 AND file_path IS NOT NULL`,
    [userId],
  );
  return Number(row.n);
}

export async function allowance(counter: rateLimit.Counter, config: Config, userId: string): Promise<Allowance> {
  const [{ n: used }, waiting] = await Promise.all([rateLimit.state(counter, bucket(userId), HOUR), waitingBytes(counter.ds, userId)]);
  return {
    uploadsPerHour: config.IMPORT_UPLOADS_PER_HOUR,
    uploadsLeft: Math.max(0, config.IMPORT_UPLOADS_PER_HOUR - used),
    quotaBytes: config.IMPORT_QUOTA_BYTES,
    waitingBytes: waiting,
    maxFileBytes: config.IMPORT_MAX_BYTES,
    retryKeepHours: config.IMPORT_RETRY_KEEP_HOURS,
  };
}

/** Counts one upload; throws RATE_LIMITED (with when to retry) past the hourly number. */
export async function countUpload(counter: rateLimit.Counter, config: Config, userId: string): Promise<void> {
  await rateLimit.hit(counter, bucket(userId), { max: config.IMPORT_UPLOADS_PER_HOUR, windowSeconds: HOUR });
}

/**
 * Reserves room for an import file of up to `declared` bytes: the member's files still waiting on
 * disk, uploads in progress and this one may not pass the quota, and parallel uploads cannot all pass.
 */
export function reserveRoom(ctx: Context, declared: number): Promise<Reservation> {
  const userId = ctx.viewer.userId!;
  return reserveUpload(ctx, {
    userId,
    pool: "imports",
    quota: ctx.config.IMPORT_QUOTA_BYTES,
    maxBytes: ctx.config.IMPORT_MAX_BYTES,
    declared,
    stored: (tx) => waitingBytes(tx, userId),
  });
}

/** Queues the import of a stored file in the request's rootspace; the file counts as waiting in the commit that ends its reservation. */
export async function queueImport(
  ctx: Context,
  file: { id: string; kind: ImportKind; name: string; size: number; sha256: string; key: string },
  hold: QuotaHold,
): Promise<void> {
  await ctx.ds.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO import_jobs (id, rootspace_id, user_id, kind, status, file_name, file_size, file_sha256, file_path, counts, options)
       VALUES ($1, $2, $3, $4, 'queued', $5, $6, $7, $8, $9, '{}')`,
      [file.id, ctx.rootspace.id, ctx.viewer.userId, file.kind, file.name, file.size, file.sha256, file.key, JSON.stringify(emptyCounts())],
    );
    await hold.settle(tx);
  });
}
