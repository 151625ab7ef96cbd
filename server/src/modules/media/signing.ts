import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { DataSource } from "typeorm";
import type { Config } from "../../config.js";

/**
 * Signed, expiring links to pictures: `/media/<sha>/<variant>?e=<expiry>&x=<scope>&m=<picture>&s=<signature>`.
 * A link is minted only for a viewer the record's rule lets see the picture; without a valid
 * signature, or after the expiry, the file is not served, so guessing a URL gives nothing. It
 * names the picture (the media row) it was minted for: once that row is deleted, the link stops
 * working at once (serve.route.ts), even while the same file is still another record's.
 *
 * `scope` is part of what is signed: `p` (private: a person's picture, short-lived, cached by the
 * viewer's browser only) or `v` (an approved village photo, public: a week, shared caches may keep it).
 * Expiries are rounded up to half a lifetime, so the same picture keeps the same URL for that long
 * and browsers reuse their copy.
 */
export type LinkScope = "p" | "v";

export const VILLAGE_LINK_SECONDS = 7 * 24 * 3600;
export const SHA = /^[0-9a-f]{64}$/;
export const VARIANT = /^w[0-9]{2,4}\.(webp|jpg)$/;

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

const mac = (key: Buffer, sha: string, variant: string, expiry: number, scope: LinkScope, mediaId: string) =>
  createHmac("sha256", key).update(`${sha}/${variant}/${expiry}/${scope}/${mediaId}`).digest("base64url").slice(0, 32);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A link to one size of a stored picture (the media row `mediaId`'s), valid until at least `now + seconds`. */
export function signedPath(
  key: Buffer,
  picture: { mediaId: string; sha: string },
  variant: string,
  scope: LinkScope,
  nowMs: number,
  seconds: number,
): string {
  const step = Math.max(30, Math.floor(seconds / 2));
  const expiry = Math.ceil((nowMs / 1000 + seconds) / step) * step;
  const { mediaId, sha } = picture;
  return `/media/${sha}/${variant}?e=${expiry}&x=${scope}&m=${mediaId}&s=${mac(key, sha, variant, expiry, scope, mediaId)}`;
}

/** Checks a link's signature and expiry; returns its scope, picture and seconds left, or null. */
export function checkLink(
  key: Buffer,
  sha: string,
  variant: string,
  query: Record<string, unknown>,
  nowMs: number,
): { scope: LinkScope; mediaId: string; secondsLeft: number } | null {
  const expiry = Number(query.e);
  const scope = query.x;
  const mediaId = query.m;
  const given = typeof query.s === "string" ? Buffer.from(query.s) : null;
  if (!Number.isSafeInteger(expiry) || (scope !== "p" && scope !== "v") || typeof mediaId !== "string" || !UUID.test(mediaId) || !given)
    return null;
  const expected = Buffer.from(mac(key, sha, variant, expiry, scope, mediaId));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const secondsLeft = expiry - Math.floor(nowMs / 1000);
  return secondsLeft > 0 ? { scope, mediaId, secondsLeft } : null;
}
