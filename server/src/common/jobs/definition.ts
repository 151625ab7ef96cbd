import type { DataSource, EntityManager } from "typeorm";
import type { Config } from "../../config.js";
import type { Clock } from "../clock.js";
import type { EventBus } from "../event-bus.js";

/** What a job's handler receives beside its payload. */
export interface JobContext {
  ds: DataSource;
  bus: EventBus;
  config: Config;
  clock: Clock;
  /** To send follow-up jobs. */
  scheduler: JobSender;
  /** The library's id of this delivery's job. */
  jobId: string;
  /** The key it was sent with (`send(…, { key })`), if any. */
  key: string | null;
  /** 0 on the first delivery, then 1, 2… (a retry after a failure, a timeout or a killed worker). */
  attempt: number;
  /**
   * A `once` job's transaction: what the handler writes through it commits together with the
   * record that the job's key is done, or not at all. Null for other jobs.
   */
  tx: EntityManager | null;
  /**
   * Runs `fn` once the job's work is kept: after a `once` job's transaction commits (never when it
   * rolls back), at once for other jobs. For what must not go out before (live events).
   */
  afterCommit(fn: () => void): void;
}

export interface SendOptions {
  /**
   * Identifies the job's effect. A `once` job runs once per key whatever the deliveries; with
   * `oneWaitingPerKey`, a second send of a key already waiting adds nothing.
   */
  key?: string;
  /** When it is due, on the scheduler's clock (default: now). */
  runAt?: Date;
  /** Due this long from the clock's now (ignored when runAt is given). */
  delayMs?: number;
  /** The caller's transaction: the job exists if and only if that transaction commits. */
  tx?: EntityManager;
}

/** Sends jobs; typed by the definition's payload. */
export interface JobSender {
  send<P extends object>(job: JobDefinition<P>, payload: P, opts?: SendOptions): Promise<string | null>;
  /**
   * Sends a job known only by its queue name (`area.what`): how an area that imports no other
   * (money) starts the step a caller named. An unknown name throws, so a bad name fails the
   * caller's transaction instead of losing the step.
   */
  sendByName(name: string, payload: object, opts?: SendOptions): Promise<string | null>;
  /** Whether a job of that queue name is defined (a caller naming a later step checks it up front). */
  knows(name: string): boolean;
  /** Has this server's idle workers of a queue look for work now (jobs sent in a transaction wait for their poll otherwise). */
  wake(name: string): void;
}

/**
 * A kind of job. An area lists its definitions in its manifest; the server passes the list to the
 * scheduler at startup. Delivery is at least once: a handler must be idempotent (make it `once`,
 * or check its own record, as the import runner checks its job's status).
 */
export interface JobDefinition<P extends object = Record<string, never>> {
  /** Queue name: `area.what` (letters, digits, dots, dashes, underscores). */
  name: string;
  handler(payload: P, job: JobContext): Promise<void>;
  /** Runs the handler in a transaction that also records `(name, key)` as done (table job_runs); a later delivery of a done key does nothing. */
  once?: boolean;
  /** At most one job per key waiting to run (pg-boss's "short" policy): sending a key already waiting adds nothing. */
  oneWaitingPerKey?: boolean;
  /** Deliveries after the first when the handler throws or its worker dies (default 2). */
  retryLimit?: number;
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  /**
   * Longest run: past it the delivery counts as failed and is retried (a worker killed mid-job
   * is noticed this long after it started, at the next maintenance pass). Default 15 minutes.
   */
  expireInSeconds?: number;
  /** Recurring: a cron expression (UTC, minute resolution), one run per tick across all servers. */
  cron?: string;
  /** Recurring every so many ms (one chain shared by all servers; sub-minute, unlike cron). */
  everyMs?: (config: Config) => number;
  /** How often an idle worker looks for work (default JOBS_POLL_MS; at least 500 ms). */
  pollMs?: (config: Config) => number;
  /** Jobs of this kind one server runs at once (default 1). */
  concurrency?: number;
}

/** Declares a job with a typed payload. */
export const defineJob = <P extends object>(def: JobDefinition<P>): JobDefinition<P> => def;

/** A definition of any payload, as lists hold them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyJobDefinition = JobDefinition<any>;
