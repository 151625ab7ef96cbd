import type { DataSource } from "typeorm";
import type { Role } from "../../server/src/common/auth/roles.js";
import type { Clock } from "../../server/src/common/clock.js";
import { newId } from "../../server/src/common/uuid.js";
import { loadConfig } from "../../server/src/config.js";
import { createSession } from "../../server/src/modules/accounts/sessions.service.js";

export interface BuiltUser {
  id: string;
  email: string;
  /** A live access token for `Authorization: Bearer`. */
  token: string;
  /** The session's refresh token (what the cookie holds). */
  refreshToken: string;
}

const config = loadConfig({});

/** Writes a real user and its roles, and opens a session through the real session code. */
export async function buildUser(
  ds: DataSource,
  overrides: { roles?: { role: Role; expiresAt?: Date | null }[]; email?: string; displayName?: string; clock?: Clock } = {},
): Promise<BuiltUser> {
  const id = newId();
  const email = overrides.email ?? `user-${id.slice(-12)}@example.test`;
  await ds.query(`INSERT INTO users (id, email, display_name) VALUES ($1, $2, $3)`, [id, email, overrides.displayName ?? "Test Member"]);
  const roles = overrides.roles ?? [];
  if (roles.length) {
    await ds.query(
      `INSERT INTO user_roles (id, user_id, role, expires_at) SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::timestamptz[])`,
      [roles.map(() => newId()), roles.map(() => id), roles.map((r) => r.role), roles.map((r) => r.expiresAt ?? null)],
    );
  }
  // On the server's clock when it has a test clock: a token made at its "now" is live there.
  const session = await createSession(ds, id, { client: { ip: "127.0.0.1", userAgent: "test factory" }, config, clock: overrides.clock });
  return { id, email, token: session.accessToken, refreshToken: session.refreshToken };
}
