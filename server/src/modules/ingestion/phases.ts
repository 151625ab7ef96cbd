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
