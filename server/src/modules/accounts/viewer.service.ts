import { createHash } from "node:crypto";
import type { DataSource } from "typeorm";
import { activeRoles, Role } from "../../common/auth/roles.js";
import { anonymousViewer, type Viewer } from "../../common/auth/viewer.js";
import { logger } from "../../common/logger.js";

export const hashToken = (token: string): string => createHash("sha256").update(token, "utf8").digest("hex");

/** Reads `Authorization: Bearer <token>` (or a WebSocket connection param) into a viewer. */
export function bearerToken(header: string | undefined | null): string | null {
  const m = /^Bearer\s+([A-Za-z0-9._~-]{20,200})$/.exec(header?.trim() ?? "");
  return m ? m[1] : null;
}

/**
 * The viewer behind a session token at `now` (the server's clock): unknown, expired or revoked tokens give an
 * anonymous viewer. A failure to read roles falls back to member (spec §6).
 */
export async function resolveViewer(ds: DataSource, token: string | null, now: Date): Promise<Viewer> {
  if (!token) return anonymousViewer();
  const rows: { session_id: string; user_id: string }[] = await ds.query(
    `SELECT s.id AS session_id, s.user_id FROM sessions s
      WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > $2`,
    [hashToken(token), now],
  );
  if (rows.length === 0) return anonymousViewer();
  const { session_id, user_id } = rows[0];
  let roles: Role[];
  let curatedVillageIds: string[] = [];
  try {
    // The curator's villages come in the same statement as the roles (no extra query).
    const grants: { role: Role; expires_at: Date | null; villages: string[] | null }[] = await ds.query(
      `SELECT role, expires_at, CASE WHEN role = 'local_root_curator' THEN (SELECT array_agg(vc.village_id::text) FROM village_curators vc
         WHERE vc.user_id = $1 AND (vc.expires_at IS NULL OR vc.expires_at > $2)) END AS villages FROM user_roles WHERE user_id = $1`,
      [user_id, now],
    );
    roles = activeRoles(
      grants.map((g) => ({ role: g.role, expiresAt: g.expires_at })),
      now,
    );
    if (roles.includes(Role.LOCAL_ROOT_CURATOR)) curatedVillageIds = grants.find((g) => g.role === Role.LOCAL_ROOT_CURATOR)?.villages ?? [];
  } catch (err) {
    logger.warn("Role lookup failed; treating viewer as member", { err: String(err) });
    roles = activeRoles([]);
  }
  return { userId: user_id, sessionId: session_id, roles, curatedVillageIds };
}
