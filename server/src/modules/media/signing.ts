import { checkSignature, expiryOf, secondsLeft, signLink } from "../../common/signed-links.js";

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

// Media links were signed without a kind prefix before links were shared with other areas: kept, so links already out still open.
const payload = (sha: string, variant: string, expiry: number, scope: LinkScope, mediaId: string) =>
  `${sha}/${variant}/${expiry}/${scope}/${mediaId}`;

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
  const expiry = expiryOf(nowMs, seconds);
  const { mediaId, sha } = picture;
  return `/media/${sha}/${variant}?e=${expiry}&x=${scope}&m=${mediaId}&s=${signLink(key, payload(sha, variant, expiry, scope, mediaId))}`;
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
  if (!Number.isSafeInteger(expiry) || (scope !== "p" && scope !== "v") || typeof mediaId !== "string" || !UUID.test(mediaId)) return null;
  if (!checkSignature(key, payload(sha, variant, expiry, scope, mediaId), query.s)) return null;
  const left = secondsLeft(expiry, nowMs);
  return left > 0 ? { scope, mediaId, secondsLeft: left } : null;
}
