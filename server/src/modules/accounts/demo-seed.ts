import argon2 from "argon2";
import type { DataSource } from "typeorm";
import { Role } from "../../common/auth/roles.js";
import { logger } from "../../common/logger.js";
import { newId } from "../../common/uuid.js";

/** Demo accounts listed in the README; only seeded into demo databases. */
export const DEMO_ACCOUNTS = [
  { email: "admin@roots.demo", displayName: "Nadia Haddad", roles: [Role.ADMIN], language: "ar" },
  { email: "curator@roots.demo", displayName: "Georges Khoury", roles: [Role.LOCAL_ROOT_CURATOR], language: "fr" },
  // Works the ancestry desk (/management/ancestry).
  { email: "officer@roots.demo", displayName: "Rami Nassar", roles: [Role.DOCUMENT_OFFICER], language: "ar" },
  // The demo member chose to be listed among their village's members (the setting is off by default).
  { email: "member@roots.demo", displayName: "Maya Saab", roles: [] as Role[], language: "en", listed: true },
] as const;
export const DEMO_PASSWORD = "cedar-roots-demo-2026";

/** Idempotent: accounts that already exist are left as they are. */
export async function seedDemoAccounts(ds: DataSource): Promise<void> {
  const hash = await argon2.hash(DEMO_PASSWORD, { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 });
  await ds.transaction(async (tx) => {
    const users = DEMO_ACCOUNTS.map((a) => ({ id: newId(), ...a }));
    const inserted: { id: string; email: string }[] = await tx.query(
      `INSERT INTO users (id, email, password_hash, display_name, preferred_language, show_in_village_members)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::boolean[])
       ON CONFLICT (email) DO NOTHING RETURNING id, email`,
      [
        users.map((u) => u.id),
        users.map((u) => u.email),
        users.map(() => hash),
        users.map((u) => u.displayName),
        users.map((u) => u.language),
        users.map((u) => "listed" in u && u.listed),
      ],
    );
    const grants = inserted.flatMap((row) =>
      (users.find((u) => u.email === row.email)?.roles ?? []).map((role) => ({ userId: row.id, role })),
    );
    if (grants.length) {
      await tx.query(
        `INSERT INTO user_roles (id, user_id, role, reason) SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[])`,
        [grants.map(() => newId()), grants.map((g) => g.userId), grants.map((g) => g.role), grants.map(() => "demo seed")],
      );
    }
    if (inserted.length) logger.info("Seeded demo accounts", { accounts: inserted.map((r) => r.email) });
  });
}
