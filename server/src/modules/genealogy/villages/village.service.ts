import { createVillageLoaders } from "./village.loaders.js";
import type { Context } from "../../../common/context.js";
import { AppError, ErrorCode, notFound } from "../../../common/errors.js";
import { isUuid } from "../../../common/global-id.js";
import { paginate, DEFAULT_PAGE_SIZE, encodeOffsetCursor, offsetAfter, offsetPageInfo } from "../../../common/pagination.js";
import { explainNameMatch, MatchKind, nameSearchCtes, parseNameQuery } from "../names/name-search.js";
import { hasArabic } from "../names/normalize.js";
import { Village } from "./village.entity.js";
import type { VillagesArgs } from "./village.inputs.js";
import {
  NameMatch,
  type District,
  type VillageConnection,
  type VillageMapCaza,
  type VillagePoint,
  type VillageSearchMatch,
} from "./village.types.js";

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * The request's rootspace, unless the (deprecated) `rootspace` argument names another one
 * explicitly: villages are the public gazetteer, so reading another country's is no leak.
 */
async function rootspaceId(ctx: Context, slug: string | null | undefined): Promise<string> {
  if (!slug || slug === ctx.rootspace.slug) return ctx.rootspace.id;
  const rows: { id: string }[] = await ctx.ds.query(`SELECT id FROM rootspaces WHERE slug = $1 AND is_active`, [slug]);
  if (!rows[0]) throw notFound();
  return rows[0].id;
}

/** Which stored variant explains the match best, for "why this result". */
function explain(v: Village, query: string): VillageSearchMatch | null {
  const why = explainNameMatch([v.name, v.nameFr, v.nameAr, ...v.alternateNames], query);
  if (!why) return null;
  const kind =
    why.kind === MatchKind.EXACT
      ? NameMatch.EXACT
      : hasArabic(why.matched) !== hasArabic(query)
        ? NameMatch.CROSS_SCRIPT
        : hasArabic(query)
          ? NameMatch.ARABIC
          : NameMatch.LATIN;
  return { kind, matched: why.matched, score: why.score };
}

/** Arabic readers: by the Arabic name, else the Latin one, in Arabic collation (ICU). */
const ARABIC_SORT = `coalesce(v.name_ar, v.name)`;

async function arabicOrder(ctx: Context, rs: string, args: VillagesArgs): Promise<VillageConnection> {
  const first = args.first ?? DEFAULT_PAGE_SIZE;
  const offset = offsetAfter(args.after);
  const where = `v.rootspace_id = $1 AND v.is_public AND ($2::text IS NULL OR v.district = $2)`;
  const ids: { id: string; total_count: number }[] = await ctx.ds.query(
    `SELECT v.id, count(*) OVER ()::int AS total_count FROM villages v WHERE ${where}
      ORDER BY ${ARABIC_SORT} COLLATE "ar-x-icu", v.slug LIMIT ${first + 1} OFFSET ${offset}`,
    [rs, args.district ?? null],
  );
  const total =
    ids[0]?.total_count ??
    ((await ctx.ds.query(`SELECT count(*)::int AS n FROM villages v WHERE ${where}`, [rs, args.district ?? null])) as { n: number }[])[0].n;
  const loaded = ids.length ? await ctx.ds.getRepository(Village).findBy(ids.slice(0, first).map((r) => ({ id: r.id }))) : [];
  const byId = new Map(loaded.map((v) => [v.id, v]));
  const edges = ids.slice(0, first).map((r, i) => ({ cursor: encodeOffsetCursor(offset + i), node: byId.get(r.id)!, match: null }));
  return { edges, totalCount: total, pageInfo: offsetPageInfo(edges, offset, ids.length > first) };
}

/**
 * Villages of a rootspace, by name; with `search`, ranked by how well any spelling
 * matches (trigram similarity on normalised Latin, normalised Arabic and the
 * cross-script skeleton), each result saying which variant matched.
 */
export async function listVillages(ctx: Context, args: VillagesArgs): Promise<VillageConnection> {
  const rs = await rootspaceId(ctx, args.rootspace);
  const search = args.search?.trim();
  if (!search) {
    if (ctx.language === "ar") return arabicOrder(ctx, rs, args);
    const qb = ctx.ds.getRepository(Village).createQueryBuilder("v").where("v.rootspace_id = :rs AND v.is_public", { rs });
    if (args.district) qb.andWhere("v.district = :d", { d: args.district });
    const page = await paginate(qb, args, { column: "v.slug", value: (v) => v.slug });
    return { ...page, edges: page.edges.map((e) => ({ ...e, match: null })) };
  }
  const first = args.first ?? DEFAULT_PAGE_SIZE;
  const offset = offsetAfter(args.after);
  const q = parseNameQuery(search);
  if (!q) return { edges: [], totalCount: 0, pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null } };
  const params: unknown[] = [rs, args.district ?? null];
  const ctes = nameSearchCtes(
    q,
    "villages",
    "v",
    `v.rootspace_id = $1 AND v.is_public AND ($2::text IS NULL OR v.district = $2)`,
    ctx.language === "ar" ? ARABIC_SORT : "v.name",
    params,
  );
  const ids: { id: string; total_count: number }[] = await ctx.ds.query(
    `WITH ${ctes} SELECT id, (SELECT count(*)::int FROM m) AS total_count FROM m ORDER BY rank DESC, sort_name${ctx.language === "ar" ? ` COLLATE "ar-x-icu"` : ""}, id LIMIT ${first + 1} OFFSET ${offset}`,
    params,
  );
  const n =
    ids[0]?.total_count ??
    (offset > 0 ? ((await ctx.ds.query(`WITH ${ctes} SELECT count(*)::int AS n FROM m`, params)) as { n: number }[])[0].n : 0);
  const loaded = ids.length
    ? await ctx.ds
        .getRepository(Village)
        .createQueryBuilder("v")
        .whereInIds(ids.slice(0, first).map((r) => r.id))
        .getMany()
    : [];
  const byId = new Map(loaded.map((v) => [v.id, v]));
  const edges = ids.slice(0, first).map((r, i) => {
    const node = byId.get(r.id)!;
    return { cursor: encodeOffsetCursor(offset + i), node, match: explain(node, search) };
  });
  return {
    edges,
    totalCount: n,
    pageInfo: offsetPageInfo(edges, offset, ids.length > first),
  };
}

