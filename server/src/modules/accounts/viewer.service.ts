import { createHash } from "node:crypto";
import type { DataSource } from "typeorm";
import { activeRoles, Role } from "../../common/auth/roles.js";
import { anonymousViewer, type Viewer } from "../../common/auth/viewer.js";
import { groupCommitPerDataSource, inRequestOrder } from "../../common/group-commit.js";
import { logger } from "../../common/logger.js";
import { preparedQuery } from "../../db/prepared.js";

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
 * Sessions and, in the same statement (one round trip), each member's role grants with a
 * curator's villages, for the tokens of the requests that arrived together. One answer row per
 * live session, with its place `n` among the tokens. $1 token hashes, $2 the time of each request.
 */
const VIEWERS_SQL = `
  SELECT t.n::int, s.id AS session_id, s.user_id, s.expires_at,
         (SELECT coalesce(json_agg(json_build_object('role', r.role, 'expires_at', r.expires_at,
                   'villages', CASE WHEN r.role = 'local_root_curator' THEN (SELECT array_agg(vc.village_id::text) FROM village_curators vc
                      WHERE vc.user_id = s.user_id AND (vc.expires_at IS NULL OR vc.expires_at > t.at)) END)), '[]'::json)
            FROM user_roles r WHERE r.user_id = s.user_id) AS grants
    FROM unnest($1::text[], $2::timestamptz[]) WITH ORDINALITY AS t(hash, at, n)
    JOIN sessions s ON s.token_hash = t.hash AND s.revoked_at IS NULL AND s.expires_at > t.at`;

/** The sessions alone: what is read when the roles cannot be (then the viewer is a member, spec §6). */
const SESSIONS_SQL = `SELECT t.n::int, s.id AS session_id, s.user_id, s.expires_at, '[]'::json AS grants
    FROM unnest($1::text[], $2::timestamptz[]) WITH ORDINALITY AS t(hash, at, n)
    JOIN sessions s ON s.token_hash = t.hash AND s.revoked_at IS NULL AND s.expires_at > t.at`;

interface SessionRow {
  n: number;
  session_id: string;
  user_id: string;
  expires_at: Date;
  grants: Grant[];
}

/** A request's session token (hashed) and the time it came in. */
interface Lookup {
  hash: string;
  at: Date;
}

/** The live session of each lookup, in order (null: unknown, expired or revoked). */
async function lookUpSessions(ds: DataSource, lookups: readonly Lookup[]): Promise<(SessionRow | null)[]> {
  const params = [lookups.map((l) => l.hash), lookups.map((l) => l.at)];
  let rows: SessionRow[];
  try {
    rows = await preparedQuery<SessionRow>(ds, "roots_viewers", VIEWERS_SQL, params);
  } catch (err) {
    logger.warn("Role lookup failed; treating viewer as member", { err: String(err) });
    rows = await preparedQuery<SessionRow>(ds, "roots_sessions", SESSIONS_SQL, params);
  }
  return inRequestOrder(rows, lookups.length);
}

/** Requests that arrive together (while others' are in the database) read their sessions in one statement. */
const sessionReader = groupCommitPerDataSource(lookUpSessions, { inFlight: 2, maxBatch: 100 });

/**
 * The viewer behind a session token at `now` (the server's clock): unknown, expired or revoked tokens give an
 * anonymous viewer. A failure to read roles falls back to member (spec §6).
 */
export async function resolveViewer(ds: DataSource, token: string | null, now: Date): Promise<Viewer> {
  if (!token) return anonymousViewer();
  const row = await sessionReader(ds).load({ hash: hashToken(token), at: now });
  if (!row) return anonymousViewer();
  const { session_id, user_id, expires_at, grants } = row;
  const roles = activeRoles(
    grants.map((g) => ({ role: g.role, expiresAt: g.expires_at ? new Date(g.expires_at) : null })),
    now,
  );
  const curator = roles.includes(Role.LOCAL_ROOT_CURATOR) ? grants.find((g) => g.role === Role.LOCAL_ROOT_CURATOR) : undefined;
  return {
    userId: user_id,
    sessionId: session_id,
    sessionExpiresAt: new Date(expires_at),
    roles,
    curatedVillageIds: curator?.villages ?? [],
  };
}
