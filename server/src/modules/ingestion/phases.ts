/** Wall-clock milliseconds per phase of an import, summed by name (the benchmark prints them). */
export type PhaseTimes = Record<string, number>;

/** Runs `work`, adding its duration to `times[name]` when a record of times is kept. */
export async function timed<T>(times: PhaseTimes | undefined, name: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    if (times) times[name] = (times[name] ?? 0) + performance.now() - started;
  }
}

import type { Queryable } from "../../common/sql.js";

/** What `timedQueries` needs of an EntityManager or DataSource. */
export type { Queryable };

/**
 * The same `query`, each statement timed as `${phase}: ${name}`, the name taken from the
 * statement's leading comment (`/* people *\/ INSERT …`).
 */
export function timedQueries(db: Queryable, times: PhaseTimes | undefined, phase: string): Queryable {
  if (!times) return db;
  return {
    query: (sql, params) => timed(times, `${phase}: ${/^\s*\/\*\s*(.*?)\s*\*\//.exec(sql)?.[1] ?? "other"}`, () => db.query(sql, params)),
  };
}
