import type { Context } from "../../common/context.js";
import { addressKey } from "../../common/client-address.js";
import { AppError, ErrorCode } from "../../common/errors.js";
import { logger } from "../../common/logger.js";
import { safePath } from "../../common/safe-path.js";
import { newId } from "../../common/uuid.js";
import { track } from "../analytics/index.js";
import { audit } from "../audit/index.js";
import { queueEmail, recipientLanguage } from "../mail/index.js";
import { DEFAULT_LANGUAGE, LANGUAGES } from "../../common/i18n.js";
import { rateLimit } from "../security/index.js";
import { attemptSignIn, trustDevice } from "./sign-in-guard.js";
import { parseIdentity, normaliseEmail, type Identity } from "./identity.js";
import { checkBreached, hashPassword, passwordProblems, verifyPassword } from "./passwords.js";
import { createSession, revokeSession, sessionOfRefreshToken, sessionsEnded, type IssuedTokens } from "./sessions.service.js";
import { MAGIC_LINK_TTL_MINUTES, newToken, REFRESH_COOKIE } from "./tokens.js";
import { hashToken } from "./viewer.service.js";

export interface Notice {
  key: string;
  params?: Record<string, string | number>;
}

export interface AuthResult {
  tokens: IssuedTokens | null;
  notices: Notice[];
  returnTo?: string | null;
}

const LIMITS = {
  signInFailuresPerAccount: { max: 5, windowSeconds: 15 * 60 },
  // No longer than a link lives: when a guesser has used up an address's requests, the mailbox
  // already holds a link that still works, so the owner is never kept out.
  magicLinkPerEmail: { max: 3, windowSeconds: MAGIC_LINK_TTL_MINUTES * 60 },
  magicLinkPerIp: { max: 10, windowSeconds: 15 * 60 },
  magicLinkUsePerIp: { max: 20, windowSeconds: 15 * 60 },
} as const;

/** The caller's address as limits count it: an IPv6 client by its /64, IPv4-mapped addresses as IPv4. */
const ip = (ctx: Context) => addressKey(ctx.client.ip);
const accountKey = (id: Identity) => id.email ?? id.phone!;
const mailDeps = (ctx: Context) => ({ db: ctx.ds, jobs: ctx.jobs, config: ctx.config });
/** The site's address, for links in emails. */
const origin = (ctx: Context) => ctx.config.PUBLIC_URL.replace(/\/$/, "");

/** Length, guessability and breach checks; returns the notices a successful change carries. */
async function vetPassword(ctx: Context, password: string, userInputs: string[]): Promise<Notice[]> {
  const problems = passwordProblems(password, userInputs);
  if (problems.length) throw new AppError(ErrorCode.BAD_USER_INPUT, "errors.password_weak", {}, problems);
  if (ctx.config.BREACHED_PASSWORD_MODE === "off") return [];
  const breach = await checkBreached(password, ctx.config.BREACHED_PASSWORD_API_URL, ctx.config.BREACHED_PASSWORD_TIMEOUT_MS);
  if (breach.status === "unavailable") return [{ key: "auth.breach_check_unavailable" }];
  if (breach.status === "clean") return [];
  if (ctx.config.BREACHED_PASSWORD_MODE === "block") {
    throw new AppError(ErrorCode.BAD_USER_INPUT, "errors.password_breached", {}, [{ field: "password", key: "errors.password_breached" }]);
  }
  return [{ key: "auth.password_breach_warning", params: { count: breach.count } }];
}

export interface SignUpData {
  email?: string | null;
  phone?: string | null;
  password?: string | null;
  displayName: string;
  preferredLanguage: string;
  villageOfOrigin?: string | null;
}

