import type { DataSource, EntityManager } from "typeorm";
import type { Config } from "../../config.js";
import { systemClock, type Clock } from "../../common/clock.js";
import type { Context } from "../../common/context.js";
import type { EventBus } from "../../common/event-bus.js";
import { AppError, ErrorCode } from "../../common/errors.js";
import { newId } from "../../common/uuid.js";
import { audit } from "../audit/index.js";
import { newToken } from "./tokens.js";
import { hashToken } from "./viewer.service.js";

export interface IssuedTokens {
  sessionId: string;
  userId: string;
  accessToken: string;
  accessTokenExpiresAt: Date;
  refreshToken: string;
  refreshExpiresAt: Date;
}

const expiries = (config: Config, now: Date) => ({
  access: new Date(now.getTime() + config.ACCESS_TOKEN_TTL_SECONDS * 1000),
  refresh: new Date(now.getTime() + config.REFRESH_TOKEN_TTL_DAYS * 86_400_000),
});

/** Opens a session for a member: an access token and the first refresh token of its family. */
export async function createSession(
  db: DataSource | EntityManager,
  userId: string,
  ctx: Pick<Context, "client" | "config"> & { clock?: Clock },
): Promise<IssuedTokens> {
  const accessToken = newToken();
  const refreshToken = newToken();
  const sessionId = newId();
  const now = (ctx.clock ?? systemClock).now();
  const { access, refresh } = expiries(ctx.config, now);
  await db.query(
    `INSERT INTO sessions (id, user_id, token_hash, expires_at, refresh_expires_at, user_agent, ip, created_at, last_seen_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
    [sessionId, userId, hashToken(accessToken), access, refresh, ctx.client.userAgent?.slice(0, 400) ?? null, ctx.client.ip, now],
  );
  await db.query(`INSERT INTO refresh_tokens (id, session_id, token_hash, expires_at) VALUES ($1, $2, $3, $4)`, [
    newId(),
    sessionId,
    hashToken(refreshToken),
    refresh,
  ]);
  return { sessionId, userId, accessToken, accessTokenExpiresAt: access, refreshToken, refreshExpiresAt: refresh };
}

/** How long after a rotation a replay of the old token is refused without ending the session. */
export const REPLAY_GRACE_MS = 30_000;

const sessionExpired = () => new AppError(ErrorCode.UNAUTHENTICATED, "errors.session_expired");

/**
 * Trades a refresh token for a new access token and a new refresh token. A refresh
 * token works once: presenting a used one revokes the whole session (it was copied).
 */
export async function rotateRefreshToken(ctx: Context, refreshToken: string): Promise<IssuedTokens> {
  const now = ctx.clock.now();
  const outcome = await ctx.ds.transaction(async (tx) => {
    const rows: {
      id: string;
      session_id: string;
      used_at: Date | null;
      expires_at: Date;
      user_id: string;
      revoked_at: Date | null;
      refresh_expires_at: Date;
    }[] = await tx.query(
      `SELECT rt.id, rt.session_id, rt.used_at, rt.expires_at, s.user_id, s.revoked_at, s.refresh_expires_at
         FROM refresh_tokens rt JOIN sessions s ON s.id = rt.session_id
        WHERE rt.token_hash = $1 FOR UPDATE OF rt, s`,
      [hashToken(refreshToken)],
    );
    const row = rows[0];
    if (!row || row.revoked_at) return { kind: "expired" as const };
    // A replay moments after a rotation is a retry or a race (or a thief who copied the token
    // just now): it gets nothing, and ends nothing, so the holder of the successor carries on.
    // Later, a replay can only be a copy: the whole session ends.
    if (row.used_at && now.getTime() - row.used_at.getTime() < REPLAY_GRACE_MS) return { kind: "replayed" as const };
    if (row.used_at) {
      await tx.query(`UPDATE sessions SET revoked_at = $2, revoked_reason = 'refresh_token_reuse' WHERE id = $1`, [row.session_id, now]);
      await audit(tx, { tableName: "sessions", recordId: row.session_id, userId: row.user_id, action: "revoke_on_refresh_reuse" });
      await sessionsEnded(ctx.bus, [row.session_id]);
      return { kind: "reused" as const };
    }
    if (row.expires_at < now || row.refresh_expires_at < now) return { kind: "expired" as const };
    await tx.query(`UPDATE refresh_tokens SET used_at = $2 WHERE id = $1 AND used_at IS NULL`, [row.id, now]);
    const accessToken = newToken();
    const nextRefresh = newToken();
    const { access, refresh } = expiries(ctx.config, now);
    await tx.query(`INSERT INTO refresh_tokens (id, session_id, token_hash, expires_at) VALUES ($1, $2, $3, $4)`, [
      newId(),
      row.session_id,
      hashToken(nextRefresh),
      refresh,
    ]);
    await tx.query(
      `UPDATE sessions SET token_hash = $2, expires_at = $3, refresh_expires_at = $4, last_seen_at = $7, ip = $5, user_agent = COALESCE($6, user_agent) WHERE id = $1`,
      [row.session_id, hashToken(accessToken), access, refresh, ctx.client.ip, ctx.client.userAgent?.slice(0, 400) ?? null, now],
    );
    const issued: IssuedTokens = {
      sessionId: row.session_id,
      userId: row.user_id,
      accessToken,
      accessTokenExpiresAt: access,
      refreshToken: nextRefresh,
      refreshExpiresAt: refresh,
    };
    return { kind: "rotated" as const, issued };
  });
  // The revocation above is committed before the caller hears about it.
  if (outcome.kind === "reused") throw new AppError(ErrorCode.UNAUTHENTICATED, "errors.session_revoked");
  if (outcome.kind === "expired" || outcome.kind === "replayed") throw sessionExpired();
  return outcome.issued;
}

/**
 * Tells every server instance that these sessions ended: each closes their WebSockets (4403) and
 * delivers them nothing more (app/live-streams.ts). Called inside the revoking transaction, just
 * before its commit, so that no instance is still delivering once the revocation is committed.
 */
export async function sessionsEnded(bus: EventBus, sessionIds: readonly string[]): Promise<void> {
  if (sessionIds.length) await bus.publish("SESSIONS_ENDED", { sessionIds: [...sessionIds] });
}

/** Ends a session; only its owner may (checked by `userId`). Returns false when none matched. */
export async function revokeSession(ctx: Pick<Context, "ds" | "bus">, sessionId: string, userId: string, reason: string): Promise<boolean> {
  return ctx.ds.transaction(async (tx) => {
    const res: [unknown[], number] = await tx.query(
      `UPDATE sessions SET revoked_at = now(), revoked_reason = $3 WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL`,
      [sessionId, userId, reason],
    );
    const changed = res[1] > 0;
    if (!changed) return false;
    await audit(tx, { tableName: "sessions", recordId: sessionId, userId, action: `revoke:${reason}` });
    await sessionsEnded(ctx.bus, [sessionId]);
    return true;
  });
}

/** The session a refresh cookie belongs to, if it is still live. */
export async function sessionOfRefreshToken(db: DataSource, refreshToken: string): Promise<{ sessionId: string; userId: string } | null> {
  const rows: { session_id: string; user_id: string }[] = await db.query(
    `SELECT rt.session_id, s.user_id FROM refresh_tokens rt JOIN sessions s ON s.id = rt.session_id WHERE rt.token_hash = $1 AND s.revoked_at IS NULL`,
    [hashToken(refreshToken)],
  );
  return rows[0] ? { sessionId: rows[0].session_id, userId: rows[0].user_id } : null;
}

export interface SessionRow {
  id: string;
  userAgent: string | null;
  ip: string | null;
  createdAt: Date;
  lastSeenAt: Date | null;
}

/** A member's live sessions, most recently used first. */
export async function listSessions(db: DataSource, userId: string, now: Date): Promise<SessionRow[]> {
  return db.query(
    `SELECT id, user_agent AS "userAgent", ip, created_at AS "createdAt", last_seen_at AS "lastSeenAt"
       FROM sessions WHERE user_id = $1 AND revoked_at IS NULL AND refresh_expires_at > $2
      ORDER BY last_seen_at DESC NULLS LAST, created_at DESC`,
    [userId, now],
  );
}
