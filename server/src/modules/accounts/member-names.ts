import DataLoader from "dataloader";
import type { DataSource } from "typeorm";

/** Per-request loader of members' display names by user id, one query per batch (lists of authors, holders, reviewers). */
export function createMemberNameLoaders({ ds }: { ds: DataSource }) {
  return {
    displayName: new DataLoader<string, string | null>(async (ids) => {
      const rows: { id: string; display_name: string }[] = await ds.query(`SELECT id, display_name FROM users WHERE id = ANY($1)`, [
        [...ids],
      ]);
      const byId = new Map(rows.map((r) => [r.id, r.display_name]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
  };
}
