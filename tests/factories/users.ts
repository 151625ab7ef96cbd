import { randomBytes } from "node:crypto";
import type { DataSource } from "typeorm";
import type { Role } from "../../server/src/common/auth/roles.js";
import { newId } from "../../server/src/common/uuid.js";
import { hashToken } from "../../server/src/modules/accounts/index.js";

export interface BuiltUser {
  id: string;
  email: string;
  /** A live session token for `Authorization: Bearer`. */
  token: string;
}

/** Writes a real user, its roles and a signed-in session. */
export async function buildUser(
  ds: DataSource,
  overrides: { roles?: { role: Role; expiresAt?: Date | null }[]; email?: string; displayName?: string } = {},
): Promise<BuiltUser> {
  const id = newId();
  const email = overrides.email ?? `user-${id.slice(-12)}@example.test`;
  await ds.query(`INSERT INTO users (id, email, display_name) VALUES ($1, $2, $3)`, [id, email, overrides.displayName ?? "Test Member"]);
  for (const r of overrides.roles ?? []) {
    await ds.query(`INSERT INTO user_roles (id, user_id, role, expires_at) VALUES ($1, $2, $3, $4)`, [newId(), id, r.role, r.expiresAt ?? null]);
  }
  const token = randomBytes(32).toString("base64url");
  await ds.query(`INSERT INTO sessions (id, user_id, token_hash, expires_at) VALUES ($1, $2, $3, now() + interval '1 hour')`, [newId(), id, hashToken(token)]);
  return { id, email, token };
}
