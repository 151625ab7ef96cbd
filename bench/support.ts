// Shared by the benchmarks: start and stop server processes, measure an HTTP endpoint with
// autocannon and a raw-pg baseline with the same concurrency, print one line per run.
import { spawn, type ChildProcess } from "node:child_process";
import autocannon from "autocannon";
import type pg from "pg";

export const DURATION = Number(process.env.BENCH_SECONDS ?? 8);

/**
 * How production starts the server (Dockerfile, scripts/start.mjs): a larger V8 young generation.
 * BENCH_SERVER_FLAGS adds more to the servers only, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to
 * profile them (NODE_OPTIONS refuses `--cpu-prof`).
 */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=32", ...(process.env.BENCH_SERVER_FLAGS?.split(/\s+/).filter(Boolean) ?? [])];

/**
 * A production server's environment for a benchmark: on `url`, at `port`, no client build, no
 * demo data, and operations taken as text as a partner or a test sends them (production
 * otherwise runs only the client's trusted documents). `extra` adds or overrides.
 */
export const benchServerEnv = (url: string, port: number, extra: Record<string, string> = {}): Record<string, string> => ({
  DATABASE_URL: url,
  PORT: String(port),
  HOST: "127.0.0.1",
  CLIENT_DIST: "",
  NODE_ENV: "production",
  SEED_DEMO: "false",
  GRAPHQL_TRUSTED_DOCUMENTS: "false",
  ...extra,
});

/** Starts `node cmd…` and resolves once its stdout shows `readyText`. */
export function start(cmd: string[], env: Record<string, string>, readyText: RegExp): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, cmd, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"] });
    child.stdout!.on("data", (c: Buffer) => readyText.test(c.toString()) && resolve(child));
    child.on("exit", (code) => reject(new Error(`${cmd.join(" ")} exited ${code}`)));
  });
}

/** Stops the children and waits for them (SIGKILL after 15 s), so their database can be dropped. */
export function stopAll(children: ChildProcess[]): Promise<void[]> {
  return Promise.all(
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
}

export function report(name: string, rps: number, p50: number, p99: number): void {
  console.log(`${name.padEnd(34)} ${rps.toFixed(0).padStart(6)} req/s  p50 ${p50} ms  p99 ${p99} ms`);
}

/** Requests/s of POST /graphql at `port`, cycling through `bodies` (a 2 s warm-up first); `headers` are sent too (e.g. `authorization`). */
export async function measureHttp(
  name: string,
  port: number,
  bodies: string[],
  connections: number,
  duration = DURATION,
  headers: Record<string, string> = {},
): Promise<number> {
  const opts = {
    url: `http://127.0.0.1:${port}/graphql`,
    connections,
    requests: bodies.map((body) => ({ method: "POST" as const, headers: { "content-type": "application/json", ...headers }, body })),
  };
  await autocannon({ ...opts, duration: 2 });
  const r = await autocannon({ ...opts, duration });
  if (r.non2xx || r.errors) throw new Error(`${name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  report(name, r.requests.average, r.latency.p50, r.latency.p99);
  return r.requests.average;
}

/** Requests/s of `run(client, i, loop)` over raw pg: `concurrency` loops for `duration` seconds (after a 2 s warm-up), each on a client of its own. */
export async function measurePg(
  name: string,
  pool: pg.Pool,
  run: (c: pg.PoolClient, i: number, loop: number) => Promise<unknown>,
  concurrency: number,
  duration = DURATION,
): Promise<number> {
  const clients = await Promise.all(Array.from({ length: concurrency }, () => pool.connect()));
  try {
    return await measureLoops(name, (loop, i) => run(clients[loop], i, loop), concurrency, duration);
  } finally {
    for (const c of clients) c.release();
  }
}

/** Calls/s of `run(loop, i)`: `concurrency` loops for `duration` seconds (after a 2 s warm-up); `i` counts calls. */
export async function measureLoops(
  name: string,
  run: (loop: number, i: number) => Promise<unknown>,
  concurrency: number,
  duration = DURATION,
): Promise<number> {
  const loop = async (seconds: number, latencies: number[]) => {
    const end = Date.now() + seconds * 1000;
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async (_, l) => {
        while (Date.now() < end) {
          const t = performance.now();
          await run(l, next++);
          latencies.push(performance.now() - t);
        }
      }),
    );
  };
  await loop(2, []);
  const latencies: number[] = [];
  await loop(duration, latencies);
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  const rps = latencies.length / duration;
  report(name, rps, at(0.5), at(0.99));
  return rps;
}
