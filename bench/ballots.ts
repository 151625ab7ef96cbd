// `npm run bench -- ballots`: 1,000 WebSocket subscribers to one ballot's live tally
// (`ballotTallyUpdated`) while votes arrive through castVote, on one server instance and on two
// that share Redis (subscribers and votes spread over both). Measured in the same run:
// - delivery latency from publish to receipt, p50 and p99: each tally carries `publishedAt`, the
//   moment the server took the counts it publishes; a subscriber notes when it receives it;
// - the fraction of updates delivered to every subscriber (an update is a turnout any subscriber
//   saw, or the ballot's last published count);
// - castVote throughput (GraphQL over HTTP, each vote by another member on the roll) against the
//   same inserts over raw pg: one vote per statement, the very statement castVote runs
//   (CAST_VOTES_SQL: the ballot held open, the roll entry marked, the secret vote inserted),
//   prepared as castVote prepares it. Both with BENCH_CONNECTIONS voters at a time (16: a
//   throughput is what a side sustains when votes keep coming; with 4, each side mostly waits
//   for its round trips) and after a warm-up of their own (V8's and PostgreSQL's plans).
//   castVote also signs each member in (a query) and sends the votes that arrive while others are
//   in the database together (group commit).
// Goals: 100 % delivered, p99 < 250 ms, castVote >= 0.5x raw. Tallies are batched (at most one
// every 2 s), so a run of VOTE_SECONDS gives about VOTE_SECONDS / 2 updates of 1,000 deliveries each.
import type { ChildProcess } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import http from "node:http";
import { createClient, type Client } from "graphql-ws";
import pg from "pg";
import WebSocket from "ws";
import { newToken } from "../server/src/modules/accounts/tokens.js";
import { hashToken } from "../server/src/modules/accounts/index.js";
import { createDataSource } from "../server/src/db/data-source.js";
import { receiptOf } from "../server/src/modules/ballots/board.js";
import { TALLY_EVERY_MS } from "../server/src/modules/ballots/tally.js";
import { CAST_VOTES_SQL } from "../server/src/modules/ballots/vote.service.js";
import { seedOpenBallot } from "../tests/support/ballots.js";
import { createTemplate, dropDatabase, withDatabase } from "../tests/support/database.js";
import { buildVillage } from "../tests/support/genealogy.js";
import { benchServerEnv, SERVER_NODE_FLAGS, start, stopAll } from "./support.js";

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 1000);
const VOTE_SECONDS = Number(process.env.BENCH_BALLOT_SECONDS ?? 16);
const CONCURRENCY = Number(process.env.BENCH_CONNECTIONS ?? 16);
const WARM_SECONDS = Number(process.env.BENCH_WARM_SECONDS ?? 8);
const RAMP = 100;
const VOTERS = Number(process.env.BENCH_VOTERS ?? 120_000);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";
const PORTS = [4731, 4732];
const GOALS = { delivered: 1, p99Ms: 250, ratio: 0.5 };

const TALLY = `subscription ($id: ID!) { ballotTallyUpdated(ballotId: $id) { turnout publishedAt } }`;
const VOTE = `mutation ($id: ID!, $choice: VoteChoice!) { castVote(ballotId: $id, choice: $choice) { receipt } }`;
const CHOICES = ["YES", "NO", "ABSTAIN"] as const;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

interface Voter {
  id: string;
  token: string;
}

/** `n` members with a live session each, written in bulk (the session rows the server reads a bearer token from). */
export async function makeVoters(pool: pg.Pool, n: number): Promise<Voter[]> {
  const voters = Array.from({ length: n }, () => ({ id: randomUUID(), token: newToken() }));
  const expires = new Date(Date.now() + 86_400_000);
  for (let i = 0; i < n; i += 2000) {
    const part = voters.slice(i, i + 2000);
    await pool.query(
      `INSERT INTO users (id, email, display_name) SELECT u, 'voter-' || u || '@example.test', 'Voter' FROM unnest($1::uuid[]) AS u`,
      [part.map((v) => v.id)],
    );
    await pool.query(
      `INSERT INTO sessions (id, user_id, token_hash, expires_at, refresh_expires_at) SELECT gen_random_uuid(), u, h, $3, $3 FROM unnest($1::uuid[], $2::text[]) AS t(u, h)`,
      [part.map((v) => v.id), part.map((v) => hashToken(v.token)), expires],
    );
  }
  return voters;
}

