import type { DataSource, EntityManager } from "typeorm";
import type { Config } from "../../config.js";
import { systemClock, type Clock } from "../../common/clock.js";
import type { EventBus } from "../../common/event-bus.js";
import { logger } from "../../common/logger.js";
import { fileStorage } from "../../common/storage/index.js";
import { newId } from "../../common/uuid.js";
import { track } from "../analytics/index.js";
import { audit } from "../audit/index.js";
import { commitStaged } from "./commit.js";
import { linkImportedMedia } from "../media/index.js";
import { ImportStatus, type ImportCounts, type ImportJob } from "./import-job.entity.js";
import { CancelledError, FILE_PROBLEMS, fileIdentity, UnreadableFileError, type Importer } from "./importer.js";
import { finishStaging } from "./review.js";
import { discardStaged, Stager } from "./staging.js";
import { removeJobFile } from "./job-file.js";
import { timed, type PhaseTimes } from "./phases.js";

/** A step of an import the member is told about. */
export type ImportOutcomeNotice = "review" | "done" | "failed";
/** The columns of a job row in its GraphQL-facing shape (for SELECT and RETURNING). */
export const JOB_COLUMNS = `id, rootspace_id AS "rootspaceId", user_id AS "userId", kind, status, file_name AS "fileName", file_size AS "fileSize",
  file_sha256 AS "fileSha256", file_path AS "filePath", counts, options, error_key AS "errorKey", error_params AS "errorParams",
  worker_id AS "workerId", heartbeat_at AS "heartbeatAt", finished_at AS "finishedAt", deleted_at AS "deletedAt", created_at AS "createdAt", updated_at AS "updatedAt"`;

