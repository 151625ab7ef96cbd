import type { DataSource } from "typeorm";
import { JOBS_SCHEMA } from "./scheduler.js";

/** One queue's jobs now, and over the last 24 hours. */
export interface JobQueueStats {
  name: string;
  /** Waiting and due. */
  queued: number;
  /** Waiting for a later time (delayed or recurring). */
  scheduled: number;
  active: number;
  /** Failed once or more and waiting for their next try. */
  retrying: number;
  /** Failed for good in the last 24 hours (no tries left). */
  failed: number;
  /** Completed in the last 24 hours, and how many of them after a retry. */
  completed: number;
  completedAfterRetry: number;
}

export interface JobFailure {
  id: string;
  queue: string;
  key: string | null;
  /** Deliveries it had (1 + retries). */
  attempts: number;
  message: string;
  failedAt: Date;
  /** Whether it is retried later, or failed for good. */
  willRetry: boolean;
}

/** Both the live table and the archive (pg-boss moves finished jobs there after 12 hours). */
const RECENT = `(SELECT name, state, retry_count, completed_on, start_after, id, singleton_key, output FROM ${JOBS_SCHEMA}.job
                 UNION ALL
                 SELECT name, state, retry_count, completed_on, start_after, id, singleton_key, output FROM ${JOBS_SCHEMA}.archive WHERE archived_on > now() - interval '24 hours')`;

/** The queues (pg-boss's internal ones left out) and the latest failures, for /admin/health. */
export async function jobQueueStats(ds: DataSource, failures = 20): Promise<{ queues: JobQueueStats[]; failures: JobFailure[] }> {
  const queues: JobQueueStats[] = await ds.query(
    `SELECT q.name,
            count(j.id) FILTER (WHERE j.state = 'created' AND j.start_after <= now())::int AS queued,
            count(j.id) FILTER (WHERE j.state = 'created' AND j.start_after > now())::int AS scheduled,
            count(j.id) FILTER (WHERE j.state = 'active')::int AS active,
            count(j.id) FILTER (WHERE j.state = 'retry')::int AS retrying,
            count(j.id) FILTER (WHERE j.state = 'failed' AND j.completed_on > now() - interval '24 hours')::int AS failed,
            count(j.id) FILTER (WHERE j.state = 'completed' AND j.completed_on > now() - interval '24 hours')::int AS completed,
            count(j.id) FILTER (WHERE j.state = 'completed' AND j.completed_on > now() - interval '24 hours' AND j.retry_count > 0)::int AS "completedAfterRetry"
       FROM ${JOBS_SCHEMA}.queue q LEFT JOIN ${RECENT} j ON j.name = q.name
      WHERE q.name NOT LIKE '\\_\\_pgboss%'
      GROUP BY q.name ORDER BY q.name`,
  );
  const rows: (Omit<JobFailure, "attempts" | "willRetry"> & { retries: number; state: string })[] = await ds.query(
    `SELECT id, name AS queue, singleton_key AS key, retry_count AS retries, state,
            COALESCE(output->>'message', output->'value'->>'message', output::text, '') AS message,
            COALESCE(completed_on, start_after) AS "failedAt"
       FROM ${RECENT} j
      WHERE state = 'failed' OR (state = 'retry' AND output IS NOT NULL)
      ORDER BY COALESCE(completed_on, start_after) DESC LIMIT $1`,
    [failures],
  );
  return {
    queues,
    failures: rows.map(({ retries, state, ...f }) => ({
      ...f,
      attempts: retries + 1,
      willRetry: state === "retry",
      message: f.message.slice(0, 500),
    })),
  };
}