export async function villageBySlug(ctx: Context, slug: string, rootspace?: string | null): Promise<Village> {
  if (!SLUG.test(slug) || slug.length > 120)
    throw new AppError(ErrorCode.BAD_USER_INPUT, "errors.bad_slug", {}, [{ field: "slug", key: "errors.bad_slug" }]);
  const rs = await rootspaceId(ctx, rootspace);
  const v =
    (await ctx.ds.getRepository(Village).findOneBy({ rootspaceId: rs, slug, isPublic: true })) ??
    // The old slug of a village merged into another leads to the kept one (the client redirects).
    (await ctx.ds
      .getRepository(Village)
      .createQueryBuilder("v")
      .innerJoin("village_slug_aliases", "a", "a.village_id = v.id")
      .where("a.rootspace_id = :rs AND a.slug = :slug AND v.is_public", { rs, slug })
      .getOne());
  if (!v) throw notFound();
  return v;
}

export async function villageNode(ctx: Context, rawId: string): Promise<Village | null> {
  if (!isUuid(rawId)) return null;
  // Through the request's loader: `nodes(ids:)` over 100 villages is one statement, not 100.
  const village = await ctx.use(createVillageLoaders).villageById.load(rawId);
  return village && village.rootspaceId === ctx.rootspace.id && village.isPublic ? village : null;
}

/** The districts of a rootspace with their village counts, for the filter. */
export async function listDistricts(ctx: Context, rootspace?: string | null): Promise<District[]> {
  const rs = await rootspaceId(ctx, rootspace);
  return ctx.ds.query(
    `SELECT district AS name, min(district_ar) AS "nameAr", min(district_fr) AS "nameFr", min(governorate) AS governorate,
            min(governorate_ar) AS "governorateAr", min(governorate_fr) AS "governorateFr", count(*)::int AS "villageCount"
       FROM villages WHERE rootspace_id = $1 AND is_public AND district IS NOT NULL GROUP BY district ORDER BY district`,
    [rs],
  );
}

/** Every public village with coordinates (a few thousand points): the map's background. */
export async function villagePoints(ctx: Context, rootspace?: string | null, district?: string | null): Promise<VillagePoint[]> {
  const rs = await rootspaceId(ctx, rootspace);
  return ctx.ds.query(
    `SELECT slug, latitude AS lat, longitude AS lng, name, name_ar AS "nameAr", name_fr AS "nameFr", district FROM villages
      WHERE rootspace_id = $1 AND is_public AND latitude IS NOT NULL AND longitude IS NOT NULL AND ($2::text IS NULL OR district = $2)
      ORDER BY slug`,
    [rs, district ?? null],
  );
}

/** The map's precision: ten-thousandths of a degree (about 11 m on the ground). */
const MAP_UNIT = 10_000;

/**
 * Every public village with coordinates grouped by caza (or one caza's), compact: about a tenth of
 * `villagePoints` for the whole country. A map draws each caza as one cluster at its centre until
 * it is zoomed in, and names a village only when its card opens.
 */
export async function villageMap(ctx: Context, district?: string | null): Promise<VillageMapCaza[]> {
  const rows: { district: string | null; slugs: string[]; lats: number[]; lngs: number[] }[] = await ctx.ds.query(
    `SELECT district, array_agg(slug ORDER BY slug) AS slugs, array_agg(latitude ORDER BY slug) AS lats,
            array_agg(longitude ORDER BY slug) AS lngs
       FROM villages
      WHERE rootspace_id = $1 AND is_public AND latitude IS NOT NULL AND longitude IS NOT NULL AND ($2::text IS NULL OR district = $2)
      GROUP BY district ORDER BY district NULLS LAST`,
    [ctx.rootspace.id, district ?? null],
  );
  return rows.map(({ district, slugs, lats, lngs }) => {
    const mean = (xs: number[]) => Math.round((xs.reduce((a, b) => a + Number(b), 0) / xs.length) * MAP_UNIT);
    const [lat0, lng0] = [mean(lats), mean(lngs)];
    const offsets = slugs.flatMap((_, i) => [Math.round(Number(lats[i]) * MAP_UNIT) - lat0, Math.round(Number(lngs[i]) * MAP_UNIT) - lng0]);
    return { district, count: slugs.length, latitude: lat0 / MAP_UNIT, longitude: lng0 / MAP_UNIT, slugs, offsets };
  });
}
