import DataLoader from "dataloader";
import type { DataSource } from "typeorm";

/**
 * Per request: the genders (M, F, U) of each child's recorded parents, any link kind, in one
 * query per batch. The forms use it not to offer "Add father" to someone who has one.
 */
export function createParentGenderLoader({ ds }: { ds: DataSource }) {
  return {
    parentGenders: new DataLoader<string, string[]>(async (ids) => {
      const rows: { child_id: string; genders: string[] }[] = await ds.query(
        `SELECT pl.child_id, array_agg(p.gender ORDER BY p.gender) AS genders
           FROM parent_links pl JOIN people p ON p.id = pl.parent_id
          WHERE pl.child_id = ANY($1) GROUP BY pl.child_id`,
        [[...ids]],
      );
      const byChild = new Map(rows.map((r) => [r.child_id, r.genders]));
      return ids.map((id) => byChild.get(id) ?? []);
    }),
  };
}
