import { setMaxListeners } from "node:events";
import cronParser from "cron-parser";
import PgBoss from "pg-boss";
import type { DataSource, EntityManager } from "typeorm";
import type { Config } from "../../config.js";
import { systemClock, type Clock } from "../clock.js";
import type { EventBus } from "../event-bus.js";
import { logger } from "../logger.js";
import type { AnyJobDefinition, JobContext, JobDefinition, JobSender, SendOptions } from "./definition.js";

/** The PostgreSQL schema of pg-boss's tables (its own migrator keeps it up to date). */
export const JOBS_SCHEMA = "pgboss";
/** The key of a recurring job's chain (one waiting at a time, across servers). */
const RECURRING_KEY = "recurring";

export interface SchedulerDeps {
  ds: DataSource;
  bus: EventBus;
  config: Config;
  clock?: Clock;
  /** Every job kind this server knows (the areas' manifests, one list). */
  jobs: AnyJobDefinition[];
  /** Whether this instance runs jobs (default true); one that does not still sends them. */
  work?: boolean;
}

type Job = PgBoss.JobWithMetadata<Record<string, unknown>>;

/** pg-boss's options for our database (its own small pool beside TypeORM's). */
function bossOptions(url: string, config: Config): PgBoss.ConstructorOptions {
  return {
    connectionString: url,
    schema: JOBS_SCHEMA,
    max: config.JOBS_POOL_MAX,
    application_name: "roots-jobs",
    // Expired deliveries (a worker killed mid-job) are retried at the next maintenance pass.
    maintenanceIntervalSeconds: config.JOBS_MAINTENANCE_SECONDS,
  };
}

/** The connection string of a TypeORM data source (pg-boss opens its own pool on it). */
export const dataSourceUrl = (ds: DataSource): string => (ds.options as { url?: string }).url!;

/** pg-boss's `db` option over a TypeORM transaction, so a send commits with the caller's writes. */
const inTransaction = (tx: EntityManager) => ({
  executeSql: async (text: string, values: unknown[]) => ({ rows: (await tx.query(text, values)) as unknown[] }),
});

/**
 * Creates pg-boss's schema and our queues (the test template does this once, so every test
 * database cloned from it starts with them).
 */
export async function installJobs(url: string, config: Config, jobs: AnyJobDefinition[]): Promise<void> {
  const boss = new PgBoss({ ...bossOptions(url, config), supervise: false, schedule: false });
  boss.on("error", (err: Error) => logger.error("Job scheduler error", { err: String(err) }));
  await boss.start();
  for (const def of jobs) await boss.createQueue(def.name, queueOptions(def));
  await boss.stop({ graceful: false, wait: true });
}

const queueOptions = (def: AnyJobDefinition): PgBoss.Queue => ({
  name: def.name,
  // "short": at most one waiting job per key, whatever is running ("stately" would also allow
  // one running only, and a killed worker's delivery would hold its key until it expires).
  policy: def.oneWaitingPerKey || def.cron || def.everyMs ? "short" : "standard",
  retryLimit: def.retryLimit ?? 2,
  retryDelay: def.retryDelaySeconds ?? 5,
  retryBackoff: def.retryBackoff ?? true,
  expireInSeconds: def.expireInSeconds ?? 15 * 60,
});

/**
 * The durable job scheduler (pg-boss on our PostgreSQL): delayed, keyed and recurring jobs with
 * retries, claimed with SKIP LOCKED by any number of server instances. Its workers are small
 * loops of its own over pg-boss's fetch/complete/fail, so a stop ends them at once.
 */
export class Scheduler implements JobSender {
  readonly clock: Clock;
  private readonly boss: PgBoss;
  private readonly defs = new Map<string, AnyJobDefinition>();
  private readonly loops: Promise<void>[] = [];
  private readonly sleepers = new Map<string, Set<() => void>>();
  private readonly running = new Map<string, string>();
  private stopping = new AbortController();
  private started = false;

  constructor(private readonly deps: SchedulerDeps) {
    this.clock = deps.clock ?? systemClock;
    for (const def of deps.jobs) {
      if (this.defs.has(def.name)) throw new Error(`Job ${def.name} is defined twice`);
      if (def.cron) cronParser.parseExpression(def.cron, { tz: "UTC" });
      this.defs.set(def.name, def);
    }
    // No pg-boss timekeeper (its cron is ours: see `recur`), no pg-boss workers (ours: `loop`).
    this.boss = new PgBoss({ ...bossOptions(dataSourceUrl(deps.ds), deps.config), schedule: false });
    this.boss.on("error", (err: Error) => logger.error("Job scheduler error", { err: String(err) }));
  }