/** Votes from `voters` (each once, from `from` on) by `CONCURRENCY` loops for `seconds`: votes per second, and where it stopped. */
async function voteFor(
  seconds: number,
  voters: Voter[],
  castOne: (v: Voter, i: number) => Promise<void>,
  from = 0,
): Promise<{ rate: number; votes: number; next: number }> {
  let next = from;
  const t0 = performance.now();
  const end = t0 + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end && next < voters.length) {
        const i = next++;
        await castOne(voters[i], i);
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  if (next >= voters.length) console.log(`(all ${voters.length} voters had voted after ${elapsed.toFixed(1)} s: raise BENCH_VOTERS)`);
  return { rate: (next - from) / elapsed, votes: next - from, next };
}

/** One vote by the very statement castVote runs (CAST_VOTES_SQL), prepared, over raw pg. */
async function rawVote(pool: pg.Pool, ballotId: string, voter: Voter, i: number): Promise<void> {
  const choice = ["yes", "no", "abstain"][i % 3] as "yes" | "no" | "abstain";
  const receipt = receiptOf(ballotId, choice, randomBytes(32).toString("base64url"));
  const { rows } = await pool.query({
    name: "bench_cast_votes",
    text: CAST_VOTES_SQL,
    values: [ballotId, "lb", [voter.id], [new Date()], [randomUUID()], [choice], [receipt]],
  });
  if (rows[0]?.cast !== true) throw new Error(`raw vote refused: ${JSON.stringify(rows[0])}`);
}

/**
 * Kept-alive node:http, not fetch: the load generator shares this machine's cores with the server
 * and PostgreSQL, and fetch's per-request cost (undici's streams and promises) showed in the
 * measure as castVote's (0.23x with fetch, 0.29x with this, same server).
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

async function castVote(port: number, ballot: string, voter: Voter, i: number): Promise<void> {
  const payload = JSON.stringify({ query: VOTE, variables: { id: ballot, choice: CHOICES[i % 3] } });
  const text = await new Promise<string>((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path: "/graphql",
        method: "POST",
        agent,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(payload),
          authorization: `Bearer ${voter.token}`,
        },
      },
      (res) => {
        let data = "";
        res.setEncoding("utf8");
        res.on("data", (c) => (data += c));
        res.on("end", () => resolve(data));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
  const body = JSON.parse(text) as { errors?: unknown };
  if (body.errors) throw new Error(`castVote: ${JSON.stringify(body.errors)}`);
}

interface Received {
  turnout: number;
  latencyMs: number;
}

/**
 * `SUBSCRIBERS` graphql-ws clients spread over `ports`, each subscribed to the ballot's tally;
 * they join in steps of `RAMP` (as members open the results page, not all in one millisecond)
 * and it resolves once all are connected.
 */
async function subscribe(ports: number[], ballot: string): Promise<{ clients: Client[]; got: Received[][]; errors: unknown[] }> {
  const got: Received[][] = Array.from({ length: SUBSCRIBERS }, () => []);
  const errors: unknown[] = [];
  const clients: Client[] = [];
  let connected = 0;
  for (let i = 0; i < SUBSCRIBERS; i++) {
    const client = createClient({
      url: `ws://127.0.0.1:${ports[i % ports.length]}/graphql`,
      webSocketImpl: WebSocket,
      retryAttempts: 0,
      lazy: false,
      on: { connected: () => void connected++ },
    });
    clients.push(client);
    client.subscribe<{ ballotTallyUpdated: { turnout: number; publishedAt: string } }>(
      { query: TALLY, variables: { id: ballot } },
      {
        next: (v) => {
          if (v.errors) return void errors.push(v.errors);
          const t = v.data!.ballotTallyUpdated;
          got[i].push({ turnout: t.turnout, latencyMs: Date.now() - new Date(t.publishedAt).getTime() });
        },
        error: (err) => void errors.push(err),
        complete: () => undefined,
      },
    );
    if ((i + 1) % RAMP === 0 || i + 1 === SUBSCRIBERS)
      for (const end = Date.now() + 30_000; connected <= i && Date.now() < end;) await sleep(20);
  }
  if (connected < SUBSCRIBERS) throw new Error(`only ${connected} of ${SUBSCRIBERS} subscribers connected`);
  return { clients, got, errors };
}

/** Its own sockets: a probe never waits for one of the votes'. */
const healthAgent = new http.Agent({ keepAlive: true });

