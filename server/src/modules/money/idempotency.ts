import { createHash } from "node:crypto";
import type { EntityManager } from "typeorm";
import type { Clock } from "../../common/clock.js";
import { canonicalJson } from "./amounts.js";
import { moneyConflict, moneyError } from "./errors.js";

/** How long a key and its first answer are kept. */
export const KEY_DAYS = 30;

export const requestSha256 = (operation: string, body: unknown): string =>
  createHash("sha256").update(canonicalJson({ operation, body })).digest("hex");

/**
 * Runs `run` once per key, in `tx`: the key is claimed first (a concurrent request with the same
 * key waits on the claim, then reads the first answer); the same key and body give the first
 * answer again, another body is a CONFLICT. The claim rolls back with `tx`, so a refused request
 * leaves its key free.
 */
export async function onceByKey<R extends object>(
  tx: EntityManager,
  clock: Clock,
  key: string,
  operation: string,
  body: unknown,
  run: (sha: string) => Promise<R>,
): Promise<{ result: R; replayed: boolean }> {
  if (typeof key !== "string" || key.length < 1 || key.length > 200) throw moneyError("money.errors.key", "idempotencyKey");
  const sha = requestSha256(operation, body);
  const claimed: unknown[] = await tx.query(
    `INSERT INTO money_requests (key, request_sha256, created_at) VALUES ($1, $2, $3) ON CONFLICT (key) DO NOTHING RETURNING key`,
    [key, sha, clock.now()],
  );
  if (claimed.length === 0) {
    const [first]: { request_sha256: string; result: R | null }[] = await tx.query(
      `SELECT request_sha256, result FROM money_requests WHERE key = $1`,
      [key],
    );
    if (!first || first.request_sha256 !== sha || !first.result) throw moneyConflict("money.errors.key_reused");
    return { result: first.result, replayed: true };
  }
  const result = await run(sha);
  await tx.query(`UPDATE money_requests SET result = $2 WHERE key = $1`, [key, JSON.stringify(result)]);
  return { result, replayed: false };
}

/** Forgets keys older than KEY_DAYS: a key sent again after that is a new request. */
export async function forgetOldKeys(db: { query: (sql: string, params: unknown[]) => Promise<unknown> }, clock: Clock): Promise<void> {
  await db.query(`DELETE FROM money_requests WHERE created_at < $1`, [new Date(clock.now().getTime() - KEY_DAYS * 86_400_000)]);
}
