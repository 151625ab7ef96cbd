import { fileStorage } from "../../common/storage/index.js";
import type { DataSource } from "typeorm";
import type { Clock } from "../../common/clock.js";
import type { EventBus } from "../../common/event-bus.js";
import { logger } from "../../common/logger.js";
import type { Config } from "../../config.js";
import { ImportStatus } from "./import-job.entity.js";
import { POLL_SQL_TAG } from "./runner.js";
import { removeJobFile } from "./job-file.js";
import { discardStaged } from "./staging.js";

/**
 * The import area's recurring work (the `ingestion.sweep` job, every IMPORT_POLL_MS on one of the
 * servers): imports whose server died, staged rows lost with a database restart, and the
 * retention windows (failed jobs' files, done jobs' staged rows, deleted jobs' rows).
 */
export interface HousekeepingDeps {
  ds: DataSource;
  bus: EventBus;
  config: Config;
  clock: Clock;
}

const RUNNING = [ImportStatus.PARSING, ImportStatus.COMMITTING];
/** Staged rows removed per statement when a done job's are pruned. */
const PRUNE_BATCH = 50_000;
/**
 * A done job's staged row `s` that may go: any but a refused record or likely duplicate that is
 * not in import_outcomes (one committed by a server of before that table, during a rolling
 * deploy, stays where that server's readers look for it).
 */
const PRUNABLE = `((s.error_keys = '{}' AND s.duplicate_of IS NULL) OR EXISTS (SELECT 1 FROM import_outcomes o WHERE o.job_id = s.job_id AND o.seq = s.seq))`;

/**
 * A failed job's file is kept IMPORT_RETRY_KEEP_HOURS for a retry, then removed: it no longer
 * counts against its member's quota, and the job can no longer be retried.
 */
export async function expireRetries(deps: HousekeepingDeps): Promise<void> {
  const jobs: { id: string; filePath: string }[] = await deps.ds.query(
    `${POLL_SQL_TAG} SELECT id, file_path AS "filePath" FROM import_jobs
      WHERE status = 'failed' AND file_path IS NOT NULL AND finished_at < $2::timestamptz - make_interval(secs => $1) LIMIT 20`,
    [deps.config.IMPORT_RETRY_KEEP_HOURS * 3600, deps.clock.now()],
  );
  for (const job of jobs) await removeJobFile(deps, job);
}

/**
 * A job its member deleted: its staged rows, warnings and outcomes are removed in batches
 * (a done job's people, links and kept records stay: they are the tree), then it is marked.
 */
export async function purgeDeleted(deps: HousekeepingDeps): Promise<void> {
  const [job]: { id: string }[] = await deps.ds.query(
    `${POLL_SQL_TAG} SELECT id FROM import_jobs WHERE deleted_at IS NOT NULL AND purged_at IS NULL ORDER BY deleted_at LIMIT 1`,
  );
  if (!job) return;
  let left = 0;
  for (const table of ["import_staged", "import_warnings", "import_outcomes"]) {
    // writes: import_staged, import_warnings, import_outcomes
    const [, removed]: [unknown, number] = await deps.ds.query(
      `${POLL_SQL_TAG} DELETE FROM ${table} WHERE job_id = $1 AND seq IN (SELECT seq FROM ${table} WHERE job_id = $1 LIMIT $2)`,
      [job.id, PRUNE_BATCH],
    );
    left += removed;
  }
  if (left === 0) await deps.ds.query(`${POLL_SQL_TAG} UPDATE import_jobs SET purged_at = now() WHERE id = $1`, [job.id]);
}

/**
 * When no import waits: removes a batch of the staged rows of a job done for
 * IMPORT_STAGED_KEEP_HOURS (its refused records, for its report, and likely duplicates, for
 * merging, were kept in import_outcomes by the commit), and marks the job once none is left.
 * In batches, so no statement outlasts the request timeout whatever the file's size; several
 * servers may share the work.
 */
