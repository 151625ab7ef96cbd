import type { Context } from "../../../common/context.js";
import { AppError, ErrorCode, notFound } from "../../../common/errors.js";
import { isUuid } from "../../../common/global-id.js";
import { DEFAULT_PAGE_SIZE, encodeOffsetCursor, offsetAfter, paginate } from "../../../common/pagination.js";
import { hasArabic, normalizeArabic, normalizeLatin, skeleton } from "../names/normalize.js";
import { Village } from "./village.entity.js";
import type { VillagesArgs } from "./village.inputs.js";
import { NameMatch, type District, type VillageConnection, type VillagePoint, type VillageSearchMatch } from "./village.types.js";

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

async function rootspaceId(ctx: Context, slug = "lebanon"): Promise<string> {
  const rows: { id: string }[] = await ctx.ds.query(`SELECT id FROM rootspaces WHERE slug = $1 AND is_active`, [slug]);
  if (!rows[0]) throw notFound();
  return rows[0].id;
}

/** Which stored variant explains the match best, for "why this result". */
function explain(v: Village, query: string): VillageSearchMatch {
  const q = query.trim().toLowerCase();
  const names = [v.name, v.nameFr, v.nameAr, ...v.alternateNames].filter((n): n is string => Boolean(n));
  const exact = names.find((n) => n.toLowerCase() === q);
  if (exact) return { kind: NameMatch.EXACT, matched: exact, score: 1 };
  if (hasArabic(query)) {
    const nq = normalizeArabic(query);
    const hit = names.filter(hasArabic).find((n) => normalizeArabic(n).includes(nq));
    if (hit) return { kind: NameMatch.ARABIC, matched: hit, score: 0.9 };
  } else {
    const nq = normalizeLatin(query);
    const hit = names.filter((n) => !hasArabic(n)).find((n) => normalizeLatin(n).includes(nq));
    if (hit) return { kind: NameMatch.LATIN, matched: hit, score: 0.9 };
  }
  const sq = skeleton(query);
  const cross = names.find((n) => skeleton(n) === sq) ?? names.find((n) => hasArabic(n) !== hasArabic(query)) ?? v.name;
  return { kind: hasArabic(cross) === hasArabic(query) ? (hasArabic(query) ? NameMatch.ARABIC : NameMatch.LATIN) : NameMatch.CROSS_SCRIPT, matched: cross, score: 0.6 };
}

/**
 * Villages of a rootspace, by name; with `search`, ranked by how well any spelling
 * matches (trigram similarity on normalised Latin, normalised Arabic and the
 * cross-script skeleton), each result saying which variant matched.
 */
export async function listVillages(ctx: Context, args: VillagesArgs): Promise<VillageConnection> {
  const rs = await rootspaceId(ctx, args.rootspace ?? "lebanon");
  const search = args.search?.trim();
  if (!search) {
    const qb = ctx.ds.getRepository(Village).createQueryBuilder("v").where("v.rootspace_id = :rs AND v.is_public", { rs });
    if (args.district) qb.andWhere("v.district = :d", { d: args.district });
    const page = await paginate(qb, args, { column: "v.slug", value: (v) => v.slug });
    return { ...page, edges: page.edges.map((e) => ({ ...e, match: null })) };
  }
  const first = args.first ?? DEFAULT_PAGE_SIZE;
  const offset = offsetAfter(args.after);
  const arabic = hasArabic(search);
  const text = arabic ? normalizeArabic(search) : normalizeLatin(search);
  const skel = skeleton(search);
  if (!text && !skel) return { edges: [], totalCount: 0, pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null } };
  const textCol = arabic ? "key_arabic" : "key_latin";
  // Both the text key and the skeleton can match; the better score ranks the village.
  const where = `v.rootspace_id = $1 AND v.is_public AND ($4::text IS NULL OR v.district = $4)
    AND (v.${textCol} LIKE '%' || $2 || '%' OR $2 <% v.${textCol} OR ($3 <> '' AND ($3 <% v.key_skeleton OR v.key_skeleton LIKE '%' || $3 || '%')))`;
  const params = [rs, text, skel, args.district ?? null];
  const [{ n }]: { n: number }[] = await ctx.ds.query(`SELECT count(*)::int AS n FROM villages v WHERE ${where}`, params);
  const ids: { id: string }[] = await ctx.ds.query(
    `SELECT v.id FROM villages v WHERE ${where}
      ORDER BY greatest(
        CASE WHEN v.${textCol} LIKE $2 || '%' OR v.${textCol} LIKE '% | ' || $2 || '%' THEN 1 ELSE word_similarity($2, v.${textCol}) END,
        CASE WHEN $3 = '' THEN 0
             WHEN ' | ' || v.key_skeleton || ' | ' LIKE '% | ' || $3 || ' | %' THEN 0.95
             ELSE word_similarity($3, v.key_skeleton) * 0.9 END) DESC, v.name
      LIMIT $5 OFFSET $6`,
    [...params, first + 1, offset],
  );
  const loaded = ids.length ? await ctx.ds.getRepository(Village).createQueryBuilder("v").whereInIds(ids.slice(0, first).map((r) => r.id)).getMany() : [];
  const byId = new Map(loaded.map((v) => [v.id, v]));
  const edges = ids.slice(0, first).map((r, i) => {
    const node = byId.get(r.id)!;
    return { cursor: encodeOffsetCursor(offset + i), node, match: explain(node, search) };
  });
  return {
    edges,
    totalCount: n,
    pageInfo: { hasNextPage: ids.length > first, hasPreviousPage: offset > 0, startCursor: edges[0]?.cursor ?? null, endCursor: edges.at(-1)?.cursor ?? null },
  };
}

export async function villageBySlug(ctx: Context, slug: string, rootspace = "lebanon"): Promise<Village> {
  if (!SLUG.test(slug) || slug.length > 120) throw new AppError(ErrorCode.BAD_USER_INPUT, "errors.bad_slug", {}, [{ field: "slug", key: "errors.bad_slug" }]);
  const rs = await rootspaceId(ctx, rootspace);
  const v = await ctx.ds.getRepository(Village).findOneBy({ rootspaceId: rs, slug, isPublic: true });
  if (!v) throw notFound();
  return v;
}

export async function villageNode(ctx: Context, rawId: string): Promise<Village | null> {
  if (!isUuid(rawId)) return null;
  return ctx.ds.getRepository(Village).findOneBy({ id: rawId, isPublic: true });
}

/** The districts of a rootspace with their village counts, for the filter. */
export async function listDistricts(ctx: Context, rootspace = "lebanon"): Promise<District[]> {
  const rs = await rootspaceId(ctx, rootspace);
  return ctx.ds.query(
    `SELECT district AS name, min(district_ar) AS "nameAr", min(governorate) AS governorate, min(governorate_ar) AS "governorateAr", count(*)::int AS "villageCount"
       FROM villages WHERE rootspace_id = $1 AND is_public AND district IS NOT NULL GROUP BY district ORDER BY district`,
    [rs],
  );
}

/** Every public village with coordinates (a few thousand points): the map's background. */
export async function villagePoints(ctx: Context, rootspace = "lebanon", district?: string | null): Promise<VillagePoint[]> {
  const rs = await rootspaceId(ctx, rootspace);
  return ctx.ds.query(
    `SELECT slug, latitude AS lat, longitude AS lng FROM villages
      WHERE rootspace_id = $1 AND is_public AND latitude IS NOT NULL AND longitude IS NOT NULL AND ($2::text IS NULL OR district = $2)
      ORDER BY slug`,
    [rs, district ?? null],
  );
}
