import type { Context } from "../../../common/context.js";
import { Village } from "../villages/village.entity.js";
import type { RootspaceCounts } from "./overview.types.js";

/** The request's rootspace's counts, in one statement. */
export async function rootspaceCounts(ctx: Context): Promise<RootspaceCounts> {
  const [row] = await ctx.ds.query(
    `SELECT (SELECT count(*) FROM villages WHERE rootspace_id = $1 AND is_public)::int AS villages,
            (SELECT count(*) FROM families WHERE rootspace_id = $1 AND is_public)::int AS families,
            (SELECT count(*) FROM people WHERE rootspace_id = $1)::int AS people`,
    [ctx.rootspace.id],
  );
  return row as RootspaceCounts;
}

/**
 * Villages worth showing first: public ones whose history is written (in any language),
 * those with the most people recorded first, then the most recently updated.
 */
export async function featuredVillages(ctx: Context, first: number): Promise<Village[]> {
  const ids: { id: string }[] = await ctx.ds.query(
    `SELECT v.id FROM villages v
       LEFT JOIN LATERAL (SELECT count(*) AS n FROM people p WHERE p.village_id = v.id) p ON true
      WHERE v.rootspace_id = $1 AND v.is_public
        AND coalesce(nullif(v.description, ''), nullif(v.description_ar, ''), nullif(v.description_fr, '')) IS NOT NULL
      ORDER BY p.n DESC, v.updated_at DESC, v.slug
      LIMIT $2`,
    [ctx.rootspace.id, first],
  );
  if (ids.length === 0) return [];
  const rows = await ctx.ds.getRepository(Village).findBy(ids.map(({ id }) => ({ id })));
  const byId = new Map(rows.map((v) => [v.id, v]));
  return ids.map(({ id }) => byId.get(id)).filter((v): v is Village => Boolean(v));
}