export async function pruneStaged(deps: HousekeepingDeps): Promise<void> {
  const [job]: { id: string }[] = await deps.ds.query(
    `${POLL_SQL_TAG} SELECT id FROM import_jobs
      WHERE status = 'done' AND staged_pruned_at IS NULL AND finished_at < $2::timestamptz - make_interval(secs => $1)
      ORDER BY finished_at LIMIT 1`,
    [deps.config.IMPORT_STAGED_KEEP_HOURS * 3600, deps.clock.now()],
  );
  if (!job) return;
  // writes: import_staged, import_warnings, import_outcomes
  const [, removed]: [unknown, number] = await deps.ds.query(
    `${POLL_SQL_TAG} DELETE FROM import_staged WHERE job_id = $1 AND seq IN (SELECT s.seq FROM import_staged s WHERE s.job_id = $1 AND ${PRUNABLE} LIMIT $2)`,
    [job.id, PRUNE_BATCH],
  );
  // Marked only once none is left: another server may have removed the same batch meanwhile.
  if (removed < PRUNE_BATCH) {
    await deps.ds.query(
      `${POLL_SQL_TAG} UPDATE import_jobs SET staged_pruned_at = now()
        WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM import_staged s WHERE s.job_id = $1 AND ${PRUNABLE})`,
      [job.id],
    );
  }
}

/**
 * `import_staged` is UNLOGGED: a database crash or a failover empties it. A job waiting for
 * review or for its commit whose staged records are gone (it counted some: people, links or
 * unions to write, or refused records) reads its file again, and the member reviews it again;
 * one whose file is gone too has failed, and cannot be retried.
 */
export async function restageLost(deps: HousekeepingDeps): Promise<void> {
  const lost: { id: string; file_path: string | null }[] = await deps.ds.query(
    `${POLL_SQL_TAG} SELECT j.id, j.file_path FROM import_jobs j
      WHERE j.status IN ('review', 'commit_queued') AND ((j.counts->>'total')::int > 0 OR (j.counts->>'errors')::int > 0)
        AND NOT EXISTS (SELECT 1 FROM import_staged s WHERE s.job_id = j.id)`,
  );
  for (const job of lost) {
    const readable = job.file_path !== null && (await fileStorage(deps.config).exists(job.file_path));
    const [rows]: [{ id: string; user_id: string }[], number] = await deps.ds.query(
      `${POLL_SQL_TAG} UPDATE import_jobs j
          SET status = $2, error_key = $3, finished_at = CASE WHEN $2 = 'failed' THEN now() END,
              options = CASE WHEN $2 = 'failed' THEN options ELSE options || '{"readAgain": true}' END,
              file_path = CASE WHEN $2 = 'failed' THEN NULL ELSE file_path END, worker_id = NULL, updated_at = now()
        WHERE j.id = $1 AND j.status IN ('review', 'commit_queued') AND NOT EXISTS (SELECT 1 FROM import_staged s WHERE s.job_id = j.id)
        RETURNING j.id, j.user_id`,
      [job.id, readable ? ImportStatus.QUEUED : ImportStatus.FAILED, readable ? null : "ingestion.staging_lost"],
    );
    for (const r of rows) {
      logger.warn("Staged records lost (database restarted)", { jobId: r.id, readAgain: readable });
      void deps.bus.publish("IMPORT_JOB_UPDATED", { id: r.id, userId: r.user_id });
    }
  }
}

/**
 * A running import whose server stopped reporting (killed, or lost its database connection) is
 * marked failed: its commit, one transaction, left nothing, and its member may run it again.
 * Silent means for IMPORT_STALE_SECONDS, and never less than three heartbeats (one a second
 * during long statements): the sweep runs beside live imports, on any server.
 */
export async function failStale(deps: HousekeepingDeps, exceptId: string | null = null): Promise<void> {
  const silent = Math.max(deps.config.IMPORT_STALE_SECONDS, 3 * Math.max(1, deps.config.IMPORT_PROGRESS_MS / 1000));
  const [rows]: [{ id: string; user_id: string }[], number] = await deps.ds.query(
    `${POLL_SQL_TAG} UPDATE import_jobs SET status = 'failed', error_key = 'ingestion.interrupted', finished_at = now(), updated_at = now()
      WHERE status = ANY($1) AND (heartbeat_at IS NULL OR heartbeat_at < now() - make_interval(secs => $2)) AND id IS DISTINCT FROM $3
      RETURNING id, user_id`,
    [RUNNING, silent, exceptId],
  );
  for (const r of rows) {
    await discardStaged(deps.ds, r.id, deps.config.IMPORT_STATEMENT_TIMEOUT_MS);
    void deps.bus.publish("IMPORT_JOB_UPDATED", { id: r.id, userId: r.user_id });
  }
}
