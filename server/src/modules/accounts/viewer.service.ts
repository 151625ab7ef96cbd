import { createHash } from "node:crypto";
import type { DataSource } from "typeorm";
import { activeRoles, Role } from "../../common/auth/roles.js";
import { anonymousViewer, type Viewer } from "../../common/auth/viewer.js";
import { logger } from "../../common/logger.js";

export const hashToken = (token: string): string => createHash("sha256").update(token, "utf8").digest("hex");

const TOKEN = /^[A-Za-z0-9._~-]{20,200}$/;

/** Reads `Authorization: Bearer <token>` (or a WebSocket connection param) into a viewer. */
export function bearerToken(header: string | undefined | null): string | null {
  const m = /^Bearer\s+(\S+)$/.exec(header?.trim() ?? "");
  return m && TOKEN.test(m[1]) ? m[1] : null;
}

/** A session token as a cookie carries it (the page cookie), or null when it is not one. */
export const cookieToken = (value: string | undefined | null): string | null => (value && TOKEN.test(value) ? value : null);

interface Grant {
  role: Role;
  expires_at: string | null;
  villages: string[] | null;
}

/**
 * The session and, in the same statement (one round trip per request), the member's role grants with
 * a curator's villages. $1 token hash, $2 now.
 */
const VIEWER_SQL = `
  SELECT s.id AS session_id, s.user_id,
         (SELECT coalesce(json_agg(json_build_object('role', r.role, 'expires_at', r.expires_at,
                   'villages', CASE WHEN r.role = 'local_root_curator' THEN (SELECT array_agg(vc.village_id::text) FROM village_curators vc
                      WHERE vc.user_id = s.user_id AND (vc.expires_at IS NULL OR vc.expires_at > $2)) END)), '[]'::json)
            FROM user_roles r WHERE r.user_id = s.user_id) AS grants
    FROM sessions s
   WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > $2`;

/** The session alone: what is read when the roles cannot be (then the viewer is a member, spec §6). */
const SESSION_SQL = `SELECT s.id AS session_id, s.user_id, '[]'::json AS grants FROM sessions s
   WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > $2`;

/**
 * The viewer behind a session token at `now` (the server's clock): unknown, expired or revoked tokens give an
 * anonymous viewer. A failure to read roles falls back to member (spec §6).
 */
export async function resolveViewer(ds: DataSource, token: string | null, now: Date): Promise<Viewer> {
  if (!token) return anonymousViewer();
  const params = [hashToken(token), now];
  let rows: { session_id: string; user_id: string; grants: Grant[] }[];
  try {
    rows = await ds.query(VIEWER_SQL, params);
  } catch (err) {
    logger.warn("Role lookup failed; treating viewer as member", { err: String(err) });
    rows = await ds.query(SESSION_SQL, params);
  }
  if (rows.length === 0) return anonymousViewer();
  const { session_id, user_id, grants } = rows[0];
  const roles = activeRoles(
    grants.map((g) => ({ role: g.role, expiresAt: g.expires_at ? new Date(g.expires_at) : null })),
    now,
  );
  const curator = roles.includes(Role.LOCAL_ROOT_CURATOR) ? grants.find((g) => g.role === Role.LOCAL_ROOT_CURATOR) : undefined;
  return { userId: user_id, sessionId: session_id, roles, curatedVillageIds: curator?.villages ?? [] };
}
