import DataLoader from "dataloader";
import type { DataSource } from "typeorm";

/**
 * A DataLoader for statements that ride together under load and never wait when idle (group
 * commit): a batch goes to the database at once while fewer than `inFlight` of this loader's are
 * there; otherwise it waits for one to return, gathering the requests that arrive meanwhile. A
 * request alone is a statement of its own; a burst of them is a few statements (and, for writes, a
 * few commits). `cache: false`: every load is a request of its own, even with equal inputs.
 */
export function groupCommitLoader<I, R>(
  run: (items: readonly I[]) => Promise<(R | Error)[]>,
  opts: { inFlight: number; maxBatch: number },
) {
  let running = 0;
  const waiting: (() => void)[] = [];
  // A batch that returns hands its place to the next waiting one.
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  return new DataLoader<I, R>(
    async (items) => {
      try {
        return await run(items);
      } finally {
        release();
      }
    },
    {
      cache: false,
      maxBatchSize: opts.maxBatch,
      // Called when a batch begins to gather: it is dispatched by the callback.
      // (setImmediate: after this turn's I/O, so that requests read in the same turn ride together).
      batchScheduleFn: (dispatch) => {
        if (running >= opts.inFlight) return void waiting.push(dispatch);
        running++;
        setImmediate(dispatch);
      },
    },
  );
}

/** A group-commit loader per data source, made on first use (tests run several servers in one process). */
export function groupCommitPerDataSource<I, R>(
  run: (ds: DataSource, items: readonly I[]) => Promise<(R | Error)[]>,
  opts: { inFlight: number; maxBatch: number },
): (ds: DataSource) => DataLoader<I, R> {
  const loaders = new WeakMap<DataSource, DataLoader<I, R>>();
  return (ds) => {
    let loader = loaders.get(ds);
    if (!loader) loaders.set(ds, (loader = groupCommitLoader<I, R>((items) => run(ds, items), opts)));
    return loader;
  };
}

/** The answer row of each of `count` requests, by its place `n` (1-based, as `WITH ORDINALITY` numbers it); null where none came back. */
export const inRequestOrder = <T extends { n: number }>(rows: readonly T[], count: number): (T | null)[] => {
  const byN = new Map(rows.map((r) => [r.n, r]));
  return Array.from({ length: count }, (_, k) => byN.get(k + 1) ?? null);
};

/** PostgreSQL's deadlock and serialisation failures: the statement was rolled back whole and may simply run again. */
export const isTransientConflict = (err: unknown): boolean => ["40P01", "40001"].includes((err as { code?: string } | null)?.code ?? "");

/**
 * Runs a batch; when it meets a deadlock or a serialisation failure, runs it once more, and if that
 * fails the same way, runs each item alone (`runOne`, itself tried twice), so that one item's
 * conflict never costs the others their answer. Any other failure is the batch's answer.
 */
export async function batchOrOneByOne<I, R>(
  items: readonly I[],
  runBatch: (items: readonly I[]) => Promise<R[]>,
  runOne: (item: I) => Promise<R>,
): Promise<(R | Error)[]> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      return await runBatch(items);
    } catch (err) {
      if (!isTransientConflict(err)) throw err;
    }
  }
  const out: (R | Error)[] = [];
  for (const item of items) {
    let answer: R | Error = new Error("not run");
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        answer = await runOne(item);
        break;
      } catch (err) {
        answer = err as Error;
        if (!isTransientConflict(err)) break;
      }
    }
    out.push(answer);
  }
  return out;
}