  /** Creates missing queues (and pg-boss's schema on a new database), then starts the workers and recurring jobs. */
  async start(): Promise<void> {
    await this.boss.start();
    this.started = true;
    this.stopping = new AbortController();
    // Every worker loop that sleeps listens for the stop (one per queue and slot): no leak past ten.
    setMaxListeners(0, this.stopping.signal);
    for (const def of this.defs.values()) {
      await this.boss.createQueue(def.name, queueOptions(def));
      await this.boss.updateQueue(def.name, queueOptions(def));
    }
    if (this.deps.work === false) return;
    for (const def of this.defs.values()) {
      // A chain another server started is kept (one waiting per queue): this adds nothing then.
      if (def.cron || def.everyMs) await this.recur(def);
      const pollMs = Math.max(500, def.pollMs?.(this.deps.config) ?? this.deps.config.JOBS_POLL_MS);
      for (let i = 0; i < (def.concurrency ?? 1); i++) this.loops.push(this.loop(def, pollMs));
    }
  }

  /**
   * Stops taking jobs and lets the running ones finish (up to 30 s; then they are failed, and
   * retried elsewhere), then closes the pool.
   */
  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    this.stopping.abort();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.all(this.loops), new Promise((r) => (timer = setTimeout(r, 30_000)))]);
    clearTimeout(timer);
    for (const [id, name] of this.running) await this.boss.fail(name, id, { message: "server stopped" }).catch(() => undefined);
    this.loops.length = 0;
    await this.boss.stop({ graceful: false, wait: true });
  }

  async send<P extends object>(job: JobDefinition<P>, payload: P, opts: SendOptions = {}): Promise<string | null> {
    const runAt = opts.runAt ?? (opts.delayMs ? new Date(this.clock.now().getTime() + opts.delayMs) : undefined);
    const id = await this.boss.send(job.name, payload, {
      singletonKey: opts.key,
      startAfter: runAt,
      ...(opts.tx ? { db: inTransaction(opts.tx) } : {}),
    });
    // Due now and visible now: this server's idle worker looks at once instead of at its next poll.
    if (id && !runAt && !opts.tx) this.wake(job.name);
    return id;
  }

  knows(name: string): boolean {
    return this.defs.has(name);
  }

  async sendByName(name: string, payload: object, opts: SendOptions = {}): Promise<string | null> {
    const def = this.defs.get(name);
    if (!def) throw new Error(`No job is named ${name}`);
    return this.send(def, payload, opts);
  }

  /** Wakes this server's idle workers of a queue (work sent by another server waits for their poll). */
  wake(name: string): void {
    for (const wake of this.sleepers.get(name) ?? []) wake();
  }

  /** Sends a recurring job's next run: the next cron tick on the clock, or `everyMs` from now. */
  private async recur(def: AnyJobDefinition): Promise<void> {
    const startAfter = def.cron
      ? cronParser.parseExpression(def.cron, { tz: "UTC", currentDate: this.clock.now() }).next().toDate()
      : new Date(Date.now() + def.everyMs!(this.deps.config));
    await this.boss.send(def.name, {}, { singletonKey: RECURRING_KEY, startAfter });
  }

  private async loop(def: AnyJobDefinition, pollMs: number): Promise<void> {
    const { signal } = this.stopping;
    while (!signal.aborted) {
      let job: Job | undefined;
      try {
        [job] = (await this.boss.fetch<Record<string, unknown>>(def.name, { batchSize: 1, includeMetadata: true })) ?? [];
      } catch (err) {
        logger.error("Job fetch failed", { queue: def.name, err: String(err) });
      }
      if (job) await this.runOne(def, job);
      else await this.sleep(def.name, pollMs, signal);
    }
  }

  private sleep(name: string, ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const set = this.sleepers.get(name) ?? this.sleepers.set(name, new Set()).get(name)!;
      const done = () => {
        clearTimeout(timer);
        set.delete(done);
        signal.removeEventListener("abort", done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      set.add(done);
      signal.addEventListener("abort", done, { once: true });
    });
  }

  /** One delivery, completed or failed (then retried while it has tries left). */
  private async runOne(def: AnyJobDefinition, job: Job): Promise<void> {
    this.running.set(job.id, def.name);
    try {
      await this.execute(def, job);
      await this.boss.complete(def.name, job.id);
    } catch (err) {
      logger.warn("Job failed", { queue: def.name, jobId: job.id, attempt: job.retryCount, err: String(err) });
      await this.boss.fail(def.name, job.id, err instanceof Error ? err : { message: String(err) }).catch(() => undefined);
    } finally {
      this.running.delete(job.id);
    }
  }

  /** Runs one delivery's handler: a `once` job inside a transaction with its completion record. */
  private async execute(def: AnyJobDefinition, job: Job): Promise<void> {
    const { ds, bus, config } = this.deps;
    const committed: (() => void)[] = [];
    const base: Omit<JobContext, "tx" | "afterCommit"> = {
      ds,
      bus,
      config,
      clock: this.clock,
      scheduler: this,
      jobId: job.id,
      key: job.singletonKey,
      attempt: job.retryCount,
    };
    const payload = job.data ?? {};
    try {
      if (!def.once) return await def.handler(payload, { ...base, tx: null, afterCommit: (fn) => fn() });
      const key = job.singletonKey ?? job.id;
      await ds.transaction(async (tx) => {
        // A second delivery of a done key finds its row and does nothing; one racing this
        // delivery waits on the row's lock, then finds it.
        const rows: unknown[] = await tx.query(
          `INSERT INTO job_runs (name, key, job_id, done_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING key`,
          [def.name, key, job.id, this.clock.now()],
        );
        if (rows.length) await def.handler(payload, { ...base, tx, afterCommit: (fn) => committed.push(fn) });
      });
      for (const fn of committed) fn();
    } finally {
      // The next link of a recurring chain, whatever this one's outcome.
      if ((def.cron || def.everyMs) && job.singletonKey === RECURRING_KEY)
        await this.recur(def).catch((err) => logger.error("Recurring job not sent", { queue: def.name, err: String(err) }));
    }
  }

  /**
   * Tests: runs every job due by the clock's now (delayed ones included) and waits until each
   * has finished, then those they sent that are due too, until none is left.
   */
  async runDue(opts: { timeoutMs?: number } = {}): Promise<number> {
    const names = [...this.defs.keys()];
    const deadline = Date.now() + (opts.timeoutMs ?? 60_000);
    let ran = 0;
    // A recurring job runs once per call (an `everyMs` chain's next link is due again at once).
    const recurred: string[] = [];
    for (;;) {
      const [due]: [{ id: string; name: string; key: string | null }[], number] = await this.deps.ds.query(
        `UPDATE ${JOBS_SCHEMA}.job SET start_after = now() - interval '1 millisecond'
          WHERE name = ANY($1) AND state IN ('created', 'retry') AND start_after <= GREATEST($2::timestamptz, now())
            AND NOT (name = ANY($3) AND singleton_key IS NOT DISTINCT FROM $4)
          RETURNING id, name, singleton_key AS key`,
        [names, this.clock.now(), recurred, RECURRING_KEY],
      );
      for (const d of due) if (d.key === RECURRING_KEY) recurred.push(d.name);
      if (!due.length) {
        // A job that a job sent, due at once, may have been taken by a background worker before
        // this loop saw it: wait for what is running, then look again (it may send more).
        const [{ n }]: { n: number }[] = await this.deps.ds.query(
          `SELECT count(*)::int AS n FROM ${JOBS_SCHEMA}.job WHERE name = ANY($1) AND state = 'active' AND singleton_key IS DISTINCT FROM $2`,
          [names, RECURRING_KEY],
        );
        if (n === 0) return ran;
        if (Date.now() > deadline) throw new Error(`runDue: ${n} job(s) still running`);
        await new Promise((r) => setTimeout(r, 20));
        continue;
      }
      for (const name of new Set(due.map((d) => d.name))) {
        for (;;) {
          const jobs = (await this.boss.fetch<Record<string, unknown>>(name, { batchSize: 10, includeMetadata: true })) ?? [];
          if (!jobs.length) break;
          for (const job of jobs) {
            await this.runOne(this.defs.get(name)!, job);
          }
        }
      }
      // Those a background worker took meanwhile: wait until they end.
      const ids = due.map((d) => d.id);
      for (;;) {
        const [{ n }]: { n: number }[] = await this.deps.ds.query(
          `SELECT count(*)::int AS n FROM ${JOBS_SCHEMA}.job WHERE id = ANY($1) AND state = 'active'`,
          [ids],
        );
        if (n === 0) break;
        if (Date.now() > deadline) throw new Error(`runDue: ${n} job(s) still running`);
        await new Promise((r) => setTimeout(r, 20));
      }
      ran += due.length;
    }
  }
}