/** GET /health, its time in ms (a request's wait behind the fan-out: the event loop's lag plus one round trip to PostgreSQL). */
async function healthTime(port: number): Promise<number> {
  const t0 = performance.now();
  await new Promise<void>((resolve, reject) => {
    const req = http.get(
      { host: "127.0.0.1", port, path: "/health", agent: healthAgent, headers: { accept: "application/json" } },
      (res) => {
        res.resume();
        res.on("end", () => resolve());
        res.on("error", reject);
      },
    );
    req.on("error", reject);
  });
  return performance.now() - t0;
}

/** A process's resident memory now (Linux /proc), in MB. */
async function rssMb(pid: number | undefined): Promise<number> {
  if (!pid) return NaN;
  const status = await readFile(`/proc/${pid}/status`, "utf8").catch(() => "");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

/**
 * While `during` runs: /health asked on every port every 100 ms (one at a time per port: a request
 * still waiting is not doubled), and each server's resident memory every 250 ms.
 */
async function probing<T>(ports: number[], pids: (number | undefined)[], during: () => Promise<T>) {
  const health: number[] = [];
  const rss = pids.map(() => 0);
  let stop = false;
  const loops = [
    ...ports.map(async (port) => {
      while (!stop) {
        health.push(await healthTime(port).catch(() => Infinity));
        await sleep(100);
      }
    }),
    (async () => {
      while (!stop) {
        const now = await Promise.all(pids.map(rssMb));
        now.forEach((mb, i) => (rss[i] = Math.max(rss[i], mb)));
        await sleep(250);
      }
    })(),
  ];
  try {
    const result = await during();
    stop = true;
    await Promise.all(loops);
    return { result, health: health.sort((a, b) => a - b), rss };
  } finally {
    stop = true;
  }
}

/** A process's CPU time so far, every thread's (Linux /proc schedstat), in ns. */
async function cpuNs(pid: number | undefined): Promise<number> {
  if (!pid) return NaN;
  const tasks = await readdir(`/proc/${pid}/task`).catch(() => [] as string[]);
  const each = await Promise.all(tasks.map((t) => readFile(`/proc/${pid}/task/${t}/schedstat`, "utf8").catch(() => "0")));
  return each.reduce((sum, text) => sum + Number(text.split(" ")[0]), 0);
}

/** The next voter from the end of the list for votes on the control ballot (each votes once there, whichever scenario). */
let spare: number | undefined;

/**
 * The servers' CPU per delivery of one update, with nothing else going on: `rounds` times, three
 * votes (the least that publishes) once the batch window allows, then the servers' CPU time from
 * before the votes to the last subscriber's receipt, less the same three votes' cost on a ballot
 * nobody watches (`control`, voters from the end of the list), over the subscribers. Also how
 * long the last subscriber waited from the count's time.
 */
async function quietUpdates(
  ports: number[],
  pids: (number | undefined)[],
  ballot: string,
  ballotRaw: string,
  control: string,
  voters: Voter[],
  from: number,
  got: Received[][],
  pool: pg.Pool,
  rounds = 3,
) {
  const cpuOf = async () => (await Promise.all(pids.map(cpuNs))).reduce((a, b) => a + b, 0);
  const votesAlone = async (): Promise<number> => {
    await sleep(TALLY_EVERY_MS + 300);
    const cpu0 = await cpuOf();
    for (let k = 0; k < 3; k++) {
      const i = (spare = (spare ?? voters.length) - 1);
      await castVote(ports[i % ports.length], control, voters[i], i);
    }
    await sleep(100);
    return (await cpuOf()) - cpu0;
  };
  const updateNs: number[] = [];
  const votesNs: number[] = [];
  const lastMs: number[] = [];
  let used = from;
  const published = async () =>
    ((await pool.query(`SELECT published FROM ballots WHERE id = $1`, [ballotRaw])).rows[0] as { published: number }).published;
  for (let round = 0; round < rounds; round++) {
    const votesCost = await votesAlone();
    await sleep(TALLY_EVERY_MS + 300);
    const before = await published();
    const cpu0 = await cpuOf();
    for (let k = 0; k < 3; k++, used++) await castVote(ports[used % ports.length], ballot, voters[used], used);
    let now = before;
    for (const end = Date.now() + 10_000; now === before && Date.now() < end;) {
      await sleep(5);
      now = await published();
    }
    for (const end = Date.now() + 30_000; got.some((g) => !g.some((r) => r.turnout === now)) && Date.now() < end;) await sleep(2);
    await sleep(100);
    const cpu1 = await cpuOf();
    if (got.some((g) => !g.some((r) => r.turnout === now)))
      throw new Error(`a quiet update (turnout ${now}) did not reach every subscriber`);
    updateNs.push(cpu1 - cpu0);
    votesNs.push(votesCost);
    lastMs.push(Math.max(...got.map((g) => g.find((r) => r.turnout === now)!.latencyMs)));
  }
  const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return {
    cpuUs: (median(updateNs) - median(votesNs)) / 1000 / SUBSCRIBERS,
    updateMs: median(updateNs) / 1e6,
    votesMs: median(votesNs) / 1e6,
    lastMs: median(lastMs),
  };
}

/** Subscribers on `ports`, votes through them in turn; what was delivered, how fast, and castVote's rate. */
async function scenario(
  name: string,
  ports: number[],
  pids: (number | undefined)[],
  ballot: string,
  ballotRaw: string,
  control: string,
  voters: Voter[],
  pool: pg.Pool,
) {
  const { clients, got, errors } = await subscribe(ports, ballot);
  try {
    // Warm-up: votes in threes (the least that publishes) until every subscriber has had an update,
    // so that each subscription is known to be live before anything is measured.
    let used = 0;
    for (let round = 0; round < 15 && got.some((g) => !g.length); round++) {
      for (let k = 0; k < 3; k++, used++) await castVote(ports[used % ports.length], ballot, voters[used], used);
      await sleep(2100);
    }
    const live = got.filter((g) => g.length).length;
    if (live < SUBSCRIBERS) throw new Error(`${name}: only ${live} of ${SUBSCRIBERS} subscribers heard the warm-up`);
    // Then votes at full pace, unmeasured (the server's code gets hot), and their last update out.
    const cast = (v: Voter, i: number) => castVote(ports[i % ports.length], ballot, v, i);
    const { next } = await voteFor(WARM_SECONDS, voters, cast, used);
    await sleep(TALLY_EVERY_MS + 500);
    const warmTurnouts = new Set(got.flatMap((g) => g.map((r) => r.turnout)));
    got.forEach((g) => (g.length = 0));

    const {
      result: { rate, votes, next: after },
      health,
      rss,
    } = await probing(ports, pids, async () => {
      const r = await voteFor(VOTE_SECONDS, voters, cast, next);
      await sleep(3000); // the last batched update (a flush 2 s after the one before)
      return r;
    });
    // Its deliveries, however long the fan-out takes (up to 60 s: past that, what has not come counts as lost).
    const [{ published }]: { published: number }[] = (await pool.query(`SELECT published FROM ballots WHERE id = $1`, [ballotRaw])).rows;
    for (const end = Date.now() + 60_000; got.some((g) => !g.some((r) => r.turnout === published)) && Date.now() < end;) await sleep(20);
    const measuredTurnouts = got.map((g) => g.slice());
    const updates = new Set(measuredTurnouts.flatMap((g) => g.map((r) => r.turnout)).filter((t) => !warmTurnouts.has(t)));
    updates.add(published);
    let delivered = 0;
    const latencies: number[] = [];
    for (const g of measuredTurnouts) {
      const mine = new Map(g.map((r) => [r.turnout, r.latencyMs]));
      for (const u of updates)
        if (mine.has(u)) {
          delivered++;
          latencies.push(mine.get(u)!);
        }
    }
    latencies.sort((a, b) => a - b);
    const quiet = await quietUpdates(ports, pids, ballot, ballotRaw, control, voters, after, got, pool);
    return {
      quiet,
      name,
      rate,
      votes,
      updates: updates.size,
      delivered: delivered / (updates.size * SUBSCRIBERS),
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
      max: latencies[latencies.length - 1] ?? NaN,
      errors: errors.length,
      health: { p50: percentile(health, 0.5), p99: percentile(health, 0.99), max: health[health.length - 1] ?? NaN },
      rss,
    };
  } finally {
    await Promise.all(clients.map((c) => c.dispose()));
  }
}

const serverEnv = (url: string, port: number, redis: boolean): Record<string, string> =>
  benchServerEnv(url, port, { LOG_LEVEL: "info", GRAPHQL_COST_PER_MINUTE: "0", ...(redis ? { REDIS_URL } : {}) });

export async function benchBallots(serverUrl: string): Promise<boolean> {
  const dbName = `roots_bench_ballots_${process.pid}`;
  const url = withDatabase(serverUrl, dbName);
  await createTemplate(serverUrl, dbName);
  const ds = createDataSource({ url, poolMax: 2 });
  await ds.initialize();
  const pool = new pg.Pool({ connectionString: url, max: CONCURRENCY });
  const children: ChildProcess[] = [];
  try {
    const village = await buildVillage({ ds }, "Bench");
    const voters = await makeVoters(pool, VOTERS);
    const ids = voters.map((v) => v.id);
    const ballotIds = {
      raw: await seedOpenBallot(ds, village, ids),
      one: await seedOpenBallot(ds, village, ids),
      two: await seedOpenBallot(ds, village, ids),
    };
    const rawOf = (gid: string) => Buffer.from(gid, "base64url").toString().split(":")[1];
    console.log(
      `\n## Ballots: ${SUBSCRIBERS} WebSocket subscribers on one ballot while votes arrive for ${VOTE_SECONDS} s (${CONCURRENCY} at a time), ${VOTERS} members on the roll`,
    );

    const rawCast = (v: Voter, i: number) => rawVote(pool, rawOf(ballotIds.raw), v, i);
    const raw = await voteFor(VOTE_SECONDS, voters, rawCast, (await voteFor(WARM_SECONDS, voters, rawCast)).next);
    console.log(`${"raw pg: the vote statement".padEnd(40)} ${raw.rate.toFixed(0).padStart(6)} votes/s (${raw.votes} votes)`);

    children.push(await start([...SERVER_NODE_FLAGS, "server/dist/main.js"], serverEnv(url, PORTS[0], false), /Roots is ready/));
    const one = await scenario(
      "one instance",
      [PORTS[0]],
      [children[0].pid],
      ballotIds.one,
      rawOf(ballotIds.one),
      ballotIds.raw,
      voters,
      pool,
    );
    await stopAll(children.splice(0));

    children.push(await start([...SERVER_NODE_FLAGS, "server/dist/main.js"], serverEnv(url, PORTS[0], true), /Roots is ready/));
    children.push(await start([...SERVER_NODE_FLAGS, "server/dist/main.js"], serverEnv(url, PORTS[1], true), /Roots is ready/));
    const two = await scenario(
      "two instances behind Redis",
      PORTS,
      [children[0].pid, children[1].pid],
      ballotIds.two,
      rawOf(ballotIds.two),
      ballotIds.raw,
      voters,
      pool,
    );

    let ok = true;
    const mark = (met: boolean) => {
      ok &&= met;
      return met ? "met" : "MISSED";
    };
    for (const r of [one, two]) {
      console.log(`\n${r.name}: ${r.updates} updates × ${SUBSCRIBERS} subscribers${r.errors ? `, ${r.errors} subscription errors` : ""}`);
      console.log(
        `  delivered to every subscriber: ${(r.delivered * 100).toFixed(2)} %   (goal 100 %: ${mark(r.delivered >= GOALS.delivered && !r.errors)})`,
      );
      console.log(
        `  publish → receipt: p50 ${r.p50} ms, p99 ${r.p99} ms, max ${r.max} ms   (goal p99 < ${GOALS.p99Ms} ms: ${mark(r.p99 < GOALS.p99Ms)})`,
      );
      const ms = (x: number) => (Number.isFinite(x) ? x.toFixed(0) : "no answer");
      console.log(
        `  one update alone (median of 3): ${r.quiet.cpuUs.toFixed(1)} µs of server CPU per delivery (${r.quiet.updateMs.toFixed(0)} ms for its three votes and fan-out, less ${r.quiet.votesMs.toFixed(0)} ms for three votes nobody watches), last subscriber ${r.quiet.lastMs} ms after the count`,
      );
      console.log(`  GET /health meanwhile: p50 ${ms(r.health.p50)} ms, p99 ${ms(r.health.p99)} ms, max ${ms(r.health.max)} ms`);
      console.log(
        `  server RSS at most: ${r.rss.map((mb) => `${mb.toFixed(0)} MB`).join(", ")}   (goal < 1 GB each: ${mark(r.rss.every((mb) => mb < 1024))})`,
      );
      const ratio = r.rate / raw.rate;
      console.log(
        `  castVote: ${r.rate.toFixed(0)} votes/s (${r.votes} votes) = ${ratio.toFixed(2)}× raw pg ${raw.rate.toFixed(0)}/s   (goal >= ${GOALS.ratio}×: ${mark(ratio >= GOALS.ratio)})`,
      );
    }
    return ok;
  } finally {
    await stopAll(children);
    await pool.end();
    await ds.destroy();
    await dropDatabase(serverUrl, dbName);
  }
}