/** Creates the account, then signs the member in (a failed sign-in keeps the account). */
export async function signUp(ctx: Context, data: SignUpData): Promise<AuthResult> {
  const identity = parseIdentity(data.email, data.phone, data.password);
  if (!data.displayName.trim())
    throw new AppError(ErrorCode.BAD_USER_INPUT, "errors.bad_input", {}, [{ field: "displayName", key: "errors.validation.minLength" }]);
  await rateLimit.hit(ctx, `sign-up:ip:${ip(ctx)}`, { max: ctx.config.SIGNUP_LIMIT_PER_IP_PER_HOUR, windowSeconds: 3600 });
  const notices = await vetPassword(ctx, data.password!, [
    identity.email ?? "",
    identity.phone ?? "",
    data.displayName,
    data.villageOfOrigin ?? "",
  ]);
  const passwordHash = await hashPassword(data.password!);
  const userId = newId();
  const created = await ctx.ds.transaction(async (tx) => {
    const rows: { id: string }[] = await tx.query(
      `INSERT INTO users (id, email, phone, password_hash, display_name, preferred_language, village_of_origin)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING RETURNING id`,
      [
        userId,
        identity.email,
        identity.phone,
        passwordHash,
        data.displayName.trim(),
        data.preferredLanguage,
        data.villageOfOrigin?.trim() || null,
      ],
    );
    if (rows.length === 0) return false;
    await audit(tx, {
      tableName: "users",
      recordId: userId,
      userId,
      action: "sign_up",
      after: { email: identity.email, phone: identity.phone, displayName: data.displayName },
    });
    return true;
  });
  if (!created) {
    // The answer does not say which detail is taken (this cannot be fully hidden while a new
    // account is signed in at once; the rate limits above slow probing). When the email is
    // the one in use, its owner is told, at most 3 times an hour.
    const emailTaken = identity.email
      ? ((await ctx.ds.query(`SELECT 1 FROM users WHERE email = $1`, [identity.email])) as unknown[]).length > 0
      : false;
    const noticeAllowed =
      emailTaken &&
      (await rateLimit.hit(ctx, `signup-notice:${identity.email}`, { max: 3, windowSeconds: 3600 }).then(
        () => true,
        () => false,
      ));
    if (noticeAllowed && identity.email) {
      await queueEmail(mailDeps(ctx), {
        to: identity.email,
        language: await recipientLanguage(ctx.ds, { email: identity.email }),
        content: {
          subject: { key: "email.signup_notice.subject" },
          paragraphs: [{ key: "email.signup_notice.body" }],
          action: { label: { key: "email.signup_notice.action" }, url: `${origin(ctx)}/auth` },
          footer: [{ key: "email.signup_notice.ignore" }, { key: "email.footer", params: { url: origin(ctx) } }],
        },
      });
    }
    throw new AppError(ErrorCode.BAD_USER_INPUT, "errors.signup_refused");
  }
  await track(ctx.ds, {
    eventType: "activation",
    action: "onboarding_completed",
    rootspaceId: ctx.rootspace.id,
    userId,
    entityId: userId,
    properties: { method: identity.email ? "email" : "phone" },
  });
  try {
    const tokens = await createSession(ctx.ds, userId, ctx);
    return { tokens, notices };
  } catch (err) {
    logger.error("Automatic sign-in after sign-up failed", { err: String(err) });
    return { tokens: null, notices: [...notices, { key: "auth.autosignin_failed" }] };
  }
}

/** Password sign-in. Unknown account and wrong password look and take the same. */
export async function signIn(
  ctx: Context,
  data: { email?: string | null; phone?: string | null; password?: string | null },
): Promise<AuthResult> {
  const identity = parseIdentity(data.email, data.phone, data.password);
  const rows: { id: string; password_hash: string | null }[] = await ctx.ds.query(
    identity.email ? `SELECT id, password_hash FROM users WHERE email = $1` : `SELECT id, password_hash FROM users WHERE phone = $1`,
    [accountKey(identity)],
  );
  const user = rows[0];
  // Limits and waits (sign-in-guard.ts) are the same whether the account exists or not.
  const attempt = await attemptSignIn(ctx, accountKey(identity), user?.id ?? null);
  const ok = await verifyPassword(user?.password_hash ?? null, data.password!);
  if (!user || !ok) throw new AppError(ErrorCode.UNAUTHENTICATED, "errors.invalid_credentials");
  await attempt.succeeded(user.id);
  const tokens = await ctx.ds.transaction(async (tx) => {
    const issued = await createSession(tx, user.id, ctx);
    await tx.query(`UPDATE users SET last_sign_in_at = now() WHERE id = $1`, [user.id]);
    await audit(tx, { tableName: "sessions", recordId: issued.sessionId, userId: user.id, action: "sign_in:password" });
    return issued;
  });
  return { tokens, notices: [] };
}

/** Emails a single-use sign-in link when the address has an account; answers the same either way. */
export async function requestMagicLink(ctx: Context, data: { email: string; returnTo?: string | null }): Promise<void> {
  const email = normaliseEmail(data.email);
  if (typeof email !== "string") throw new AppError(ErrorCode.BAD_USER_INPUT, "errors.bad_input", {}, [email]);
  await rateLimit.hit(ctx, `magic-link:ip:${ip(ctx)}`, LIMITS.magicLinkPerIp);
  await rateLimit.hit(ctx, `magic-link:email:${email}`, LIMITS.magicLinkPerEmail);
  const rows: { id: string; preferred_language: string; display_name: string }[] = await ctx.ds.query(
    `SELECT id, preferred_language, display_name FROM users WHERE email = $1`,
    [email],
  );
  if (!rows[0]) return;
  const token = newToken();
  const returnTo = safePath(data.returnTo);
  await ctx.ds.query(
    `INSERT INTO magic_links (id, user_id, token_hash, created_at, expires_at, return_to) VALUES ($1, $2, $3, $6, $6::timestamptz + make_interval(mins => $4), $5)`,
    [newId(), rows[0].id, hashToken(token), MAGIC_LINK_TTL_MINUTES, returnTo, ctx.clock.now()],
  );
  const link = `${origin(ctx)}/auth-check?token=${token}`;
  // SMTP delivery happens after the answer (the `mail.deliver` job), so an existing account does
  // not answer more slowly or fail visibly.
  await queueEmail(mailDeps(ctx), {
    to: email,
    language: LANGUAGES.find((l) => l === rows[0].preferred_language) ?? DEFAULT_LANGUAGE,
    content: {
      subject: { key: "email.magic_link.subject" },
      name: rows[0].display_name,
      paragraphs: [{ key: "email.magic_link.body", params: { ttl: MAGIC_LINK_TTL_MINUTES } }],
      action: { label: { key: "email.magic_link.action" }, url: link },
      footer: [{ key: "email.magic_link.ignore" }, { key: "email.footer", params: { url: origin(ctx) } }],
    },
    sensitive: true,
  });
}

