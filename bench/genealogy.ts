// `npm run bench -- genealogy`: on a generated tree of 200,000 people (bench/genealogy-data.ts),
// 10-generation ancestors and name search through the real GraphQL server over HTTP, each
// against a raw-pg baseline in the same run:
// - ancestors: the very statement the server runs (lineageSql, with the person columns the
//   query selects) over raw pg; goal >= 0.5;
// - search: a naive scan, `full_name ILIKE '%x%' OR full_name_ar ILIKE '%x%'`, for the same
//   page (first 20 by name) and total; goal: ours >= 20x.
// Both sides run with the same concurrency (4: two cores, shared by PostgreSQL, the server and
// the load generator), in alternating rounds; figures still move between runs when other
// processes take CPU (ancestors ratio about ±0.08).
import type { ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { parse, type FieldNode, type OperationDefinitionNode } from "graphql";
import pg from "pg";
import { createDataSource } from "../server/src/db/data-source.js";
import { toGlobalId } from "../server/src/common/global-id.js";
import { selectedFieldNames } from "../server/src/common/selection.js";
import { importVillages } from "../server/src/modules/genealogy/index.js";
import { POLICY_COLUMNS } from "../server/src/modules/genealogy/people/person.policy.js";
import { PERSON_COLUMNS, personColumnsFor } from "../server/src/modules/genealogy/people/person.present.js";
import { lineageSql } from "../server/src/modules/genealogy/people/person.service.js";
import { createTemplate, dropDatabase, withDatabase } from "../tests/support/database.js";
import { generateTree, type Tree } from "./genealogy-data.js";
import { benchServerEnv, DURATION, measureHttp, measurePg, SERVER_NODE_FLAGS, start, stopAll } from "./support.js";

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 200_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
const PORT = Number(process.env.BENCH_PORT ?? 4711);
const ROUNDS = 2;
const GOALS = { ancestors: 0.5, search: 20 };

const ANCESTORS = `query Ancestors($id: ID!) { ancestors(personId: $id, generations: 10) { generation viaId person { id displayName isPrivate birth { year } } } }`;
// The baseline runs the very statement the server runs for ANCESTORS: the same CTE, with the
// person columns that query's selection needs.
const ANCESTORS_SQL = (() => {
  const op = parse(ANCESTORS).definitions[0] as OperationDefinitionNode;
  return lineageSql("ancestors", personColumnsFor(selectedFieldNames(op.selectionSet.selections as FieldNode[], {}, ["person"])));
})();
const SEARCH = `query Search($q: String) { people(search: $q, first: 20) { totalCount edges { match { kind matchedVariant } node { id displayName birth { year } } } } }`;
const NAIVE = `SELECT ${POLICY_COLUMNS}, ${PERSON_COLUMNS},
  (SELECT count(*)::int FROM people p WHERE p.full_name ILIKE $1 OR p.full_name_ar ILIKE $1) AS total_count
  FROM people p WHERE p.full_name ILIKE $1 OR p.full_name_ar ILIKE $1 ORDER BY p.full_name, p.id LIMIT 21`;

async function gql<T>(query: string, variables: Record<string, unknown>): Promise<T> {
  const res = await fetch(`http://127.0.0.1:${PORT}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data: T; errors?: unknown };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

/** Runs the genealogy benchmark; true when both goals are met. */
export async function benchGenealogy(serverUrl: string): Promise<boolean> {
  // BENCH_KEEP=1 keeps the database under a fixed name (BENCH_DB to choose it); otherwise one
  // per run, so two checkouts can bench side by side.
  const dbName = process.env.BENCH_KEEP ? (process.env.BENCH_DB ?? "roots_bench_genealogy") : `roots_bench_genealogy_${process.pid}`;
  const url = withDatabase(serverUrl, dbName);
  const saved = `.data/${dbName}.json`;
  let tree: Tree;
  if (process.env.BENCH_KEEP && existsSync(saved)) {
    tree = JSON.parse(readFileSync(saved, "utf8")) as Tree;
    console.log(`\n== genealogy: reusing ${dbName} (${tree.people} people) ==`);
  } else {
    await createTemplate(serverUrl, dbName); // a fresh database from the migrations
    const ds = createDataSource({ url, poolMax: 2 });
    await ds.initialize();
    const t0 = Date.now();
    await importVillages(ds);
    tree = await generateTree(ds, PEOPLE);
    await ds.destroy();
    if (process.env.BENCH_KEEP) {
      mkdirSync(".data", { recursive: true });
      writeFileSync(saved, JSON.stringify(tree));
    }
    console.log(
      `\n== genealogy: ${tree.people} people, ${tree.links} parent links, ${tree.unions} unions (loaded in ${((Date.now() - t0) / 1000).toFixed(0)} s) ==`,
    );
  }

  const roots = tree.leaves.filter((_, i) => i % Math.floor(tree.leaves.length / 40) === 0).slice(0, 40);
  const children: ChildProcess[] = [];
  const pool = new pg.Pool({ connectionString: url, max: CONNECTIONS });
  try {
    children.push(
      await start(
        [...SERVER_NODE_FLAGS, "server/dist/main.js"],
        benchServerEnv(url, PORT, { LOG_LEVEL: "info", GRAPHQL_COST_PER_MINUTE: "0" }),
        /Roots is ready/,
      ),
    );

    // Both sides answer the same thing: the same ancestors; the search finds what it should.
    let sizes = 0;
    for (const id of roots.slice(0, 5)) {
      const ours = await gql<{ ancestors: unknown[] }>(ANCESTORS, { id: toGlobalId("Person", id) });
      const raw = await pool.query(ANCESTORS_SQL, [id, 10, null, false, "lb"]);
      const rawCount = raw.rows.filter((r: { generation: number }) => r.generation > 0).length;
      if (ours.ancestors.length !== rawCount) throw new Error(`ancestors differ for ${id}: ${ours.ancestors.length} vs ${rawCount}`);
      sizes += rawCount;
    }
    const sample = await gql<{ people: { totalCount: number } }>(SEARCH, { q: tree.searches[0] });
    if (!sample.people.totalCount) throw new Error(`search "${tree.searches[0]}" found nobody`);
    console.log(
      `ancestors: 10 generations, ~${Math.round(sizes / 5)} people each, ${roots.length} starting people; search: ${tree.searches.length} names (e.g. ${tree.searches
        .slice(0, 5)
        .map((s) => `"${s}"`)
        .join(", ")})`,
    );
    console.log(`${DURATION} s per side in ${ROUNDS} alternating rounds, ${CONNECTIONS} concurrent requests on each side.\n`);

    // Each pair alternates (baseline, ours, baseline, ours) and adds up, so load from other
    // processes that comes and goes hits both sides alike.
    const pair = async (base: (d: number) => Promise<number>, ours: (d: number) => Promise<number>): Promise<[number, number]> => {
      let [b, o] = [0, 0];
      for (let round = 0; round < ROUNDS; round++) {
        b += await base(DURATION / ROUNDS);
        o += await ours(DURATION / ROUNDS);
      }
      return [b / ROUNDS, o / ROUNDS];
    };
    const [rawAnc, ourAnc] = await pair(
      (d) =>
        measurePg(
          "ancestors: raw pg, same CTE",
          pool,
          (c, i) => c.query(ANCESTORS_SQL, [roots[i % roots.length], 10, null, false, "lb"]),
          CONNECTIONS,
          d,
        ),
      (d) =>
        measureHttp(
          "ancestors: Roots GraphQL (HTTP)",
          PORT,
          roots.map((id) => JSON.stringify({ query: ANCESTORS, variables: { id: toGlobalId("Person", id) } })),
          CONNECTIONS,
          d,
        ),
    );
    const [naive, ourSearch] = await pair(
      (d) =>
        measurePg(
          "search: naive ILIKE scan, raw pg",
          pool,
          (c, i) => c.query(NAIVE, [`%${tree.searches[i % tree.searches.length]}%`]),
          CONNECTIONS,
          d,
        ),
      (d) =>
        measureHttp(
          "search: Roots GraphQL (HTTP)",
          PORT,
          tree.searches.map((q) => JSON.stringify({ query: SEARCH, variables: { q } })),
          CONNECTIONS,
          d,
        ),
    );
    console.log(
      `\nmean of ${ROUNDS} rounds: ancestors raw ${rawAnc.toFixed(0)} / Roots ${ourAnc.toFixed(0)} req/s; search naive ${naive.toFixed(1)} / Roots ${ourSearch.toFixed(0)} req/s`,
    );

    const ancRatio = ourAnc / rawAnc;
    const searchRatio = ourSearch / naive;
    console.log(`\nancestors: Roots / raw pg     = ${ancRatio.toFixed(2)} (goal >= ${GOALS.ancestors})`);
    console.log(`search:    Roots / naive scan = ${searchRatio.toFixed(1)}x (goal >= ${GOALS.search}x)`);
    const ok = ancRatio >= GOALS.ancestors && searchRatio >= GOALS.search;
    if (!ok)
      console.log(
        "A goal was missed. On a shared 2-core machine the ancestors ratio moves by about ±0.08 between runs (other processes take CPU from one side more than the other); rerun on a quiet machine before concluding.",
      );
    return ok;
  } finally {
    await pool.end();
    await stopAll(children);
    if (!process.env.BENCH_KEEP) await dropDatabase(serverUrl, dbName);
  }
}
