import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { DataSource } from "typeorm";
import type { Config } from "../config.js";

/**
 * Signed, expiring links: what a link names (a picture's size, a document request's file, a
 * receipt) is signed with its expiry, so a guessed or altered URL, or one past its time, is
 * refused without a database read. Each area builds its own URL around `signLink` and checks it
 * with `checkSignature`; the payload must name the area's kind first (`media/…`, `ancestry/…`),
 * so a signature made for one kind of link never opens another.
 */

const secrets = new WeakMap<DataSource, Promise<Buffer>>();

/** The signing key: MEDIA_URL_SECRET, or one made once and kept in the database, so every server signs alike. */
export function signingKey(ds: DataSource, config: Config): Promise<Buffer> {
  if (config.MEDIA_URL_SECRET) return Promise.resolve(Buffer.from(config.MEDIA_URL_SECRET));
  let key = secrets.get(ds);
  if (!key) {
    key = (async () => {
      await ds.query(`INSERT INTO app_secrets (name, value) VALUES ('media-url', $1) ON CONFLICT (name) DO NOTHING`, [
        randomBytes(32).toString("base64"),
      ]);
      const [row]: { value: string }[] = await ds.query(`SELECT value FROM app_secrets WHERE name = 'media-url'`);
      return Buffer.from(row.value, "base64");
    })();
    key.catch(() => secrets.delete(ds));
    secrets.set(ds, key);
  }
  return key;
}

/** The signature of `payload` (which must include the expiry). */
export const signLink = (key: Buffer, payload: string): string =>
  createHmac("sha256", key).update(payload).digest("base64url").slice(0, 32);

/**
 * An expiry at least `seconds` from now, rounded up to half a lifetime (at least 30 s), so the
 * same thing keeps the same URL for that long and browsers reuse their copy.
 */
export function expiryOf(nowMs: number, seconds: number): number {
  const step = Math.max(30, Math.floor(seconds / 2));
  return Math.ceil((nowMs / 1000 + seconds) / step) * step;
}

/** Whether `given` is the signature of `payload`, compared in constant time. */
export function checkSignature(key: Buffer, payload: string, given: unknown): boolean {
  if (typeof given !== "string") return false;
  const a = Buffer.from(given);
  const b = Buffer.from(signLink(key, payload));
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Seconds left before `expiry` (a link query's `e`), or 0 when it is not a time or has passed. */
export function secondsLeft(expiry: unknown, nowMs: number): number {
  const e = Number(expiry);
  if (!Number.isSafeInteger(e)) return 0;
  return Math.max(0, e - Math.floor(nowMs / 1000));
}
