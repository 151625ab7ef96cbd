import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { fromGlobalId } from "../../server/src/common/global-id.js";
import { ANNOUNCE_BATCH, announce } from "../../server/src/modules/ballots/notifications.js";
import type { ProposalRow } from "../../server/src/modules/ballots/proposal.service.js";
import { loadConfig } from "../../server/src/config.js";
import { seedOpenBallot } from "../support/ballots.js";
import { buildVillage } from "../support/genealogy.js";
import { exited } from "../support/main-process.js";
import { startTestServer, type TestServer } from "../support/server.js";

/**
 * A ballot's announcement to a large roll goes out as jobs of ANNOUNCE_BATCH members: a worker
 * killed (kill -9) in the middle leaves the batches it finished told and the one it was in untold;
 * another worker takes up the rest, and every member is told exactly once.
 */
let server: TestServer;
const workers: ChildProcess[] = [];
const ROLL = 5 * ANNOUNCE_BATCH;

beforeAll(async () => {
  // This server only sends jobs: the workers are the processes below.
  server = await startTestServer({ JOBS_WORK: "false" });
});
afterAll(async () => {
  for (const w of workers) if (w.exitCode === null) w.kill("SIGKILL");
  await server.stop();
});

async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 90_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out; last: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A process running the server's jobs on the test database, as another instance would. */
async function startWorker(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "@swc-node/register/esm-register", "tests/support/job-worker-process.ts"], {
    env: {
      PATH: process.env.PATH,
      SWC_NODE_PROJECT: "tests/tsconfig.json",
      DATABASE_URL: server.databaseUrl,
      JOB_WORKER_JOBS: "server",
      JOBS_MAINTENANCE_SECONDS: "1",
      JOBS_POLL_MS: "500",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  workers.push(child);
  let out = "";
  child.stdout!.on("data", (c: Buffer) => (out += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (out += c.toString()));
  await until(
    async () => out,
    (o) => o.includes("worker ready") || child.exitCode !== null,
  );
  if (child.exitCode !== null) throw new Error(`worker ended: ${out}`);
  return child;
}

const told = async (): Promise<number> =>
  ((await server.ds.query(`SELECT count(*)::int AS n FROM notifications WHERE kind = 'ballots.update'`)) as { n: number }[])[0].n;

describe("a ballot's announcement to its roll", () => {
  it("goes out in batches that a killed worker's successor finishes, each member told exactly once", async () => {
    const village = await buildVillage(server, "Bsharri");
    const roll = Array.from({ length: ROLL }, () => randomUUID());
    await server.ds.query(
      `INSERT INTO users (id, email, display_name) SELECT u, 'member-' || u || '@example.test', 'Member' FROM unnest($1::uuid[]) AS u`,
      [roll],
    );
    const ballot = fromGlobalId(await seedOpenBallot(server.ds, village, roll))!.id;
    const [p]: ProposalRow[] = await server.ds.query(
      `SELECT p.* FROM ballot_proposals p JOIN ballots b ON b.proposal_id = p.id WHERE b.id = $1`,
      [ballot],
    );
    const first = await startWorker();
    await announce({ ds: server.ds, jobs: server.scheduler, bus: server.bus, config: loadConfig({}) }, p, "open", null, roll);
    // Killed once its first batch is told, before the last.
    const before = await until(told, (n) => n >= ANNOUNCE_BATCH);
    first.kill("SIGKILL");
    await exited(first);
    const atKill = await told();
    expect(before % ANNOUNCE_BATCH).toBe(0);
    expect(atKill % ANNOUNCE_BATCH).toBe(0);
    expect(atKill).toBeLessThan(ROLL);

    // Another instance takes up the rest (the killed batch once its delivery expires).
    await startWorker();
    await until(told, (n) => n >= ROLL, 120_000);
    await new Promise((r) => setTimeout(r, 1_000));
    const perMember: { user_id: string; n: number }[] = await server.ds.query(
      `SELECT user_id, count(*)::int AS n FROM notifications WHERE kind = 'ballots.update' GROUP BY user_id`,
    );
    expect(perMember).toHaveLength(ROLL);
    expect(perMember.filter((m) => m.n !== 1)).toEqual([]);
    expect(new Set(perMember.map((m) => m.user_id))).toEqual(new Set(roll));
    const [{ batches }]: { batches: number }[] = await server.ds.query(
      `SELECT count(*)::int AS batches FROM job_runs WHERE name = 'ballots.announce'`,
    );
    expect(batches).toBe(ROLL / ANNOUNCE_BATCH);
    const [n]: { params: Record<string, unknown> }[] = await server.ds.query(
      `SELECT params FROM notifications WHERE kind = 'ballots.update' LIMIT 1`,
    );
    expect(n.params).toEqual({ proposalId: p.id, villageSlug: village.slug, title: "Seeded", event: "open" });
  }, 240_000);
});
