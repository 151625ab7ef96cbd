// `npm run bench`: a page of 50 rootspaces through our server vs a bare graphql-js + pg
// baseline, both started in this run on the same database. Checks that both return the
// same body, then measures throughput with autocannon and prints the ratio (goal >= 0.5).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import autocannon from "autocannon";
import { buildRootspaces } from "../tests/factories/rootspaces.js";
import { createTemplate, dropDatabase, withDatabase } from "../tests/support/database.js";
import { ensureTestDatabaseServer } from "../tests/support/embedded-test-db.js";
import { createDataSource } from "../server/src/db/data-source.js";

const QUERY = `query Bench($first: Int) { rootspaces(first: $first) { totalCount edges { cursor node { id slug name nameAr nameFr countryCode currency timezone isActive } } pageInfo { hasNextPage endCursor } } }`;
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const GOAL = 0.5;

function start(cmd: string[], env: Record<string, string>, readyText: RegExp): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, cmd, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"] });
    child.stdout!.on("data", (c: Buffer) => readyText.test(c.toString()) && resolve(child));
    child.on("exit", (code) => reject(new Error(`${cmd.join(" ")} exited ${code}`)));
  });
}

async function post(port: number): Promise<unknown> {
  const res = await fetch(`http://127.0.0.1:${port}/graphql`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ query: QUERY, variables: { first: 50 } }) });
  return res.json();
}

async function measure(name: string, port: number): Promise<number> {
  const body = JSON.stringify({ query: QUERY, variables: { first: 50 } });
  const opts = { url: `http://127.0.0.1:${port}/graphql`, method: "POST" as const, headers: { "content-type": "application/json" }, body, connections: 20 };
  await autocannon({ ...opts, duration: 2 }); // warm-up
  const r = await autocannon({ ...opts, duration: DURATION });
  if (r.non2xx || r.errors) throw new Error(`${name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  console.log(`${name.padEnd(28)} ${r.requests.average.toFixed(0).padStart(6)} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms`);
  return r.requests.average;
}

const dbServer = await ensureTestDatabaseServer();
const dbName = "roots_bench";
await createTemplate(dbServer.url, dbName);
const url = withDatabase(dbServer.url, dbName);
const ds = createDataSource({ url, poolMax: 2 });
await ds.initialize();
await buildRootspaces(ds, 59, { prefix: "bench" }); // 60 active: a full page of 50 and a next page
await ds.destroy();

const build = spawnSync("npm", ["run", "-s", "build", "-w", "server"], { stdio: "inherit" });
if (build.status !== 0) process.exit(1);

const children: ChildProcess[] = [];
try {
  children.push(await start(["server/dist/main.js"], { DATABASE_URL: url, PORT: "4701", HOST: "127.0.0.1", CLIENT_DIST: "", NODE_ENV: "production", LOG_LEVEL: "info", SEED_DEMO: "false" }, /Roots is ready/));
  children.push(await start(["--import", "@swc-node/register/esm-register", "bench/baseline-server.ts"], { DATABASE_URL: url, PORT: "4702" }, /baseline ready/));

  const [ours, baseline] = [await post(4701), await post(4702)];
  if (JSON.stringify(ours) !== JSON.stringify(baseline)) {
    throw new Error(`Bodies differ:\n${JSON.stringify(ours).slice(0, 400)}\n${JSON.stringify(baseline).slice(0, 400)}`);
  }
  const edges = (ours as { data: { rootspaces: { edges: unknown[] } } }).data.rootspaces.edges.length;
  console.log(`Both servers return the same body (${edges} rootspaces). ${DURATION} s per run, 20 connections.\n`);

  const baseRps = await measure("baseline (graphql-js + pg)", 4702);
  const oursRps = await measure("Roots server", 4701);
  const ratio = oursRps / baseRps;
  console.log(`\nratio Roots / baseline = ${ratio.toFixed(2)} (goal >= ${GOAL})`);
  process.exitCode = ratio >= GOAL ? 0 : 1;
} finally {
  // Stop both servers and wait for them (SIGKILL after 15 s) before dropping their database.
  await Promise.all(
    children.map(
      (c) =>
        new Promise<void>((resolve) => {
          if (c.exitCode !== null) return resolve();
          const force = setTimeout(() => c.kill("SIGKILL"), 15_000);
          c.once("exit", () => {
            clearTimeout(force);
            resolve();
          });
          c.kill("SIGTERM");
        }),
    ),
  );
  await dropDatabase(dbServer.url, dbName);
  await dbServer.stop();
}
