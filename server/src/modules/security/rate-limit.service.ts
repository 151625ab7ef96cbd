import type { DataSource, EntityManager } from "typeorm";
import type { Clock } from "../../common/clock.js";
import { AppError, ErrorCode } from "../../common/errors.js";

export interface Limit {
  /** Attempts allowed in the window. */
  max: number;
  windowSeconds: number;
}

type Db = DataSource | EntityManager;

/** Where counts are kept and the time windows are read from: a request's context fits. */
export interface Counter {
  ds: DataSource;
  clock: Clock;
}

/** RATE_LIMITED, with when to retry: in seconds for programs, in minutes for people. */
export const waitFor = (seconds: number): AppError =>
  new AppError(ErrorCode.RATE_LIMITED, "errors.rate_limited", { wait: Math.ceil(seconds / 60) }, [], seconds);

function limited(oldest: Date | null, limit: Limit, now: Date): AppError {
  return waitFor(
    oldest ? Math.max(1, Math.ceil((oldest.getTime() + limit.windowSeconds * 1000 - now.getTime()) / 1000)) : limit.windowSeconds,
  );
}

// Windows are read on the counter's clock ($3), so a test clock moves them.
const COUNT = `SELECT count(*)::int AS n, min(created_at) AS oldest FROM rate_limit_hits
                WHERE bucket = $1 AND created_at > $3::timestamptz - make_interval(secs => $2)`;

/**
 * Fixed-window counters kept in PostgreSQL, so every server replica sees the same counts.
 * `hit` counts an attempt (`weight` attempts for a batch) and refuses with RATE_LIMITED (and
 * when to retry) when it would take the window past `max`. Check and count happen under a per-bucket advisory lock,
 * so parallel requests cannot all slip under the limit.
 */
export async function hit(on: Counter, bucket: string, limit: Limit, weight = 1): Promise<string[]> {
  const now = on.clock.now();
  return on.ds.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [bucket]);
    const [row]: { n: number; oldest: Date | null }[] = await tx.query(COUNT, [bucket, limit.windowSeconds, now]);
    if (row.n + weight > limit.max) throw limited(row.oldest, limit, now);
    const counted: { id: string }[] = await tx.query(
      `WITH gone AS (DELETE FROM rate_limit_hits WHERE bucket = $1 AND created_at < $4::timestamptz - make_interval(secs => $2))
       INSERT INTO rate_limit_hits (bucket, created_at) SELECT $1, $4 FROM generate_series(1, $3) RETURNING id`,
      [bucket, limit.windowSeconds, weight, now],
    );
    return counted.map((r) => String(r.id));
  });
}

/** Refuses when the bucket is already full, without counting (e.g. before an expensive check). */
export async function assertUnder(on: Counter, bucket: string, limit: Limit): Promise<void> {
  const now = on.clock.now();
  const [row]: { n: number; oldest: Date | null }[] = await on.ds.query(COUNT, [bucket, limit.windowSeconds, now]);
  if (row.n >= limit.max) throw limited(row.oldest, limit, now);
}

/** Attempts in the bucket's window, and when the last one was counted. */
export async function state(on: Counter, bucket: string, windowSeconds: number): Promise<{ n: number; newest: Date | null }> {
  const [row]: { n: number; newest: Date | null }[] = await on.ds.query(
    `SELECT count(*)::int AS n, max(created_at) AS newest FROM rate_limit_hits WHERE bucket = $1 AND created_at > $3::timestamptz - make_interval(secs => $2)`,
    [bucket, windowSeconds, on.clock.now()],
  );
  return row;
}

/**
 * Takes back attempts `hit` counted (by the ids it returned) that turned out not to count, such as
 * a success. By id, not "the newest of the bucket": parallel successes each take back their own.
 */
export async function takeBack(db: Db, ids: string[]): Promise<void> {
  if (ids.length) await db.query(`DELETE FROM rate_limit_hits WHERE id = ANY($1)`, [ids]);
}

export async function reset(db: Db, bucket: string): Promise<void> {
  await db.query(`DELETE FROM rate_limit_hits WHERE bucket = $1`, [bucket]);
}
