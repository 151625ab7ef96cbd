import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import { MessageChannel } from "node:worker_threads";
import { Piscina } from "piscina";
import type { TaskMessage } from "./work-task.js";

/**
 * Worker threads for CPU-heavy work that must never hold the event loop (Markdown, diffs,
 * merges): a request waits for its task as it would for the database, while `/health`, other
 * requests and SIGTERM are served. The worker module's default export is a `taskRunner`
 * (work-task.ts). Each task has a time limit from when it starts: past it the thread running it
 * is stopped (Piscina terminates a worker whose task is aborted) and the caller gets
 * `TaskTimedOut`, to answer with a fallback; so it does when the task outgrows its thread's
 * memory. Results are cached by a hash of the task and its input, and the same task asked twice
 * at once runs once. Threads start on first use and stop when idle.
 */

/** The task ran past its time limit, or past its thread's memory. */
export class TaskTimedOut extends Error {
  constructor(readonly task: string) {
    super(`work task ${task} took too long`);
  }
}

/** The queue is full: more heavy work is waiting than the threads can do soon. */
export class PoolBusy extends Error {
  constructor() {
    super("work pool busy");
  }
}

export interface WorkPoolOptions {
  /** The worker module (its exports are the tasks), as a URL beside the caller's own file. */
  module: URL;
  threads: number;
  timeoutMs: number;
  /** Tasks waiting beyond the running ones before `PoolBusy`. */
  maxQueue?: number;
  /** Characters of results kept in the cache. */
  cacheChars?: number;
}

export interface WorkPool {
  /** Runs the worker module's export `task` on `input`; cached by the task and its input. */
  run<I, R>(task: string, input: I): Promise<R>;
  close(): Promise<void>;
}

const pools = new Set<WorkPool>();

/** How many time limits a task may wait in the queue before it gives up. */
const QUEUE_WAIT_LIMITS = 4;

/**
 * Under a TypeScript loader (development, tests) the worker loads `.ts` through the same
 * register hook; a build loads the compiled `.js`.
 */
function workerFile(module: URL): { filename: string; execArgv: string[] } {
  const ts = module.pathname.endsWith(".ts");
  return {
    filename: module.href,
    execArgv: ts ? ["--import", "@swc-node/register/esm-register"] : [],
  };
}

const keyOf = (task: string, input: unknown) => createHash("sha256").update(task).update("\0").update(JSON.stringify(input)).digest("hex");

const sizeOf = (value: unknown): number => {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return Math.max(1, text?.length ?? 1);
};

export function createWorkPool(opts: WorkPoolOptions): WorkPool {
  const { filename, execArgv } = workerFile(opts.module);
  let piscina: Piscina | null = null;
  const start = () => {
    pools.add(pool);
    return (piscina ??= new Piscina({
      filename,
      execArgv,
      minThreads: 0,
      maxThreads: opts.threads,
      idleTimeout: 30_000,
      maxQueue: opts.maxQueue ?? 64,
      // A runaway task cannot take the process's memory with it.
      resourceLimits: { maxOldGenerationSizeMb: 512 },
    }));
  };
  const cache = new LRUCache<string, { value: unknown }>({
    maxSize: opts.cacheChars ?? 20_000_000,
    sizeCalculation: (v) => sizeOf(v.value),
  });
  const running = new Map<string, Promise<unknown>>();

  const pool: WorkPool = {
    async run<I, R>(task: string, input: I): Promise<R> {
      const key = keyOf(task, input);
      const hit = cache.get(key);
      if (hit) return hit.value as R;
      const already = running.get(key) as Promise<R> | undefined;
      if (already) return already;
      // The time limit runs from the task's start in its thread; a task still waiting after a few
      // of them gives up too (the threads are busy with heavier work).
      const controller = new AbortController();
      const { port1, port2 } = new MessageChannel();
      let timedOut = false;
      const expire = () => {
        timedOut = true;
        controller.abort();
      };
      let timer = setTimeout(expire, opts.timeoutMs * QUEUE_WAIT_LIMITS);
      port1.once("message", () => {
        clearTimeout(timer);
        timer = setTimeout(expire, opts.timeoutMs);
      });
      const message: TaskMessage = { task, input, started: port2 };
      const promise: Promise<R> = start()
        .run(message, { signal: controller.signal, transferList: [port2] })
        .then(
          (value: R) => {
            cache.set(key, { value });
            return value;
          },
          (err: unknown) => {
            if (timedOut || (err as { code?: string }).code === "ERR_WORKER_OUT_OF_MEMORY") throw new TaskTimedOut(task);
            if (err instanceof Error && /queue is at limit/i.test(err.message)) throw new PoolBusy();
            throw err;
          },
        )
        .finally(() => {
          clearTimeout(timer);
          port1.close();
          running.delete(key);
        });
      running.set(key, promise);
      return promise;
    },
    async close() {
      const p = piscina;
      piscina = null;
      cache.clear();
      pools.delete(pool);
      await p?.destroy();
    },
  };
  return pool;
}

/** Stops every pool's threads (a running task is ended): at shutdown. */
export async function closeWorkPools(): Promise<void> {
  await Promise.all([...pools].map((p) => p.close()));
}
