import { access, rm } from "node:fs/promises";
import type { DataSource, EntityManager } from "typeorm";
import type { Config } from "../../config.js";
import type { EventBus } from "../../common/event-bus.js";
import { logger } from "../../common/logger.js";
import { newId } from "../../common/uuid.js";
import { track } from "../analytics/index.js";
import { audit } from "../audit/index.js";
import { commitStaged } from "./commit.js";
import { ImportStatus, type ImportCounts, type ImportJob } from "./import-job.entity.js";
import { CancelledError, FILE_PROBLEMS, fileIdentity, UnreadableFileError, type Importer } from "./importer.js";
import { finishStaging } from "./review.js";
import { discardStaged, Stager } from "./staging.js";
import { timed, type PhaseTimes } from "./phases.js";

const RUNNING = [ImportStatus.PARSING, ImportStatus.COMMITTING];
/** Staged rows removed per statement when a done job's are pruned. */
const PRUNE_BATCH = 50_000;
/**
 * A done job's staged row `s` that may go: any but a refused record or likely duplicate that is
 * not in import_outcomes (one committed by a server of before that table, during a rolling
 * deploy, stays where that server's readers look for it).
 */
const PRUNABLE = `((s.error_keys = '{}' AND s.duplicate_of IS NULL) OR EXISTS (SELECT 1 FROM import_outcomes o WHERE o.job_id = s.job_id AND o.seq = s.seq))`;

/** The columns of a job row in its GraphQL-facing shape (for SELECT and RETURNING). */
export const JOB_COLUMNS = `id, rootspace_id AS "rootspaceId", user_id AS "userId", kind, status, file_name AS "fileName", file_size AS "fileSize",
  file_sha256 AS "fileSha256", file_path AS "filePath", counts, options, error_key AS "errorKey", error_params AS "errorParams",
  worker_id AS "workerId", heartbeat_at AS "heartbeatAt", finished_at AS "finishedAt", deleted_at AS "deletedAt", created_at AS "createdAt", updated_at AS "updatedAt"`;

