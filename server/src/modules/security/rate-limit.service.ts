import type { DataSource, EntityManager } from "typeorm";
import { AppError, ErrorCode } from "../../common/errors.js";

export interface Limit {
  /** Attempts allowed in the window. */
  max: number;
  windowSeconds: number;
}

/**
 * Fixed-window counters kept in PostgreSQL, so every server replica sees the same
 * counts. `assertUnder` refuses with RATE_LIMITED (and when to retry) once `max` hits
 * are in the window; `record` adds a hit.
 */
export async function assertUnder(db: DataSource | EntityManager, bucket: string, limit: Limit): Promise<void> {
  const [row]: { n: number; oldest: Date | null }[] = await db.query(
    `SELECT count(*)::int AS n, min(created_at) AS oldest FROM rate_limit_hits
      WHERE bucket = $1 AND created_at > now() - make_interval(secs => $2)`,
    [bucket, limit.windowSeconds],
  );
  if (row.n >= limit.max) {
    const retry = row.oldest ? Math.max(1, Math.ceil((row.oldest.getTime() + limit.windowSeconds * 1000 - Date.now()) / 1000)) : limit.windowSeconds;
    throw new AppError(ErrorCode.RATE_LIMITED, "errors.rate_limited", { seconds: retry }, [], retry);
  }
}

export async function record(db: DataSource | EntityManager, bucket: string, windowSeconds: number): Promise<void> {
  await db.query(
    `WITH gone AS (DELETE FROM rate_limit_hits WHERE bucket = $1 AND created_at < now() - make_interval(secs => $2))
     INSERT INTO rate_limit_hits (bucket) VALUES ($1)`,
    [bucket, windowSeconds],
  );
}

/** Checks then counts one attempt. */
export async function hit(db: DataSource | EntityManager, bucket: string, limit: Limit): Promise<void> {
  await assertUnder(db, bucket, limit);
  await record(db, bucket, limit.windowSeconds);
}

export async function reset(db: DataSource | EntityManager, bucket: string): Promise<void> {
  await db.query(`DELETE FROM rate_limit_hits WHERE bucket = $1`, [bucket]);
}
