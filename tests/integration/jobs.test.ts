import { spawn } from "node:child_process";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "@jest/globals";
import { createEventBus, type EventBus } from "../../server/src/common/event-bus.js";
import { Scheduler } from "../../server/src/common/jobs/index.js";
import { loadConfig, type Config } from "../../server/src/config.js";
import { createDataSource } from "../../server/src/db/data-source.js";
import { advanceAndRun, DAY, HOUR, TestClock } from "../support/clock.js";
import { createTestDatabase } from "../support/database.js";
import { exited } from "../support/main-process.js";
import { countJob, createNotesTable, noteJob, slowJob, testJobs } from "../support/test-jobs.js";

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let ds: ReturnType<typeof createDataSource>;
let bus: EventBus;
let config: Config;
const schedulers: Scheduler[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  ds = createDataSource({ url: db.url, poolMax: 4 });
  await ds.initialize();
  await createNotesTable(ds);
  bus = createEventBus();
  config = loadConfig({ DATABASE_URL: db.url, LOG_LEVEL: "error", JOBS_MAINTENANCE_SECONDS: "1", JOBS_POLL_MS: "500" });
});
afterEach(async () => {
  for (const s of schedulers.splice(0)) await s.stop();
});
afterAll(async () => {
  await bus.close();
  await ds.destroy();
  await db.drop();
});

async function startScheduler(opts: { clock?: TestClock; work?: boolean } = {}): Promise<Scheduler> {
  const scheduler = new Scheduler({ ds, bus, config, clock: opts.clock, jobs: testJobs, work: opts.work });
  await scheduler.start();
  schedulers.push(scheduler);
  return scheduler;
}

const notes = async (key: string): Promise<{ key: string; attempt: number; pid: number }[]> =>
  ds.query(`SELECT key, attempt, pid FROM job_test_notes WHERE key LIKE $1 ORDER BY at`, [`${key}:%`]);

async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > end) throw new Error(`timed out; last value ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("the job scheduler", () => {
  it("runs a delayed job when the test clock reaches its time, not before, and once per key", async () => {
    const clock = new TestClock();
    // Sends only: what runs is what the test clock makes due.
    const scheduler = await startScheduler({ clock, work: false });
    await scheduler.send(noteJob, { text: "reminder" }, { key: "ballot-1", delayMs: 14 * DAY });
    await scheduler.send(noteJob, { text: "reminder" }, { key: "ballot-1", delayMs: 14 * DAY });
    expect(await advanceAndRun({ clock, scheduler }, 13 * DAY)).toBe(0);
    expect(await notes("ballot-1")).toEqual([]);
    expect(await advanceAndRun({ clock, scheduler }, DAY + HOUR)).toBe(2);
    // Two deliveries of one key: one effect, and both jobs completed.
    expect(await notes("ballot-1")).toEqual([{ key: "ballot-1:reminder", attempt: 0, pid: process.pid }]);
    const states: { state: string }[] = await ds.query(
      `SELECT state FROM pgboss.job WHERE name = 'tests.note' AND singleton_key = 'ballot-1'`,
    );
    expect(states.map((s) => s.state)).toEqual(["completed", "completed"]);
  });

  it("sends a job in the caller's transaction: a rollback leaves no job", async () => {
    const clock = new TestClock();
    const scheduler = await startScheduler({ clock, work: false });
    await ds.transaction(async (tx) => {
      await scheduler.send(noteJob, { text: "kept" }, { key: "tx-1", tx });
    });
    await ds
      .transaction(async (tx) => {
        await scheduler.send(noteJob, { text: "dropped" }, { key: "tx-2", tx });
        throw new Error("rolled back");
      })
      .catch(() => undefined);
    await advanceAndRun({ clock, scheduler }, 0);
    expect((await notes("tx-1")).map((n) => n.key)).toEqual(["tx-1:kept"]);
    expect(await notes("tx-2")).toEqual([]);
    const [{ n }]: { n: number }[] = await ds.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE singleton_key = 'tx-2'`);
    expect(n).toBe(0);
  });

  it("never lets two workers both complete one job: every key's effect happens once", async () => {
    // Two instances (two pools), two workers each, on the same queue.
    const [a] = [await startScheduler(), await startScheduler()];
    const keys = Array.from({ length: 30 }, (_, i) => `count-${i}`);
    // Each key sent twice: the second delivery of a done key must do nothing.
    for (const key of [...keys, ...keys]) await a.send(countJob, {}, { key });
    const done = await until(
      () =>
        ds.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'tests.count' AND state = 'completed'`) as Promise<
          { n: number }[]
        >,
      ([r]) => r.n === keys.length * 2,
    );
    expect(done[0].n).toBe(60);
    const effects: { key: string; n: number }[] = await ds.query(
      `SELECT key, n FROM job_test_effects WHERE key LIKE 'count-%' ORDER BY key`,
    );
    expect(effects).toHaveLength(30);
    expect(effects.every((e) => e.n === 1)).toBe(true);
    const [{ runs }]: { runs: number }[] = await ds.query(`SELECT count(*)::int AS runs FROM job_runs WHERE name = 'tests.count'`);
    expect(runs).toBe(30);
  });

  it("retries a job whose worker was killed (kill -9) mid-job, and it completes", async () => {
    const child = spawn(process.execPath, ["--import", "@swc-node/register/esm-register", "tests/support/job-worker-process.ts"], {
      env: {
        PATH: process.env.PATH,
        SWC_NODE_PROJECT: "tests/tsconfig.json",
        DATABASE_URL: db.url,
        JOB_TEST_HANG: "1",
        JOBS_MAINTENANCE_SECONDS: "1",
        JOBS_POLL_MS: "500",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout!.on("data", (c: Buffer) => (out += c.toString()));
    child.stderr!.on("data", (c: Buffer) => (out += c.toString()));
    await until(
      async () => out,
      (o) => o.includes("worker ready"),
    );
    const sender = await startScheduler({ work: false });
    await sender.send(slowJob, {}, { key: "slow-1" });
    // The other process took it and hangs in it: kill it without a chance to clean up.
    const started = await until(
      () => notes("slow-1"),
      (n) => n.length === 1,
    );
    expect(started[0].pid).toBe(child.pid);
    child.kill("SIGKILL");
    await exited(child);
    // Another instance: the delivery expires (2 s), the next maintenance pass retries it, and it completes.
    await startScheduler();
    const runs = await until(
      () => notes("slow-1"),
      (n) => n.length === 2,
    );
    expect(runs[1]).toEqual({ key: "slow-1:started", attempt: 1, pid: process.pid });
    const [effect] = await until(
      () => ds.query(`SELECT n FROM job_test_effects WHERE key = 'slow-1'`) as Promise<{ n: number }[]>,
      (r) => r.length === 1,
    );
    expect(effect.n).toBe(1);
    await until(
      () => ds.query(`SELECT state FROM pgboss.job WHERE name = 'tests.slow' AND singleton_key = 'slow-1'`) as Promise<{ state: string }[]>,
      ([j]) => j?.state === "completed",
    );
  }, 120_000);
});
