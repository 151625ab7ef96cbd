import { TestClock } from "../../server/src/common/clock.js";
import type { Scheduler } from "../../server/src/common/jobs/index.js";

export { TestClock };

/**
 * Moves the server's TestClock on by `ms` and runs every job due by then (delayed and recurring
 * ones, and those they send that are due too), resolving once each has finished: a lifecycle
 * test reads the outcome right after. Returns how many jobs ran.
 */
export async function advanceAndRun(server: { clock?: TestClock; scheduler: Scheduler }, ms: number): Promise<number> {
  if (!server.clock) throw new Error("start the server with { clock: new TestClock() }");
  server.clock.advance(ms);
  return server.scheduler.runDue();
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
