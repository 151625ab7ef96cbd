/**
 * Who may try a password, and how often (OWASP's device cookies, "Slow down online guessing
 * attacks"): wrong passwords can slow a guesser down but never lock the owner out.
 * - A browser that signed in to the account before carries a device cookie (`roots_dev`, a
 *   random token whose SHA-256 is in trusted_devices): its failures are counted for that
 *   device alone, so a guesser elsewhere never locks it.
 * - Every other client of the account shares one count of failures (10 in 15 minutes, then
 *   they wait), and each place (a device, or else an address: IPv6 by its /64) trying one
 *   account waits twice as long after each failure past the third.
 * - An address is limited by its failures only (100 in 15 minutes): a family or an office
 *   behind one address signs in as often as it likes.
 * Attempts are counted before the (slow) password check, so parallel guesses cannot all slip
 * under a limit; a success takes back exactly the entries it added (by id: parallel successes
 * never leave one behind), so only failures count.
 * - The owner always has a way in that no guesser can block: a magic link (auth.service.ts) is
 *   not limited by password failures, and the browser it signs in becomes a trusted device. The
 *   refusal says so (`auth.sign_in_locked`).
 */
import type { Context } from "../../common/context.js";
import { addressKey } from "../../common/client-address.js";
import { AppError, ErrorCode } from "../../common/errors.js";
import { newId } from "../../common/uuid.js";
import { rateLimit } from "../security/index.js";
import { newToken } from "./tokens.js";
import { hashToken } from "./viewer.service.js";

export const DEVICE_COOKIE = "roots_dev";
const DEVICE_COOKIE_DAYS = 365;
const WINDOW = 15 * 60;
const LIMITS = {
  failuresPerAddress: { max: 100, windowSeconds: WINDOW },
  failuresPerDevice: { max: 10, windowSeconds: WINDOW },
  untrustedFailuresPerAccount: { max: 10, windowSeconds: WINDOW },
};
/** Failures of one place on one account before each next try must wait (1 s, 2 s, 4 s … 15 min). */
const FREE_FAILURES = 3;

export interface SignInAttempt {
  /** Call when the password was right: takes the attempt back and trusts this device. */
  succeeded(userId: string): Promise<void>;
}

/** Counts an attempt to sign in to `account` (whose user, if any, is `userId`), or refuses it. */
export async function attemptSignIn(ctx: Context, account: string, userId: string | null): Promise<SignInAttempt> {
  const cookie = ctx.cookies?.get(DEVICE_COOKIE);
  const device = cookie ? await trustedDevice(ctx, cookie) : null;
  const trusted = device !== null && userId !== null && device.userId === userId;
  const address = `sign-in:ip:${addressKey(ctx.client.ip)}`;
  const place = `sign-in:place:${account}:${trusted ? `device:${device.id}` : addressKey(ctx.client.ip)}`;
  const shared = trusted ? `sign-in:device:${device.id}` : `sign-in:account:${account}`;
  const counted: string[] = [];
  try {
    await waitAfterFailures(ctx, place);
    counted.push(...(await rateLimit.hit(ctx, address, LIMITS.failuresPerAddress)));
    counted.push(...(await rateLimit.hit(ctx, shared, trusted ? LIMITS.failuresPerDevice : LIMITS.untrustedFailuresPerAccount)));
    counted.push(...(await rateLimit.hit(ctx, place, { max: 1_000_000, windowSeconds: WINDOW })));
  } catch (err) {
    // A refused attempt is not a failure of the password: what it counted so far is taken back.
    await rateLimit.takeBack(ctx.ds, counted);
    if (err instanceof AppError && err.code === ErrorCode.RATE_LIMITED && err.retryAfterSeconds !== undefined)
      throw locked(err.retryAfterSeconds);
    throw err;
  }
  return {
    async succeeded(id: string) {
      await rateLimit.takeBack(ctx.ds, counted);
      await rateLimit.reset(ctx.ds, shared);
      await rateLimit.reset(ctx.ds, place);
      if (trusted) await ctx.ds.query(`UPDATE trusted_devices SET last_used_at = now() WHERE id = $1`, [device.id]);
      else await trustDevice(ctx, id);
    },
  };
}

/** Password sign-in must wait; the message says a magic link signs in now (no failure count applies to it). */
const locked = (seconds: number): AppError =>
  new AppError(ErrorCode.RATE_LIMITED, "auth.sign_in_locked", { wait: Math.ceil(seconds / 60) }, [], seconds);

/** Each failure past FREE_FAILURES doubles the wait before the same place may try the account again. */
async function waitAfterFailures(ctx: Context, bucket: string): Promise<void> {
  const { n, newest } = await rateLimit.state(ctx, bucket, WINDOW);
  if (n < FREE_FAILURES || !newest) return;
  const waitMs = Math.min(WINDOW * 1000, 1000 * 2 ** (n - FREE_FAILURES));
  const left = newest.getTime() + waitMs - ctx.clock.now().getTime();
  if (left > 0) throw rateLimit.waitFor(Math.ceil(left / 1000));
}

async function trustedDevice(ctx: Context, token: string): Promise<{ id: string; userId: string } | null> {
  const rows: { id: string; user_id: string }[] = await ctx.ds.query(`SELECT id, user_id FROM trusted_devices WHERE token_hash = $1`, [
    hashToken(token),
  ]);
  return rows[0] ? { id: rows[0].id, userId: rows[0].user_id } : null;
}

/** Gives this browser a device cookie for the member (replacing one it had for another member). */
export async function trustDevice(ctx: Context, userId: string): Promise<void> {
  if (!ctx.cookies) return;
  const token = newToken();
  await ctx.ds.query(`INSERT INTO trusted_devices (id, user_id, token_hash) VALUES ($1, $2, $3)`, [newId(), userId, hashToken(token)]);
  ctx.cookies.set(DEVICE_COOKIE, token, { maxAgeSeconds: DEVICE_COOKIE_DAYS * 86_400, path: "/graphql" });
}
