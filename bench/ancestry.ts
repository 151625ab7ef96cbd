// `npm run bench -- ancestry`: the ancestry desk's queue (`documentDesk`, as the desk page asks
// for it: DocumentDesk of client/src/features/ancestry/ancestry.graphql, 20 a page) over 20,000
// submitted requests (bench/ancestry-data.ts), through the real GraphQL server over HTTP,
// signed in as a document officer, against the very statements the resolver runs for the same
// page over raw pg, in the same run. Four shapes: the whole queue, one state at a time (four
// states in turn), `overdue: true` and `mine: true`.
// The statements are captured from the server's own code: `deskPage` (desk.list.ts) runs once
// per filter on a data source that records each statement, its parameters and its wave (those
// sent together); the baseline replays them prepared, wave after wave, on a pool as large as the
// server's. Today that is one statement a page: the page's requests, the filter's count, and
// what the views read (types, fee lines, officers' names, villages, files, holidays) as one JSON
// document. What the ratio leaves to the server: HTTP, GraphQL parsing, validation and
// execution, the session lookup (one statement), the views and JSON.
// Goal: Roots >= 0.5x raw for every shape (reported, never failing: this machine's cores are
// shared, figures move between runs). On 2 December 2026, on 2 shared cores under a load of 10
// to 16, two runs gave queue 0.22 and 0.30, by state 0.42 and 0.36, overdue 0.51 and 0.49, mine
// 0.29 and 0.53; before the page became one statement, two runs the same afternoon gave 0.09 and
// 0.14, 0.70 and 0.40, 0.38 and 0.44, 0.42 and 0.32. The server answers the whole queue about
// twice as fast as it did (35 to 41 pages/s, was 11 to 19); the baseline sped up too, having one
// round trip instead of two waves.
import type { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { parse, print, type DefinitionNode } from "graphql";
import pg from "pg";
import type { DataSource } from "typeorm";
import { principalOf } from "../server/src/common/auth/principal.js";
import { systemClock } from "../server/src/common/clock.js";
import type { Context } from "../server/src/common/context.js";
import { loadConfig } from "../server/src/config.js";
import { createDataSource } from "../server/src/db/data-source.js";
import { resolveViewer } from "../server/src/modules/accounts/viewer.service.js";
import type { DocumentDeskFilter } from "../server/src/modules/ancestry/ancestry.inputs.js";
import { deskPage } from "../server/src/modules/ancestry/desk.list.js";
import { importVillages } from "../server/src/modules/genealogy/index.js";
import { createTemplate, dropDatabase, withDatabase } from "../tests/support/database.js";
import { seedDesk } from "./ancestry-data.js";
import { benchServerEnv, DURATION, measureHttp, measureLoops, SERVER_NODE_FLAGS, start, stopAll } from "./support.js";

const REQUESTS = Number(process.env.BENCH_ANCESTRY_REQUESTS ?? 20_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
const PORT = Number(process.env.BENCH_PORT ?? 4713);
/** The server's pool (DB_POOL_MAX's default): the baseline's is as large. */
const POOL = 10;
const PAGE = 20;
const GOAL = 0.5;

/** The desk page's query and the fragment it spreads, as the client sends them. */
const DESK_QUERY = (() => {
  const doc = parse(readFileSync("client/src/features/ancestry/ancestry.graphql", "utf8"));
  const named = (d: DefinitionNode, name: string) => "name" in d && d.name?.value === name;
  return doc.definitions
    .filter((d) => named(d, "DocumentDesk") || named(d, "DocumentRequestFields"))
    .map((d) => print(d))
    .join("\n");
})();

const SHAPES: { name: string; filters: DocumentDeskFilter[] }[] = [
  { name: "queue", filters: [{}] },
  { name: "by state", filters: ["in_review", "at_registry", "needs_information", "issued"].map((s) => ({ states: [s] })) },
  { name: "overdue", filters: [{ overdue: true }] },
  { name: "mine", filters: [{ mine: true }] },
];

interface Statement {
  text: string;
  values: unknown[];
  /** Statements sent while others of the same call were still in the database share a wave (the resolver's Promise.all). */
  wave: number;
}

/**
 * A data source that runs queries on `ds` and notes each statement with its parameters and its
 * wave (all `deskPage` asks of it: `query`, and prepared statements, which it logs).
 */
function recording(ds: DataSource, log: Statement[]): DataSource {
  let inFlight = 0;
  let wave = -1;
  const note = (text: string, values?: unknown[]) => {
    if (inFlight === 0) wave++;
    log.push({ text, values: values ?? [], wave });
  };
  return {
    options: { ...ds.options, logging: true },
    driver: ds.driver,
    logger: { logQuery: note },
    query: async (text: string, values?: unknown[]) => {
      note(text, values);
      inFlight++;
      try {
        return await ds.query(text, values);
      } finally {
        inFlight--;
      }
    },
  } as unknown as DataSource;
}

async function gql<T>(token: string, body: string): Promise<T> {
  const res = await fetch(`http://127.0.0.1:${PORT}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body,
  });
  const json = (await res.json()) as { data: T; errors?: unknown };
  if (json.errors) throw new Error(JSON.stringify(json.errors));
  return json.data;
}

export async function benchAncestry(serverUrl: string): Promise<boolean> {
  const dbName = `roots_bench_ancestry_${process.pid}`;
  const url = withDatabase(serverUrl, dbName);
  await createTemplate(serverUrl, dbName);
  const ds = createDataSource({ url, poolMax: POOL });
  await ds.initialize();
  const pool = new pg.Pool({ connectionString: url, max: POOL });
  const children: ChildProcess[] = [];
  try {
    const t0 = Date.now();
    await importVillages(ds);
    const desk = await seedDesk(ds, REQUESTS);
    console.log(
      `\n== ancestry: ${desk.requests} submitted requests, ${desk.lines} fee lines, ${desk.events} events, ${desk.files} files (loaded in ${((Date.now() - t0) / 1000).toFixed(0)} s) ==`,
    );

    // The statements the resolver runs for each filter's first page, as the signed-in officer.
    const viewer = await resolveViewer(ds, desk.officer.token, new Date());
    const log: Statement[] = [];
    const ctx = {
      viewer,
      principal: principalOf(viewer),
      language: "en",
      ds: recording(ds, log),
      clock: systemClock,
      config: loadConfig({ DATABASE_URL: url, LOG_LEVEL: "error" }),
    } as unknown as Context;
    const captured = new Map<DocumentDeskFilter, Statement[]>();
    for (const { filters } of SHAPES)
      for (const f of filters) {
        await deskPage(ctx, f, PAGE); // the first call also reads the link-signing key, which is kept
        log.length = 0;
        await deskPage(ctx, f, PAGE);
        captured.set(
          f,
          log.map((st) => ({ ...st, wave: st.wave - log[0].wave })),
        );
      }

    children.push(
      await start(
        [...SERVER_NODE_FLAGS, "server/dist/main.js"],
        benchServerEnv(url, PORT, { LOG_LEVEL: "info", GRAPHQL_COST_PER_MINUTE: "0" }),
        /Roots is ready/,
      ),
    );
    const auth = { authorization: `Bearer ${desk.officer.token}` };
    const bodyOf = (f: DocumentDeskFilter) => JSON.stringify({ query: DESK_QUERY, variables: { filter: f, first: PAGE } });

    // Both sides answer the same: the server's count and page size are the replayed statement's
    // (the page's one statement answers a JSON document: `n`, the filter's count, and `rows`).
    const replay = async (f: DocumentDeskFilter, shape: string, k: number) => {
      const statements = captured.get(f)!;
      const run = (s: Statement, j: number) =>
        pool.query({ name: `bench_ancestry_${shape}_${k}_${j}`.replace(/\W/g, "_"), text: s.text, values: s.values });
      const results: pg.QueryResult[] = [];
      for (let w = 0; w <= statements[statements.length - 1].wave; w++)
        results.push(...(await Promise.all(statements.flatMap((s, j) => (s.wave === w ? [run(s, j)] : [])))));
      const desk = results[0].rows[0].desk as { n: number; rows: unknown[] };
      return { rows: desk.rows.length, n: desk.n };
    };
    for (const { name, filters } of SHAPES)
      for (const [k, f] of filters.entries()) {
        const ours = await gql<{ documentDesk: { totalCount: number; edges: unknown[] } }>(desk.officer.token, bodyOf(f));
        const raw = await replay(f, name, k);
        if (ours.documentDesk.totalCount !== raw.n || ours.documentDesk.edges.length !== Math.min(PAGE, raw.rows))
          throw new Error(
            `${name} ${JSON.stringify(f)}: GraphQL ${ours.documentDesk.totalCount}/${ours.documentDesk.edges.length}, raw ${raw.n}/${raw.rows}`,
          );
        console.log(
          `${name.padEnd(9)} ${JSON.stringify(f).padEnd(30)} ${String(raw.n).padStart(6)} requests, ${captured.get(f)!.length} statements in ${captured.get(f)!.at(-1)!.wave + 1} wave(s) a page`,
        );
      }
    console.log(`\n${DURATION} s per side (after 2 s of warm-up), ${CONNECTIONS} requests at a time on each side.`);

    const ratios: [string, number][] = [];
    for (const { name, filters } of SHAPES) {
      const raw = await measureLoops(
        `${name}: raw pg, same statements`,
        (_, i) => replay(filters[i % filters.length], name, i % filters.length),
        CONNECTIONS,
      );
      const ours = await measureHttp(`${name}: Roots GraphQL (HTTP)`, PORT, filters.map(bodyOf), CONNECTIONS, DURATION, auth);
      ratios.push([name, ours / raw]);
    }
    // The officer's token was live to the end (a refused request would have measured nothing).
    await gql(desk.officer.token, bodyOf({}));
    console.log("");
    for (const [name, ratio] of ratios)
      console.log(`ancestry ${name.padEnd(9)} Roots / raw pg = ${ratio.toFixed(2)} (goal >= ${GOAL}, reported)`);
    return true;
  } finally {
    await stopAll(children);
    await pool.end();
    await ds.destroy();
    await dropDatabase(serverUrl, dbName);
  }
}
