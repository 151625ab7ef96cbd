import PgBoss from "pg-boss";
import type { DataSource, EntityManager } from "typeorm";
import type { Config } from "../../config.js";
import { systemClock, type Clock } from "../clock.js";
import type { EventBus } from "../event-bus.js";
import { logger } from "../logger.js";
import type { AnyJobDefinition, JobContext, JobDefinition, JobSender, SendOptions } from "./definition.js";

/** The PostgreSQL schema of pg-boss's tables (its own migrator keeps it up to date). */
export const JOBS_SCHEMA = "pgboss";
/** The key of a recurring `everyMs` job's chain. */
const EVERY_KEY = "every";

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
    cronMonitorIntervalSeconds: Math.min(30, config.JOBS_MAINTENANCE_SECONDS),
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
  policy: def.oneWaitingPerKey || def.everyMs ? "stately" : "standard",
  retryLimit: def.retryLimit ?? 2,
  retryDelay: def.retryDelaySeconds ?? 5,
  retryBackoff: def.retryBackoff ?? true,
  expireInSeconds: def.expireInSeconds ?? 15 * 60,
});

/**
 * The durable job scheduler (pg-boss on our PostgreSQL): delayed, keyed and recurring jobs with
 * retries, claimed with SKIP LOCKED by any number of server instances.
 */
export class Scheduler implements JobSender {
  readonly clock: Clock;
  private readonly boss: PgBoss;
  private readonly defs = new Map<string, AnyJobDefinition>();
  private readonly workers = new Map<string, string[]>();
  private started = false;

  constructor(private readonly deps: SchedulerDeps) {
    this.clock = deps.clock ?? systemClock;
    for (const def of deps.jobs) {
      if (this.defs.has(def.name)) throw new Error(`Job ${def.name} is defined twice`);
      this.defs.set(def.name, def);
    }
    this.boss = new PgBoss(bossOptions(dataSourceUrl(deps.ds), deps.config));
    this.boss.on("error", (err: Error) => logger.error("Job scheduler error", { err: String(err) }));
  }

  /** Creates missing queues (and pg-boss's schema on a new database), then starts the workers and recurring jobs. */
  async start(): Promise<void> {
    await this.boss.start();
    this.started = true;
    for (const def of this.defs.values()) {
      await this.boss.createQueue(def.name, queueOptions(def));
      await this.boss.updateQueue(def.name, queueOptions(def));
    }
    for (const s of await this.boss.getSchedules()) if (!this.defs.get(s.name)?.cron && !this.defs.get(s.name)?.everyMs) await this.boss.unschedule(s.name);
    for (const def of this.defs.values()) {
      if (def.cron) await this.boss.schedule(def.name, def.cron, {}, { tz: "UTC" });
      // A chain that broke (a server stopped between two links) starts again within a minute.
      if (def.everyMs) await this.boss.schedule(def.name, "* * * * *", {}, { tz: "UTC", singletonKey: EVERY_KEY });
    }
    if (this.deps.work === false) return;
    for (const def of this.defs.values()) {
      const pollMs = Math.max(500, def.pollMs?.(this.deps.config) ?? this.deps.config.JOBS_POLL_MS);
      const ids: string[] = [];
      for (let i = 0; i < (def.concurrency ?? 1); i++) {
        ids.push(await this.boss.work<Record<string, unknown>>(def.name, { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: pollMs / 1000 }, async ([job]) => this.execute(def, job)));
      }
      this.workers.set(def.name, ids);
      if (def.everyMs) await this.sendEvery(def, 0);
    }
  }

  /** Stops taking jobs, lets running ones finish (up to 30 s; then they are failed and retried elsewhere) and closes the pool. */
  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, wait: true, timeout: 30_000 });
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

  /** Wakes this server's idle workers of a queue (work sent by another server waits for their poll). */
  wake(name: string): void {
    for (const id of this.workers.get(name) ?? []) this.boss.notifyWorker(id);
  }

  private async sendEvery(def: AnyJobDefinition, delayMs: number): Promise<void> {
    await this.boss.send(def.name, {}, { singletonKey: EVERY_KEY, ...(delayMs > 0 ? { startAfter: delayMs / 1000 } : {}) });
  }

  /** Runs one delivery: a `once` job inside a transaction with its completion record. */
  async execute(def: AnyJobDefinition, job: Job): Promise<void> {
    const { ds, bus, config } = this.deps;
    const base: Omit<JobContext, "tx"> = { ds, bus, config, clock: this.clock, scheduler: this, jobId: job.id, key: job.singletonKey, attempt: job.retryCount };
    const payload = job.data ?? {};
    try {
      if (!def.once) return await def.handler(payload, { ...base, tx: null });
      const key = job.singletonKey ?? job.id;
      await ds.transaction(async (tx) => {
        // A second delivery of a done key finds its row and does nothing; one racing this
        // delivery waits on the row's lock, then finds it.
        const rows: unknown[] = await tx.query(
          `INSERT INTO job_runs (name, key, job_id, done_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING key`,
          [def.name, key, job.id, this.clock.now()],
        );
        if (rows.length) await def.handler(payload, { ...base, tx });
      });
    } finally {
      if (def.everyMs && job.singletonKey === EVERY_KEY && this.started) await this.sendEvery(def, def.everyMs(config)).catch(() => undefined);
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
    for (;;) {
      const [due]: [{ id: string; name: string }[], number] = await this.deps.ds.query(
        `UPDATE ${JOBS_SCHEMA}.job SET start_after = now() - interval '1 millisecond'
          WHERE name = ANY($1) AND state IN ('created', 'retry') AND start_after <= $2
          RETURNING id, name`,
        [names, this.clock.now()],
      );
      if (!due.length) return ran;
      for (const name of new Set(due.map((d) => d.name))) {
        for (;;) {
          const jobs = (await this.boss.fetch<Record<string, unknown>>(name, { batchSize: 10, includeMetadata: true })) ?? [];
          if (!jobs.length) break;
          for (const job of jobs) {
            try {
              await this.execute(this.defs.get(name)!, job);
              await this.boss.complete(name, job.id);
            } catch (err) {
              await this.boss.fail(name, job.id, { message: String(err) });
            }
          }
        }
      }
      // Those a background worker took meanwhile: wait until they end.
      const ids = due.map((d) => d.id);
      for (;;) {
        const [{ n }]: { n: number }[] = await this.deps.ds.query(`SELECT count(*)::int AS n FROM ${JOBS_SCHEMA}.job WHERE id = ANY($1) AND state = 'active'`, [ids]);
        if (n === 0) break;
        if (Date.now() > deadline) throw new Error(`runDue: ${n} job(s) still running`);
        await new Promise((r) => setTimeout(r, 20));
      }
      ran += due.length;
    }
  }
}
