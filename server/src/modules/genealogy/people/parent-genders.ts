import DataLoader from "dataloader";
import type { Context } from "../../../common/context.js";
import { viewerParams } from "./person.visibility.js";

/**
 * Per request: the genders (M, F, U) of each child's recorded parents the viewer may see (the
 * rule of accessTo's "none", as the relationship path walks it), any link kind, one query per
 * batch. The forms use it not to offer "Add father" to someone who has one.
 */
export function createParentGenderLoader(ctx: Context) {
  return {
    parentGenders: new DataLoader<string, string[]>(async (ids) => {
      const [uid, staff] = await viewerParams(ctx);
      const rows: { child_id: string; genders: string[] }[] = await ctx.ds.query(
        `SELECT pl.child_id, array_agg(p.gender ORDER BY p.gender) AS genders
           FROM parent_links pl JOIN people p ON p.id = pl.parent_id
          WHERE pl.child_id = ANY($1) AND ($3 OR p.is_public OR p.created_by = $2 OR p.user_id = $2)
          GROUP BY pl.child_id`,
        [[...ids], uid, staff],
      );
      const byChild = new Map(rows.map((r) => [r.child_id, r.genders]));
      return ids.map((id) => byChild.get(id) ?? []);
    }),
  };
}
