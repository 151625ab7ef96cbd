import type { DataSource } from "typeorm";
import { defineJob } from "../../server/src/common/jobs/index.js";

/** A table the test jobs write their effects to (real rows, read back by the tests). */
export async function createNotesTable(ds: DataSource): Promise<void> {
  await ds.query(
    `CREATE TABLE IF NOT EXISTS job_test_notes (key text NOT NULL, attempt int NOT NULL, pid int NOT NULL, at timestamptz NOT NULL DEFAULT now())`,
  );
  await ds.query(`CREATE TABLE IF NOT EXISTS job_test_effects (key text PRIMARY KEY, n int NOT NULL)`);
}

/** Writes its effect (a note) in the job's own transaction: done once per key. */
export const noteJob = defineJob<{ text: string }>({
  name: "tests.note",
  once: true,
  handler: async ({ text }, job) => {
    await job.tx!.query(`INSERT INTO job_test_notes (key, attempt, pid) VALUES ($1, $2, $3)`, [
      `${job.key}:${text}`,
      job.attempt,
      process.pid,
    ]);
  },
});

/** Adds one to its key's counter, once per key. */
export const countJob = defineJob<Record<string, never>>({
  name: "tests.count",
  once: true,
  concurrency: 2,
  handler: async (_payload, job) => {
    await job.tx!.query(`INSERT INTO job_test_effects (key, n) VALUES ($1, 1) ON CONFLICT (key) DO UPDATE SET n = job_test_effects.n + 1`, [
      job.key,
    ]);
  },
});

/**
 * Notes each delivery outside any transaction (so a killed worker's note stays), then, in a
 * process started with JOB_TEST_HANG=1, never finishes; elsewhere it records its effect.
 */
export const slowJob = defineJob<Record<string, never>>({
  name: "tests.slow",
  once: true,
  expireInSeconds: 2,
  retryDelaySeconds: 0,
  retryBackoff: false,
  handler: async (_payload, job) => {
    await job.ds.query(`INSERT INTO job_test_notes (key, attempt, pid) VALUES ($1, $2, $3)`, [
      `${job.key}:started`,
      job.attempt,
      process.pid,
    ]);
    if (process.env.JOB_TEST_HANG === "1") await new Promise(() => undefined);
    await job.tx!.query(`INSERT INTO job_test_effects (key, n) VALUES ($1, 1)`, [job.key]);
  },
});

export const testJobs = [noteJob, countJob, slowJob];