/** Signs in with a magic-link token: unknown, used and expired links all fail the same way. */
export async function signInWithMagicLink(ctx: Context, token: string): Promise<AuthResult> {
  await rateLimit.hit(ctx, `magic-link-use:ip:${ip(ctx)}`, LIMITS.magicLinkUsePerIp);
  // Password failures never block a magic link (it proves the mailbox): the owner of an account a
  // guesser has locked signs in here, and this browser becomes one of their trusted devices, whose
  // password sign-ins the guesser's failures no longer slow (sign-in-guard.ts).
  const result = await ctx.ds.transaction(async (tx) => {
    // TypeORM answers UPDATE … RETURNING with [rows, affectedCount].
    const [rows]: [{ id: string; user_id: string; return_to: string | null }[], number] = await tx.query(
      `UPDATE magic_links SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING id, user_id, return_to`,
      [hashToken(token), ctx.clock.now()],
    );
    if (!rows[0]) throw new AppError(ErrorCode.UNAUTHENTICATED, "errors.magic_link_invalid");
    const tokens = await createSession(tx, rows[0].user_id, ctx);
    await tx.query(`UPDATE users SET last_sign_in_at = now() WHERE id = $1`, [rows[0].user_id]);
    await audit(tx, { tableName: "sessions", recordId: tokens.sessionId, userId: rows[0].user_id, action: "sign_in:magic_link" });
    return { tokens, notices: [], returnTo: rows[0].return_to, userId: rows[0].user_id };
  });
  await trustDevice(ctx, result.userId);
  return { tokens: result.tokens, notices: result.notices, returnTo: result.returnTo };
}

/** Ends the current session (from the bearer token or the refresh cookie). Idempotent. */
export async function signOut(ctx: Context): Promise<void> {
  let session = ctx.viewer.sessionId && ctx.viewer.userId ? { sessionId: ctx.viewer.sessionId, userId: ctx.viewer.userId } : null;
  const cookie = ctx.cookies?.get(REFRESH_COOKIE);
  if (!session && cookie) session = await sessionOfRefreshToken(ctx.ds, cookie);
  if (session) await revokeSession(ctx, session.sessionId, session.userId, "sign_out");
}

/** Changes the password after checking the current one; every other session is ended. */
export async function changePassword(ctx: Context, current: string, next: string): Promise<Notice[]> {
  const userId = ctx.viewer.userId!;
  const bucket = `sign-in:account:user:${userId}`;
  await rateLimit.hit(ctx, bucket, LIMITS.signInFailuresPerAccount);
  const [user]: { password_hash: string | null; email: string | null; phone: string | null; display_name: string }[] = await ctx.ds.query(
    `SELECT password_hash, email, phone, display_name FROM users WHERE id = $1`,
    [userId],
  );
  if (!(await verifyPassword(user?.password_hash ?? null, current))) {
    throw new AppError(ErrorCode.BAD_USER_INPUT, "errors.current_password_wrong", {}, [
      { field: "currentPassword", key: "errors.current_password_wrong" },
    ]);
  }
  await rateLimit.reset(ctx.ds, bucket);
  const notices = await vetPassword(ctx, next, [user.email ?? "", user.phone ?? "", user.display_name]);
  const hash = await hashPassword(next);
  await ctx.ds.transaction(async (tx) => {
    await tx.query(`UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1`, [userId, hash]);
    const [ended]: [{ id: string }[], number] = await tx.query(
      `UPDATE sessions SET revoked_at = now(), revoked_reason = 'password_changed' WHERE user_id = $1 AND id <> $2 AND revoked_at IS NULL RETURNING id`,
      [userId, ctx.viewer.sessionId],
    );
    await audit(tx, { tableName: "users", recordId: userId, userId, action: "change_password" });
    await sessionsEnded(
      ctx.bus,
      ended.map((s) => s.id),
    );
  });
  return notices;
}