/** Reads a job row in its GraphQL-facing shape. */
export async function loadJob(ds: DataSource, id: string): Promise<ImportJob | null> {
  const rows: ImportJob[] = await ds.query(`SELECT ${JOB_COLUMNS} FROM import_jobs WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/**
 * Runs import jobs in the background, one at a time per server. Jobs live in the database:
 * any instance may pick up a queued job; a job whose worker stopped reporting (server killed)
 * is marked failed with `ingestion.interrupted`, and its commit, one transaction, left nothing.
 */
/** Marks the statements the background poll runs (tests counting a request's statements skip them). */
export const POLL_SQL_TAG = "/* import-runner poll */";

export class ImportRunner {
  readonly workerId = newId();
  private running: { id: string; abort: AbortController } | null = null;
  private timer: NodeJS.Timeout | null = null;
  private busy: Promise<void> | null = null;
  private stopped = false;
  /** Time spent per phase by the jobs this runner ran (read by the benchmark). */
  readonly phases: PhaseTimes = {};

  constructor(
    private readonly deps: { ds: DataSource; bus: EventBus; config: Config },
    private readonly importers: Record<string, Importer>,
  ) {}

  start(): void {
    this.timer = setInterval(() => this.kick(), this.deps.config.IMPORT_POLL_MS);
    this.timer.unref();
    this.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.running?.abort.abort();
    await this.busy;
  }

  /** Looks for work now (after an upload or a confirm) instead of at the next poll. */
  kick(): void {
    if (this.busy || this.stopped) return;
    this.busy = this.drain()
      .catch((err) => logger.error("Import runner failed", { err: String(err) }))
      .finally(() => {
        this.busy = null;
      });
  }

  /** Runs every queued job now and resolves when none is left (the command line uses this). */
  async runQueued(): Promise<void> {
    await this.drain();
  }

  /** Cancels the job if this instance runs it (other instances notice at their next report). */
  abortIfRunning(id: string): void {
    if (this.running?.id === id) this.running.abort.abort();
  }

  private async drain(): Promise<void> {
    await this.failStale();
    await this.restageLost();
    for (;;) {
      if (this.stopped) return;
      const job = await this.claim();
      if (!job) break;
      const abort = new AbortController();
      this.running = { id: job.id, abort };
      try {
        await this.run(job, abort.signal);
      } finally {
        this.running = null;
      }
    }
    if (!this.stopped) await this.pruneStaged();
    if (!this.stopped) await this.expireRetries();
    if (!this.stopped) await this.purgeDeleted();
  }

  /**
   * A failed job's file is kept IMPORT_RETRY_KEEP_HOURS for a retry, then removed: it no longer
   * counts against its member's quota, and the job can no longer be retried.
   */
  private async expireRetries(): Promise<void> {
    const jobs: { id: string; filePath: string }[] = await this.deps.ds.query(
      `${POLL_SQL_TAG} SELECT id, file_path AS "filePath" FROM import_jobs
        WHERE status = 'failed' AND file_path IS NOT NULL AND finished_at < now() - make_interval(secs => $1) LIMIT 20`,
      [this.deps.config.IMPORT_RETRY_KEEP_HOURS * 3600],
    );
    for (const job of jobs) await removeJobFile(this.deps.ds, job);
  }

  /**
   * A job its member deleted: its staged rows, warnings and outcomes are removed in batches
   * (a done job's people, links and kept records stay: they are the tree), then it is marked.
   */
  private async purgeDeleted(): Promise<void> {
    const [job]: { id: string }[] = await this.deps.ds.query(
      `${POLL_SQL_TAG} SELECT id FROM import_jobs WHERE deleted_at IS NOT NULL AND purged_at IS NULL ORDER BY deleted_at LIMIT 1`,
    );
    if (!job) return;
    let left = 0;
    for (const table of ["import_staged", "import_warnings", "import_outcomes"]) {
      const [, removed]: [unknown, number] = await this.deps.ds.query(
        `${POLL_SQL_TAG} DELETE FROM ${table} WHERE job_id = $1 AND seq IN (SELECT seq FROM ${table} WHERE job_id = $1 LIMIT $2)`,
        [job.id, PRUNE_BATCH],
      );
      left += removed;
    }
    if (left === 0) await this.deps.ds.query(`${POLL_SQL_TAG} UPDATE import_jobs SET purged_at = now() WHERE id = $1`, [job.id]);
  }

  /**
   * When no import waits: removes a batch of the staged rows of a job done for
   * IMPORT_STAGED_KEEP_HOURS (its refused records, for its report, and likely duplicates, for
   * merging, were kept in import_outcomes by the commit), and marks the job once none is left.
   * In batches, so no statement outlasts the request timeout whatever the file's size; several
   * servers may share the work.
   */
  private async pruneStaged(): Promise<void> {
    const [job]: { id: string }[] = await this.deps.ds.query(
      `${POLL_SQL_TAG} SELECT id FROM import_jobs
        WHERE status = 'done' AND staged_pruned_at IS NULL AND finished_at < now() - make_interval(secs => $1)
        ORDER BY finished_at LIMIT 1`,
      [this.deps.config.IMPORT_STAGED_KEEP_HOURS * 3600],
    );
    if (!job) return;
    const [, removed]: [unknown, number] = await this.deps.ds.query(
      `${POLL_SQL_TAG} DELETE FROM import_staged WHERE job_id = $1 AND seq IN (SELECT s.seq FROM import_staged s WHERE s.job_id = $1 AND ${PRUNABLE} LIMIT $2)`,
      [job.id, PRUNE_BATCH],
    );
    // Marked only once none is left: another server may have removed the same batch meanwhile.
    if (removed < PRUNE_BATCH) {
      await this.deps.ds.query(
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
  private async restageLost(): Promise<void> {
    const lost: { id: string; file_path: string | null }[] = await this.deps.ds.query(
      `${POLL_SQL_TAG} SELECT j.id, j.file_path FROM import_jobs j
        WHERE j.status IN ('review', 'commit_queued') AND ((j.counts->>'total')::int > 0 OR (j.counts->>'errors')::int > 0)
          AND NOT EXISTS (SELECT 1 FROM import_staged s WHERE s.job_id = j.id)`,
    );
    for (const job of lost) {
      const readable = job.file_path !== null && (await access(job.file_path).then(() => true, () => false));
      const [rows]: [{ id: string; user_id: string }[], number] = await this.deps.ds.query(
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
        void this.deps.bus.publish("IMPORT_JOB_UPDATED", { id: r.id, userId: r.user_id });
      }
    }
  }

  private async failStale(): Promise<void> {
    const [rows]: [{ id: string; user_id: string }[], number] = await this.deps.ds.query(
      `${POLL_SQL_TAG} UPDATE import_jobs SET status = 'failed', error_key = 'ingestion.interrupted', finished_at = now(), updated_at = now()
        WHERE status = ANY($1) AND (heartbeat_at IS NULL OR heartbeat_at < now() - make_interval(secs => $2))
        RETURNING id, user_id`,
      [RUNNING, this.deps.config.IMPORT_STALE_SECONDS],
    );
    for (const r of rows) {
      await discardStaged(this.deps.ds, r.id, this.deps.config.IMPORT_STATEMENT_TIMEOUT_MS);
      void this.deps.bus.publish("IMPORT_JOB_UPDATED", { id: r.id, userId: r.user_id });
    }
  }

  private async claim(): Promise<ImportJob | null> {
    const [rows]: [{ id: string }[], number] = await this.deps.ds.query(
      `${POLL_SQL_TAG} UPDATE import_jobs SET status = CASE status WHEN 'queued' THEN 'parsing' ELSE 'committing' END,
              worker_id = $1, heartbeat_at = now(), error_key = NULL, error_params = NULL, updated_at = now()
        WHERE id = (SELECT id FROM import_jobs WHERE status IN ('queued', 'commit_queued') ORDER BY updated_at FOR UPDATE SKIP LOCKED LIMIT 1)
        RETURNING id`,
      [this.workerId],
    );
    return rows[0] ? loadJob(this.deps.ds, rows[0].id) : null;
  }

  private publish(job: ImportJob): void {
    void this.deps.bus.publish("IMPORT_JOB_UPDATED", { id: job.id, userId: job.userId });
  }

  /**
   * Saves counters and the heartbeat (at most every IMPORT_PROGRESS_MS unless forced) and
   * stops the work when someone cancelled the job meanwhile.
   */
  private reporter(job: ImportJob, signal: AbortSignal) {
    let last = 0;
    return async (counts: Partial<ImportCounts>, force = false): Promise<void> => {
      Object.assign(job.counts, counts);
      if (signal.aborted) throw new CancelledError();
      const now = Date.now();
      if (!force && now - last < this.deps.config.IMPORT_PROGRESS_MS) return;
      last = now;
      const [rows]: [{ status: string }[], number] = await this.deps.ds.query(
        `UPDATE import_jobs SET counts = $2, heartbeat_at = now(), updated_at = now() WHERE id = $1 AND worker_id = $3 RETURNING status`,
        [job.id, JSON.stringify(job.counts), this.workerId],
      );
      this.publish(job);
      if (!rows[0] || rows[0].status === ImportStatus.CANCELLED) throw new CancelledError();
    };
  }

  private async run(job: ImportJob, signal: AbortSignal): Promise<void> {
    const progress = this.reporter(job, signal);
    try {
      if (job.status === ImportStatus.PARSING) await this.stage(job, signal, progress);
      else await this.commit(job, progress);
    } catch (err) {
      // Cancelled from another server: its file may have gone from under this one before the
      // next progress report noticed (a read or media error): a cancel, not a failure.
      if (err instanceof CancelledError || signal.aborted || (await this.cancelledMeanwhile(job))) {
        await this.end(job, ImportStatus.CANCELLED, null, null, ["parsing", "committing", "cancelled"]);
        return;
      }
      const known = err instanceof UnreadableFileError;
      if (!known) logger.error("Import failed", { jobId: job.id, err: String(err), stack: (err as Error).stack });
      await this.end(job, ImportStatus.FAILED, known ? err.key : "ingestion.failed", known ? err.params : null, ["parsing", "committing"]);
    }
  }

  private async cancelledMeanwhile(job: ImportJob): Promise<boolean> {
    const rows: { status: string }[] = await this.deps.ds.query(`SELECT status FROM import_jobs WHERE id = $1`, [job.id]).catch(() => []);
    return rows[0]?.status === ImportStatus.CANCELLED;
  }

  private async stage(job: ImportJob, signal: AbortSignal, progress: ReturnType<ImportRunner["reporter"]>): Promise<void> {
    const importer = this.importers[job.kind];
    const stager = new Stager(this.deps.ds, job.id, job.userId, this.deps.config.IMPORT_STATEMENT_TIMEOUT_MS);
    await stager.reset();
    job.counts = emptyCounts();
    // A retry starts its bar from nothing, not from where the last run stopped.
    await progress({}, true);
    const result = await timed(this.phases, "read and stage", async () => {
      try {
        const r = await importer.stage({ ds: this.deps.ds, config: this.deps.config, job, stager, signal, progress: (c) => progress(c) });
        await stager.flush();
        return r;
      } finally {
        await stager.close();
      }
    });
    // Read to its end: the bar is full, and the review's checks follow (ImportProgress says so).
    await progress({ parsed: result.counts.parsed, read: Number(job.fileSize) }, true);
    const review = await timed(this.phases, "review", () => this.withHeartbeat(progress, () =>
      finishStaging((work) => this.deps.ds.transaction(async (tx) => {
        await this.batchSettings(tx);
        return work(tx);
      }), job, this.phases, () => stager.links.acyclic()),
    ));
    await progress({ ...result.counts, ...review, warnings: stager.warningCount }, true);
    const [rows]: [unknown[], number] = await this.deps.ds.query(
      `UPDATE import_jobs SET status = 'review', options = options || $2::jsonb, counts = $3, updated_at = now() WHERE id = $1 AND status = 'parsing' RETURNING id`,
      [job.id, JSON.stringify({ ...result.options, fileKey: fileIdentity(job.fileName) }), JSON.stringify(job.counts)],
    );
    if (!rows.length) throw new CancelledError();
    const { people, unions, links, warnings, errors, duplicates, updates } = job.counts;
    logger.info("Import read, waiting for review", { jobId: job.id, kind: job.kind, people, unions, links, warnings, errors, duplicates, updates });
    this.publish(job);
  }

  private async commit(job: ImportJob, progress: ReturnType<ImportRunner["reporter"]>): Promise<void> {
    await timed(this.phases, "commit", () => this.withHeartbeat(progress, () =>
      this.deps.ds.transaction(async (tx) => {
        await this.batchSettings(tx);
        const counts = await commitStaged(tx, job, (step) => progress(step, true), this.phases);
        await audit(tx, { tableName: "import_jobs", recordId: job.id, userId: job.userId, action: "import", after: { fileName: job.fileName, ...counts } });
        const [rows]: [unknown[], number] = await tx.query(
          `UPDATE import_jobs SET status = 'done', finished_at = now(), updated_at = now(), counts = counts || $2::jsonb,
                  options = options || jsonb_strip_nulls(jsonb_build_object('firstPerson', (
                    SELECT target_id FROM import_staged WHERE job_id = $1 AND kind = 'person' AND action <> 'skip' AND error_keys = '{}' ORDER BY seq LIMIT 1)))
            WHERE id = $1 AND status = 'committing' RETURNING id`,
          // The last progress step of the commit set both counts.
          [job.id, JSON.stringify({ written: job.counts.written, committed: job.counts.committed })],
        );
        // Cancelled while writing: throwing rolls everything back.
        if (!rows.length) throw new CancelledError();
        return counts;
      }),
    ));
    await removeJobFile(this.deps.ds, job);
    logger.info("Import committed", { jobId: job.id, written: job.counts.written });
    await track(this.deps.ds, { eventType: "activation", action: "tree_imported", rootspaceId: job.rootspaceId, userId: job.userId, entityId: job.id });
    this.publish(job);
  }

  /** Long set-based statements report nothing themselves: the heartbeat goes on from the pool meanwhile. */
  private async withHeartbeat<T>(progress: ReturnType<ImportRunner["reporter"]>, work: () => Promise<T>): Promise<T> {
    const beat = setInterval(() => void progress({}, true).catch(() => undefined), Math.max(1000, this.deps.config.IMPORT_PROGRESS_MS));
    try {
      return await work();
    } finally {
      clearInterval(beat);
    }
  }

  /**
   * Batch statements over a whole file may run longer than the per-request statement timeout,
   * and their joins of staged records (hundreds of thousands of rows) spill to disk with the
   * default 4 MB of work memory; one import runs at a time per server. JIT is off: the row
   * estimates of set-returning functions over staged rows made PostgreSQL compile statements
   * that run once (over 100 ms each).
   */
  private async batchSettings(tx: EntityManager): Promise<void> {
    await tx.query(`SELECT set_config('statement_timeout', $1, true), set_config('work_mem', '64MB', true), set_config('jit', 'off', true)`, [String(this.deps.config.IMPORT_STATEMENT_TIMEOUT_MS)]);
  }

  private async end(job: ImportJob, status: ImportStatus, key: string | null, params: Record<string, unknown> | null, from: string[]): Promise<void> {
    // A cancelled job's file, and a file refused for what it holds (it would fail the same way
    // again), go before the job says so: whoever sees it failed finds no file left.
    const dropFile = status === ImportStatus.CANCELLED || (status === ImportStatus.FAILED && FILE_PROBLEMS.has(key ?? ""));
    if (dropFile) await removeJobFile(this.deps.ds, job);
    await this.deps.ds.query(
      `UPDATE import_jobs SET status = $2, error_key = $3, error_params = $4, finished_at = now(), updated_at = now() WHERE id = $1 AND status = ANY($5)`,
      [job.id, status, key, params ? JSON.stringify(params) : null, from],
    );
    // What a failed or cancelled read staged and kept is of no use (a retry reads the file again).
    if (status !== ImportStatus.DONE) await discardStaged(this.deps.ds, job.id, this.deps.config.IMPORT_STATEMENT_TIMEOUT_MS);
    this.publish(job);
  }
}

/** Deletes a job's uploaded file (and a GEDZIP's media) once it is done or cancelled: no copy of a member's file stays behind. */
export async function removeJobFile(ds: DataSource, job: Pick<ImportJob, "id" | "filePath">): Promise<void> {
  if (!job.filePath) return;
  await rm(job.filePath, { force: true });
  await rm(`${job.filePath}-media`, { recursive: true, force: true });
  await ds.query(`UPDATE import_jobs SET file_path = NULL WHERE id = $1`, [job.id]);
}

export const emptyCounts = (): ImportCounts => ({
  parsed: 0, read: 0, written: 0, committed: 0, total: 0, people: 0, unions: 0, links: 0, events: 0, sources: 0, media: 0, places: 0,
  warnings: 0, errors: 0, duplicates: 0, updates: 0,
});
