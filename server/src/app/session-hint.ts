import type { Request, Response } from "express";

/**
 * "Someone signed in on this browser": set beside the refresh cookie and cleared with it
 * (server.ts's cookie jar), for as long. It holds no secret (its value is "1") and scripts may read
 * it (client/src/app/auth/session.ts). Its one use: a returning member whose access cookie has
 * lapsed gets the neutral frame instead of a visitor's page (static.ts), and the app renders their
 * own view once the session is renewed, so no visitor's page shows first.
 */
export const SESSION_HINT_COOKIE = "roots_session_hint";

/** True when the request carries the session hint. */
export const hasSessionHint = (req: Request): boolean =>
  (req.cookies as Record<string, string> | undefined)?.[SESSION_HINT_COOKIE] !== undefined;

/** Sets the hint for `maxAgeMs` (the refresh cookie's lifetime). */
export function setSessionHint(req: Request, res: Response, maxAgeMs: number): void {
  res.cookie(SESSION_HINT_COOKIE, "1", { httpOnly: false, sameSite: "lax", secure: req.secure, path: "/", maxAge: maxAgeMs });
}

/** Clears the hint (a sign-out, a refused refresh). */
export function clearSessionHint(req: Request, res: Response): void {
  res.clearCookie(SESSION_HINT_COOKIE, { httpOnly: false, sameSite: "lax", secure: req.secure, path: "/" });
}
