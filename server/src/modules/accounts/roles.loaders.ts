import type { Clock } from "../../common/clock.js";
import DataLoader from "dataloader";
import type { DataSource } from "typeorm";
import type { Role } from "../../common/auth/roles.js";
import type { RoleGrantView } from "./roles.types.js";

/** Per-request loader: every listed member's role grants in one query. */
export function createRoleLoaders({ ds, clock }: { ds: DataSource; clock: Clock }) {
  return {
    grantsByUser: new DataLoader<string, RoleGrantView[]>(async (ids) => {
      const rows: { user_id: string; role: Role; expires_at: Date | null; reason: string | null; created_at: Date }[] = await ds.query(
        `SELECT user_id, role, expires_at, reason, created_at FROM user_roles WHERE user_id = ANY($1) ORDER BY created_at`,
        [[...ids]],
      );
      const now = clock.now();
      return ids.map((id) =>
        rows
          .filter((r) => r.user_id === id)
          .map((r) => ({
            role: r.role,
            expiresAt: r.expires_at,
            reason: r.reason,
            grantedAt: r.created_at,
            active: !r.expires_at || r.expires_at > now,
          })),
      );
    }),
  };
}
export type RoleLoaders = ReturnType<typeof createRoleLoaders>;
