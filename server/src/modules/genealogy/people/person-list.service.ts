import type { Context } from "../../../common/context.js";
import { unauthenticated } from "../../../common/errors.js";
import { DEFAULT_PAGE_SIZE, encodeOffsetCursor, keysetPageInfo, offsetAfter, offsetPageInfo } from "../../../common/pagination.js";
import { bind, keyset, raw, sql, type KeyColumn } from "../../../common/sql.js";
import { nameEquivalents } from "../names/equivalents.js";
import { explainNameMatch, nameSearchCtes, parseNameQuery } from "../names/name-search.js";
import type { PeopleArgs } from "./person.inputs.js";
import { POLICY_COLUMNS } from "./person.policy.js";
import { PERSON_COLUMNS, presentPerson, type PersonRow } from "./person.present.js";
import { rawIdOf } from "./person.service.js";
import type { PersonEdge } from "./person.types.js";
import { seesBirthSql, seesPersonSql, viewerParams } from "./person.visibility.js";

/**
 * People by name (any script or spelling), village, family and birth years. Living
 * people a viewer may not see are left out entirely, so a search reveals nothing of them.
 */
export async function listPeople(
  ctx: Context,
  args: PeopleArgs,
): Promise<{
  edges: PersonEdge[];
  totalCount: number;
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
}> {
  const first = args.first ?? DEFAULT_PAGE_SIZE;
  const v = ctx.viewer;
  const params: unknown[] = [...(await viewerParams(ctx)), ctx.rootspace.id];
  const where = [`p.rootspace_id = $4`, seesPersonSql("p", "$1", "$2", "$3")];
  if (args.mine) {
    if (!v.userId) throw unauthenticated();
    where.push(bind(params, sql`p.created_by = ${v.userId}`));
  }
  if (args.villageId) where.push(bind(params, sql`p.village_id = ${rawIdOf(args.villageId, "Village")}`));
  if (args.familyId) where.push(bind(params, sql`p.family_id = ${rawIdOf(args.familyId, "Family")}`));
  // Birth-year filters only look at births the viewer may see (a curator must not learn a
  // hidden year by narrowing the range).
  const birthVisible = raw(seesBirthSql("p", "$1", "$2"));
  if (args.bornFrom) where.push(bind(params, sql`${birthVisible} AND p.birth_date_to >= make_date(${args.bornFrom}, 1, 1)`));
  if (args.bornTo) where.push(bind(params, sql`${birthVisible} AND p.birth_date_from <= make_date(${args.bornTo}, 12, 31)`));
  const search = args.search?.trim();
  // A search expands each word to its equivalents in other languages (Juan → Hanna, يوحنا).
  const equivalents = search ? await nameEquivalents(ctx.ds) : undefined;
  const q = parseNameQuery(search, equivalents);
  if (search && !q) where.push("false");
  const whereSql = where.join(" AND ");
  return q ? searchPeople(ctx, q, whereSql, params, first, args.after) : listPage(ctx, whereSql, params, first, args.after);
}

/** A plain list: by name, then id, paged by keyset (the cursor holds both). */
const NAME_ORDER: KeyColumn[] = [
  { expr: "p.full_name", type: "text" },
  { expr: "p.id", type: "uuid" },
];

type PeoplePage = Awaited<ReturnType<typeof listPeople>>;

async function listPage(
  ctx: Context,
  whereSql: string,
  params: unknown[],
  first: number,
  after: string | null | undefined,
): Promise<PeoplePage> {
  const countSql = `SELECT count(*)::int AS n FROM people p WHERE ${whereSql}`;
  const filterParams = params.slice();
  const page = keyset(params, NAME_ORDER, after);
  // One statement for the page and its total (a separate count only for a page past the end).
  const rows: (PersonRow & { total_count: number; _k0: string; _k1: string })[] =
    first === 0
      ? []
      : await ctx.ds.query(
          `SELECT ${POLICY_COLUMNS}, ${PERSON_COLUMNS}, ${page.select}, (${countSql}) AS total_count FROM people p WHERE ${whereSql} AND ${page.after} ORDER BY ${page.orderBy} LIMIT ${first + 1}`,
          params,
        );
  const n = rows[0]?.total_count ?? ((await ctx.ds.query(countSql, filterParams)) as { n: number }[])[0].n;
  const edges = rows
    .slice(0, first)
    .map((r) => ({ cursor: page.cursor(r), node: presentPerson(r, ctx.principal, ctx.language), match: null }));
  return { edges, totalCount: n, pageInfo: keysetPageInfo(edges, rows.length > first, after) };
}

/** A name search: ranked by how well each name matches, so paged by position in the ranking. */
async function searchPeople(
  ctx: Context,
  q: NonNullable<ReturnType<typeof parseNameQuery>>,
  whereSql: string,
  params: unknown[],
  first: number,
  after: string | null | undefined,
): Promise<PeoplePage> {
  const offset = offsetAfter(after);
  const ctes = nameSearchCtes(q, "people", "p", whereSql, "p.full_name", params);
  // A search ranks its matches once (m), counts them and joins the page's rows.
  const statement = `WITH ${ctes}, top AS (SELECT * FROM m ORDER BY rank DESC, sort_name, id LIMIT ${first + 1} OFFSET ${offset})
       SELECT ${POLICY_COLUMNS}, ${PERSON_COLUMNS}, (SELECT count(*)::int FROM m) AS total_count
         FROM top JOIN people p ON p.id = top.id ORDER BY top.rank DESC, top.sort_name, top.id`;
  const rows: (PersonRow & { total_count: number })[] = await ctx.ds.query(statement, params);
  const n =
    rows[0]?.total_count ??
    (offset > 0 ? ((await ctx.ds.query(`WITH ${ctes} SELECT count(*)::int AS n FROM m`, params)) as { n: number }[])[0].n : 0);
  const edges = rows.slice(0, first).map((r, i) => {
    const node = presentPerson(r, ctx.principal, ctx.language);
    // Explained from what the viewer may see: a private person's names stay hidden.
    const why = !node.isPrivate ? explainNameMatch([node.fullName, node.fullNameAr, ...node.nameVariants], q) : null;
    return {
      cursor: encodeOffsetCursor(offset + i),
      node,
      match: why && { kind: why.kind, matchedVariant: why.matched, score: why.score, via: why.steps },
    };
  });
  return { edges, totalCount: n, pageInfo: offsetPageInfo(edges, offset, rows.length > first) };
}