/** Reads a job row in its GraphQL-facing shape. */
export async function loadJob(ds: DataSource, id: string): Promise<ImportJob | null> {
  const rows: ImportJob[] = await ds.query(`SELECT ${JOB_COLUMNS} FROM import_jobs WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/** Marks the statements the background work runs (tests counting a request's statements skip them). */
export const POLL_SQL_TAG = "/* import-runner poll */";

/**
 * Runs import jobs, one at a time per server. The domain record is the import_jobs row (its
 * status, heartbeat and counts); the scheduler's `ingestion.import` job, keyed by the import's
 * id, only says which import to run: a delivery claims the row (queued → parsing, commit_queued →
 * committing) and finds nothing to do when another delivery, or a server of before the
 * scheduler, got it first. A running import whose server stopped reporting is marked failed with
 * `ingestion.interrupted` (housekeeping.ts); its commit, one transaction, left nothing.
 */
export class ImportRunner {
  readonly workerId = newId();
  private running: { id: string; abort: AbortController; done: Promise<void> } | null = null;
  private stopped = false;
  /** Time spent per phase by the jobs this runner ran (read by the benchmark). */
  readonly phases: PhaseTimes = {};

  constructor(
    private readonly deps: {
      ds: DataSource;
      bus: EventBus;
      config: Config;
      /** The time the import's rules read (a date in the future); the system's by default. */
      clock?: Clock;
      enqueue?: (id: string) => Promise<unknown>;
      /** Tells the member how the import ended a step (notifications); its failure fails nothing. */
      tell?: (job: ImportJob, outcome: ImportOutcomeNotice) => Promise<unknown>;
    },
    private readonly importers: Record<string, Importer>,
  ) {}

  /** Stops: the import running here is cancelled (as a server stop always did) and awaited. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.running?.abort.abort();
    await this.running?.done;
  }

  /** Hands a job that is queued or commit_queued to the scheduler (any server may run it). */
  async enqueue(id: string): Promise<void> {
    await this.deps.enqueue?.(id);
  }

  /**
   * One delivery of `ingestion.import`: runs the import if it still waits for this step, and
   * does nothing if it was run already (delivery is at least once) or was cancelled.
   */
  async runJob(id: string): Promise<void> {
    // A server stopping takes no new work: the delivery fails and is retried elsewhere.
    if (this.stopped) throw new Error("Import runner stopping");
    const job = await this.claim(id);
    if (job) await this.runClaimed(job);
  }

  /** Runs every queued job now and resolves when none is left (the command line uses this). */
  async runQueued(): Promise<void> {
    for (;;) {
      if (this.stopped) return;
      const job = await this.claim(null);
      if (!job) return;
      await this.runClaimed(job);
    }
  }

  /** The import this instance runs now, if any. */
  runningId(): string | null {
    return this.running?.id ?? null;
  }

  /** Cancels the job if this instance runs it (other instances notice at their next report). */
  abortIfRunning(id: string): void {
    if (this.running?.id === id) this.running.abort.abort();
  }

  private async runClaimed(job: ImportJob): Promise<void> {
    const abort = new AbortController();
    const done = this.run(job, abort.signal);
    this.running = { id: job.id, abort, done };
    try {
      await done;
    } finally {
      this.running = null;
    }
  }

  /** Takes job `id` (or the oldest waiting one) if it waits for a step; null if none does. */
  private async claim(id: string | null): Promise<ImportJob | null> {
    const [rows]: [{ id: string }[], number] = await this.deps.ds.query(
      `${POLL_SQL_TAG} UPDATE import_jobs SET status = CASE status WHEN 'queued' THEN 'parsing' ELSE 'committing' END,
              worker_id = $1, heartbeat_at = now(), error_key = NULL, error_params = NULL, updated_at = now()
        WHERE id = (SELECT id FROM import_jobs WHERE status IN ('queued', 'commit_queued') AND ($2::uuid IS NULL OR id = $2) ORDER BY updated_at FOR UPDATE ${id ? "" : "SKIP LOCKED"} LIMIT 1)
        RETURNING id`,
      [this.workerId, id],
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
      // eslint-disable-next-line no-restricted-syntax -- how often progress is saved, not a business rule
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
        const today = (this.deps.clock ?? systemClock).now().toISOString().slice(0, 10);
        const r = await importer.stage({
          ds: this.deps.ds,
          config: this.deps.config,
          job,
          stager,
          signal,
          today,
          progress: (c) => progress(c),
        });
        await stager.flush();
        return r;
      } finally {
        await stager.close();
      }
    });
    // Read to its end: the bar is full, and the review's checks follow (ImportProgress says so).
    await progress({ parsed: result.counts.parsed, read: Number(job.fileSize) }, true);
    const review = await timed(this.phases, "review", () =>
      this.withHeartbeat(progress, () =>
        finishStaging(
          (work) =>
            this.deps.ds.transaction(async (tx) => {
              await this.batchSettings(tx);
              return work(tx);
            }),
          job,
          this.phases,
          () => stager.links.acyclic(),
        ),
      ),
    );
    await progress({ ...result.counts, ...review, warnings: stager.warningCount }, true);
    const [rows]: [unknown[], number] = await this.deps.ds.query(
      `UPDATE import_jobs SET status = 'review', options = options || $2::jsonb, counts = $3, updated_at = now() WHERE id = $1 AND status = 'parsing' RETURNING id`,
      [job.id, JSON.stringify({ ...result.options, fileKey: fileIdentity(job.fileName) }), JSON.stringify(job.counts)],
    );
    if (!rows.length) throw new CancelledError();
    const { people, unions, links, warnings, errors, duplicates, updates } = job.counts;
    logger.info("Import read, waiting for review", {
      jobId: job.id,
      kind: job.kind,
      people,
      unions,
      links,
      warnings,
      errors,
      duplicates,
      updates,
    });
    this.publish(job);
    await this.tell(job, "review");
  }

  private async commit(job: ImportJob, progress: ReturnType<ImportRunner["reporter"]>): Promise<void> {
    await timed(this.phases, "commit", () =>
      this.withHeartbeat(progress, () =>
        this.deps.ds.transaction(async (tx) => {
          await this.batchSettings(tx);
          const storage = fileStorage(this.deps.config);
          const counts = await commitStaged(tx, job, (step) => progress(step, true), this.phases, storage);
          // A GEDZIP's pictures become its people's pictures (media area), in the same transaction.
          await timed(this.phases, "media", () =>
            linkImportedMedia(tx, job, storage, this.deps.config.MEDIA_MAX_PIXELS, async (path) => {
              const [row]: { data: Buffer }[] = await tx.query(
                `/* media */ SELECT data FROM kept_media WHERE job_id = $1 AND path = $2 LIMIT 1`,
                [job.id, path],
              );
              return row ? new Uint8Array(row.data) : null;
            }),
          );
          await audit(tx, {
            tableName: "import_jobs",
            recordId: job.id,
            userId: job.userId,
            action: "import",
            after: { fileName: job.fileName, ...counts },
          });
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
      ),
    );
    await removeJobFile(this.deps, job);
    logger.info("Import committed", { jobId: job.id, written: job.counts.written });
    await track(this.deps.ds, {
      eventType: "activation",
      action: "tree_imported",
      rootspaceId: job.rootspaceId,
      userId: job.userId,
      entityId: job.id,
    });
    this.publish(job);
    await this.tell(job, "done");
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
    await tx.query(
      `SELECT set_config('statement_timeout', $1, true), set_config('work_mem', '64MB', true), set_config('jit', 'off', true)`,
      [String(this.deps.config.IMPORT_STATEMENT_TIMEOUT_MS)],
    );
  }

  private async end(
    job: ImportJob,
    status: ImportStatus,
    key: string | null,
    params: Record<string, unknown> | null,
    from: string[],
  ): Promise<void> {
    // A cancelled job's file, and a file refused for what it holds (it would fail the same way
    // again), go before the job says so: whoever sees it failed finds no file left.
    const dropFile = status === ImportStatus.CANCELLED || (status === ImportStatus.FAILED && FILE_PROBLEMS.has(key ?? ""));
    if (dropFile) await removeJobFile(this.deps, job);
    await this.deps.ds.query(
      `UPDATE import_jobs SET status = $2, error_key = $3, error_params = $4, finished_at = now(), updated_at = now() WHERE id = $1 AND status = ANY($5)`,
      [job.id, status, key, params ? JSON.stringify(params) : null, from],
    );
    // What a failed or cancelled read staged and kept is of no use (a retry reads the file again).
    if (status !== ImportStatus.DONE) await discardStaged(this.deps.ds, job.id, this.deps.config.IMPORT_STATEMENT_TIMEOUT_MS);
    this.publish(job);
    if (status === ImportStatus.FAILED) await this.tell(job, "failed");
  }

  private async tell(job: ImportJob, outcome: ImportOutcomeNotice): Promise<void> {
    await this.deps
      .tell?.(job, outcome)
      .catch((err: unknown) => logger.error("Import notification failed", { jobId: job.id, outcome, err: String(err) }));
  }
}

export const emptyCounts = (): ImportCounts => ({
  parsed: 0,
  read: 0,
  written: 0,
  committed: 0,
  total: 0,
  people: 0,
  unions: 0,
  links: 0,
  events: 0,
  sources: 0,
  media: 0,
  places: 0,
  warnings: 0,
  errors: 0,
  duplicates: 0,
  updates: 0,
});
