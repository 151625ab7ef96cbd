// A page of 50 rootspaces through our server vs a bare graphql-js + pg baseline, both
// started in this run on the same database. Checks that both return the same body, then
// measures throughput with autocannon and prints the ratio (goal >= 0.5).
import type { ChildProcess } from "node:child_process";
import { buildRootspaces } from "../tests/factories/rootspaces.js";
import { createTemplate, dropDatabase, withDatabase } from "../tests/support/database.js";
import { createDataSource } from "../server/src/db/data-source.js";
import { benchServerEnv, DURATION, measureHttp, SERVER_NODE_FLAGS, start, stopAll } from "./support.js";

const QUERY = `query Bench($first: Int) { rootspaces(first: $first) { totalCount edges { cursor node { id slug name nameAr nameFr countryCode currency timezone isActive } } pageInfo { hasNextPage endCursor } } }`;
const BODY = JSON.stringify({ query: QUERY, variables: { first: 50 } });
const GOAL = 0.5;

async function post(port: number): Promise<unknown> {
  const res = await fetch(`http://127.0.0.1:${port}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: BODY,
  });
  return res.json();
}

/** Runs the rootspaces benchmark; true when the goal is met. */
export async function benchRootspaces(serverUrl: string): Promise<boolean> {
  const dbName = "roots_bench";
  await createTemplate(serverUrl, dbName);
  const url = withDatabase(serverUrl, dbName);
  const ds = createDataSource({ url, poolMax: 2 });
  await ds.initialize();
  await buildRootspaces(ds, 59, { prefix: "bench" }); // 60 active: a full page of 50 and a next page
  await ds.destroy();

  const children: ChildProcess[] = [];
  try {
    children.push(
      await start(
        [...SERVER_NODE_FLAGS, "server/dist/main.js"],
        benchServerEnv(url, 4701, { LOG_LEVEL: "info", GRAPHQL_COST_PER_MINUTE: "0" }),
        /Roots is ready/,
      ),
    );
    children.push(
      await start(
        ["--import", "@swc-node/register/esm-register", "bench/baseline-server.ts"],
        { DATABASE_URL: url, PORT: "4702" },
        /baseline ready/,
      ),
    );

    const [ours, baseline] = [await post(4701), await post(4702)];
    if (JSON.stringify(ours) !== JSON.stringify(baseline)) {
      throw new Error(`Bodies differ:\n${JSON.stringify(ours).slice(0, 400)}\n${JSON.stringify(baseline).slice(0, 400)}`);
    }
    const edges = (ours as { data: { rootspaces: { edges: unknown[] } } }).data.rootspaces.edges.length;
    console.log(
      `\n== rootspaces: a page of 50 ==\nBoth servers return the same body (${edges} rootspaces). ${DURATION} s per run, 20 connections.\n`,
    );

    const baseRps = await measureHttp("baseline (graphql-js + pg)", 4702, [BODY], 20);
    const oursRps = await measureHttp("Roots server", 4701, [BODY], 20);
    const ratio = oursRps / baseRps;
    console.log(`\nratio Roots / baseline = ${ratio.toFixed(2)} (goal >= ${GOAL})`);
    return ratio >= GOAL;
  } finally {
    await stopAll(children);
    await dropDatabase(serverUrl, dbName);
  }
}
