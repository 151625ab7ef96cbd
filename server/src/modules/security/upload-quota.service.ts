/**
 * Upload quotas that hold under parallel requests. Before an upload's body is read, its bytes are
 * reserved under a per-member lock: what is stored, plus what other uploads in progress hold, plus
 * this one must fit the quota, or it is refused at once. The record the upload makes is written in
 * the same transaction that deletes its reservation (`settle`), and a failed upload gives its
 * reservation back (`release`), so at every moment stored + reserved bounds what the member can
 * end up with. A reservation a crashed server left behind stops counting after RESERVATION_MINUTES.
 */
import type { EntityManager } from "typeorm";
import { newId } from "../../common/uuid.js";
import type { Counter } from "./rate-limit.service.js";

/** Longer than any upload takes (the server ends a request after 5 minutes). */
const RESERVATION_MINUTES = 15;

export interface QuotaHold {
  /** Bytes reserved: the most the body may be. */
  bytes: number;
  /** Deletes the reservation in the transaction that writes what the upload made. */
  settle(tx: EntityManager): Promise<void>;
  /** Gives the reservation back; idempotent, and nothing once settled: call it whatever happened. */
  release(): Promise<void>;
}

export type Reservation = { hold: QuotaHold } | { full: { used: number } };

/**
 * Reserves room for one upload: `declared` bytes (its Content-Length), or when it declared none,
 * all the room left up to `maxBytes`. `stored` counts the member's bytes already kept, in the
 * locked transaction.
 */
export async function reserveUpload(
  on: Counter,
  o: {
    userId: string;
    pool: "media" | "imports";
    quota: number;
    maxBytes: number;
    declared: number;
    stored: (tx: EntityManager) => Promise<number>;
  },
): Promise<Reservation> {
  const now = on.clock.now();
  const id = newId();
  const result = await on.ds.transaction(async (tx): Promise<Reservation | number> => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`upload-quota:${o.pool}:${o.userId}`]);
    await tx.query(`DELETE FROM upload_reservations WHERE user_id = $1 AND pool = $2 AND expires_at <= $3`, [o.userId, o.pool, now]);
    const [{ n }]: { n: string }[] = await tx.query(
      `SELECT coalesce(sum(bytes), 0) AS n FROM upload_reservations WHERE user_id = $1 AND pool = $2`,
      [o.userId, o.pool],
    );
    const used = (await o.stored(tx)) + Number(n);
    const room = o.quota - used;
    const declared = Number.isSafeInteger(o.declared) && o.declared > 0 ? o.declared : 0;
    if (room <= 0 || declared > room) return { full: { used } };
    const bytes = declared || Math.min(o.maxBytes, room);
    await tx.query(
      `INSERT INTO upload_reservations (id, user_id, pool, bytes, expires_at) VALUES ($1, $2, $3, $4, $5::timestamptz + make_interval(mins => $6))`,
      [id, o.userId, o.pool, bytes, now, RESERVATION_MINUTES],
    );
    return bytes;
  });
  if (typeof result !== "number") return result;
  return {
    hold: {
      bytes: result,
      settle: async (tx) => void (await tx.query(`DELETE FROM upload_reservations WHERE id = $1`, [id])),
      release: async () => void (await on.ds.query(`DELETE FROM upload_reservations WHERE id = $1`, [id])),
    },
  };
}

/**
 * Runs an upload while it holds its reservation, and gives the reservation back before the answer
 * goes out: a member who reads a refusal, or a success, finds the room already counted right.
 * `upload` returns how to answer rather than answering.
 */
export async function whileHeld(hold: QuotaHold, upload: () => Promise<() => unknown>): Promise<void> {
  let answer: () => unknown;
  try {
    answer = await upload();
  } finally {
    await hold.release();
  }
  answer();
}
