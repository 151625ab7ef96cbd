import { mayUseImport } from "./import.policy.js";
import type { Context } from "../../common/context.js";
import { AppError, ErrorCode, notFound, unauthenticated } from "../../common/errors.js";
import { fromGlobalId, isUuid } from "../../common/global-id.js";
import { type Language, runtimeKey, translate } from "../../common/i18n.js";
import { DEFAULT_PAGE_SIZE, encodeOffsetCursor, listSize, offsetAfter, offsetPageInfo } from "../../common/pagination.js";
import { mayMerge, personNodes } from "../genealogy/index.js";
import { ImportStatus, type ImportJob } from "./import-job.entity.js";
import { logger } from "../../common/logger.js";
import { JOB_COLUMNS, loadJob } from "./runner.js";
import { removeJobFile } from "./job-file.js";
import { runnerOf } from "./jobs.js";
import { SHEET_FIELDS } from "./spreadsheet/headers.js";
import { discardStaged } from "./staging.js";
import { FILE_PROBLEMS } from "./importer.js";
import { END_NAMES, endNames, warningRecord, type EndsRow, type WarningRow } from "./staged-names.js";
import { presentJob, type ImportJobView, type ImportRecordView, type ImportWarningView } from "./import-job.types.js";
import { MIN_PARENT_GAP_YEARS } from "../genealogy/index.js";

/** Hands a job that now waits for a step to the scheduler (the sweep would, a moment later). */
const enqueue = (ctx: Context, id: string) => runnerOf(ctx.ds)?.enqueue(id);

/** A job of the viewer's (admins see every job); NOT_FOUND otherwise. */
export async function jobFor(ctx: Context, globalId: string): Promise<ImportJob> {
  if (!ctx.viewer.userId) throw unauthenticated();
  const ref = fromGlobalId(globalId);
  const job = ref?.type === "ImportJob" && isUuid(ref.id) ? await loadJob(ctx.ds, ref.id) : null;
  // A job of another rootspace is absent here, like its people.
  if (!job || !mayUseImport(ctx.principal, job, ctx.rootspace.id)) throw notFound();
  return job;
}

export async function getJob(ctx: Context, globalId: string): Promise<ImportJobView> {
  return presentJob(await jobFor(ctx, globalId), ctx.language);
}

/** The viewer's latest imports into the request's rootspace, newest first. */
export async function myJobs(ctx: Context, first: number): Promise<ImportJobView[]> {
  if (!ctx.viewer.userId) throw unauthenticated();
  const ids: { id: string }[] = await ctx.ds.query(
    `SELECT id FROM import_jobs WHERE user_id = $1 AND rootspace_id = $3 AND deleted_at IS NULL ORDER BY created_at DESC LIMIT $2`,
    [ctx.viewer.userId, listSize(first, "first", 50), ctx.rootspace.id],
  );
  const jobs = await Promise.all(ids.map((r) => loadJob(ctx.ds, r.id)));
  return jobs.filter((j): j is ImportJob => j !== null).map((j) => presentJob(j, ctx.language));
}

/** Moves a job from one status to another atomically; a job in any other status is refused. */
async function transition(ctx: Context, job: ImportJob, from: ImportStatus[], to: ImportStatus, extra = ""): Promise<ImportJobView> {
  const [rows]: [ImportJob[], number] = await ctx.ds.query(
    `UPDATE import_jobs SET status = $2, updated_at = now()${extra} WHERE id = $1 AND status = ANY($3) RETURNING ${JOB_COLUMNS}`,
    [job.id, to, from],
  );
  if (!rows.length) throw new AppError(ErrorCode.CONFLICT, "ingestion.wrong_state");
  // The answer is the state this mutation made: read back in the same statement, since a
  // runner's poll may take the job up and move it on at any moment after it.
  const view = presentJob(rows[0], ctx.language);
  void ctx.bus.publish("IMPORT_JOB_UPDATED", { id: job.id, userId: job.userId });
  if (to === ImportStatus.QUEUED || to === ImportStatus.COMMIT_QUEUED) await enqueue(ctx, job.id);
  return view;
}

/** The member confirms the review: the commit runs in the background, in one transaction. */
export async function confirmImport(ctx: Context, globalId: string): Promise<ImportJobView> {
  const job = await jobFor(ctx, globalId);
  if (job.status === ImportStatus.REVIEW && job.counts.total === 0)
    throw new AppError(ErrorCode.BAD_USER_INPUT, "ingestion.nothing_to_import");
  return transition(ctx, job, [ImportStatus.REVIEW], ImportStatus.COMMIT_QUEUED);
}

/** Stops a job at any stage before it is done; a commit in progress is rolled back. */
export async function cancelImport(ctx: Context, globalId: string): Promise<ImportJobView> {
  const job = await jobFor(ctx, globalId);
  const view = await transition(
    ctx,
    job,
    [
      ImportStatus.QUEUED,
      ImportStatus.PARSING,
      ImportStatus.REVIEW,
      ImportStatus.COMMIT_QUEUED,
      ImportStatus.COMMITTING,
      ImportStatus.FAILED,
    ],
    ImportStatus.CANCELLED,
    ", finished_at = now()",
  );
  runnerOf(ctx.ds)?.abortIfRunning(job.id);
  await discardStaged(ctx.ds, job.id, ctx.config.IMPORT_STATEMENT_TIMEOUT_MS);
  // A job waiting for review or its commit has no runner to clean up after it: its file goes now
  // (a running one's runner removes it too; the second removal finds nothing). The cancel is
  // already saved: a file that cannot be removed is logged, not the member's error.
  await removeJobFile(ctx, job).catch((err) => logger.error("Cancelled import's file not removed", { jobId: job.id, err: String(err) }));
  return view;
}

/** Statuses a member may delete a job in: it has stopped, one way or another. */
const DELETABLE = [ImportStatus.FAILED, ImportStatus.CANCELLED, ImportStatus.DONE];

/**
 * Deletes one of the viewer's stopped imports (failed, cancelled or done): hidden at once and
 * its file removed; its staged rows, warnings and outcomes go in the background
 * (housekeeping.ts, purgeDeleted). The people, couples and links a done import wrote stay.
 */
export async function deleteImport(ctx: Context, globalId: string): Promise<boolean> {
  const job = await jobFor(ctx, globalId);
  const [rows]: [unknown[], number] = await ctx.ds.query(
    `UPDATE import_jobs SET deleted_at = now(), updated_at = now() WHERE id = $1 AND deleted_at IS NULL AND status = ANY($2) RETURNING id`,
    [job.id, DELETABLE],
  );
  if (!rows.length) throw new AppError(ErrorCode.CONFLICT, "ingestion.delete_while_running");
  await removeJobFile(ctx, job).catch((err) => logger.error("Deleted import's file not removed", { jobId: job.id, err: String(err) }));
  return true;
}

/** Runs a failed job again from its stored file (reads it again, then back to review). */
/** A read the member asks for (retry, new mapping) is no read after a database restart (housekeeping.ts, restageLost). */
const READ_ON_REQUEST = ", options = options - 'readAgain'";

export async function retryImport(ctx: Context, globalId: string): Promise<ImportJobView> {
  const job = await jobFor(ctx, globalId);
  // A file refused for what it holds is deleted at once: that, not its absence, is the reason.
  if (FILE_PROBLEMS.has(job.errorKey ?? "")) throw new AppError(ErrorCode.CONFLICT, "ingestion.retry_same_file");
  if (!job.filePath) throw new AppError(ErrorCode.CONFLICT, "ingestion.file_gone");
  return transition(
    ctx,
    job,
    [ImportStatus.FAILED],
    ImportStatus.QUEUED,
    `, error_key = NULL, error_params = NULL, finished_at = NULL${READ_ON_REQUEST}`,
  );
}

/** Spreadsheet: the member corrects the header row or a column's field; the file is read again. */
export async function setMapping(ctx: Context, globalId: string, headerRow: number, mapping: (string | null)[]): Promise<ImportJobView> {
  const job = await jobFor(ctx, globalId);
  const bad = mapping.findIndex((f) => f !== null && !(SHEET_FIELDS as readonly string[]).includes(f));
  if (job.kind !== "spreadsheet") throw new AppError(ErrorCode.BAD_USER_INPUT, "ingestion.wrong_state");
  if (bad >= 0 || headerRow < 0 || headerRow > 50 || mapping.length > 200) {
    throw new AppError(ErrorCode.BAD_USER_INPUT, "errors.bad_input", {}, [{ field: "mapping", key: "ingestion.mapping_invalid" }]);
  }
  const fields = mapping.filter(Boolean);
  if (new Set(fields).size !== fields.length)
    throw new AppError(ErrorCode.BAD_USER_INPUT, "errors.bad_input", {}, [{ field: "mapping", key: "ingestion.mapping_twice" }]);
  const options = { ...(job.options as Record<string, unknown>), headerRow, mapping };
  await ctx.ds.query(`UPDATE import_jobs SET options = $2 WHERE id = $1`, [job.id, JSON.stringify(options)]);
  return transition(
    ctx,
    job,
    [ImportStatus.REVIEW, ImportStatus.FAILED],
    ImportStatus.QUEUED,
    `, error_key = NULL, finished_at = NULL${READ_ON_REQUEST}`,
  );
}

/** Warnings of a job with their line numbers, translated. */
export async function jobWarnings(ctx: Context, globalId: string, first = DEFAULT_PAGE_SIZE, after?: string) {
  const job = await jobFor(ctx, globalId);
  const offset = offsetAfter(after);
  const rows: WarningRow[] = await ctx.ds.query(
    `SELECT line, key, params, record FROM import_warnings WHERE job_id = $1 ORDER BY seq LIMIT $2 OFFSET $3`,
    [job.id, first + 1, offset],
  );
  return page(
    rows.map((r) => warningView(r, ctx.language)),
    first,
    offset,
    job.counts.warnings,
  );
}

const warningView = (r: WarningRow, lang: Language): ImportWarningView => ({
  line: r.line,
  key: r.key,
  message: translate(runtimeKey(r.key), lang, r.params ?? {}),
  record: warningRecord(r, lang),
});

/**
 * Staged records for the review (optionally only refused ones or likely duplicates). Once the
 * import is done, each record also gives the person it became, and whether the viewer may
 * merge that person into the one it looks like; its refused records and likely duplicates then
 * come from import_outcomes (kept through a database crash), and all its records from the
 * staging table for as long as they are kept there (recordsSource).
 */
export async function jobRecords(
  ctx: Context,
  globalId: string,
  filter: "all" | "errors" | "duplicates",
  first = DEFAULT_PAGE_SIZE,
  after?: string,
) {
  const job = await jobFor(ctx, globalId);
  const offset = offsetAfter(after);
  const where = filter === "errors" ? `AND error_keys <> '{}'` : filter === "duplicates" ? `AND duplicate_of IS NOT NULL` : "";
  const table = await recordsSource(ctx, job, filter);
  const [{ n }]: { n: number }[] = await ctx.ds.query(`SELECT count(*)::int AS n FROM ${table} WHERE job_id = $1 ${where}`, [job.id]);
  type Row = EndsRow & {
    line: number | null;
    local_key: string | null;
    action: string;
    error_keys: string[];
    duplicate_of: string | null;
    target_id: string | null;
  } & Record<"full_name" | "full_name_ar" | "birth_date_text" | "death_date_text", string | null>;
  const rows: Row[] = await ctx.ds.query(
    `SELECT line, kind, local_key, full_name, full_name_ar, birth_date_text, death_date_text, action, error_keys, duplicate_of, target_id, from_key, to_key, ${END_NAMES}
       FROM ${table} WHERE job_id = $1 ${where} ORDER BY seq LIMIT $2 OFFSET $3`,
    [job.id, first + 1, offset],
  );
  const ends = await endNames(ctx.ds, job.id, rows, ctx.language);
  const done = job.status === ImportStatus.DONE;
  const written = (r: Row) => (done && r.kind === "person" && r.action !== "skip" && !r.error_keys.length ? r.target_id : null);
  const ids = [...new Set(rows.flatMap((r) => [written(r), r.duplicate_of]).filter((id): id is string => id !== null))];
  // Both people of each record go through the people policy like any other read, all at once.
  const people = new Map((await personNodes(ctx, ids)).map((p, i) => [ids[i], p]));
  const views = rows.map((r): ImportRecordView => {
    const existing = r.duplicate_of ? people.get(r.duplicate_of) : undefined;
    const imported = written(r) ? people.get(written(r)!) : undefined;
    const duplicate = existing?.node ?? null;
    const person = imported?.node ?? null;
    // Merging needs both people visible; the rows say who may merge them.
    const keep = duplicate ? existing!.row : null;
    const gone = person ? imported!.row : null;
    return {
      line: r.line,
      kind: r.kind,
      key: r.local_key,
      name: r.full_name,
      nameAr: r.full_name_ar,
      birth: r.birth_date_text,
      death: r.death_date_text,
      ends: ends(r),
      action: r.action,
      errors: r.error_keys.map((k) => translate(runtimeKey(k), ctx.language, { years: MIN_PARENT_GAP_YEARS })),
      duplicate,
      person,
      canMerge: Boolean(keep && gone && keep.id !== gone.id && mayMerge(ctx, keep, gone)),
    };
  });
  return page(views, first, offset, n);
}

/**
 * Where a job's records are read: the staging table, but for a done job's refused records and
 * likely duplicates (import_outcomes), and for all its records once the staging table no longer
 * keeps them (IMPORT_STAGED_KEEP_HOURS after the job, when pruning starts, or sooner when a
 * database crash emptied it): then those are what it has left.
 */
async function recordsSource(
  ctx: Context,
  job: ImportJob,
  filter: "all" | "errors" | "duplicates",
): Promise<"import_staged" | "import_outcomes"> {
  if (job.status !== ImportStatus.DONE) return "import_staged";
  if (filter !== "all") return "import_outcomes";
  const [{ staged }]: { staged: boolean }[] = await ctx.ds.query(
    `SELECT now() - $2 * interval '1 hour' < j.finished_at AND EXISTS (SELECT 1 FROM import_staged WHERE job_id = $1) AS staged FROM import_jobs j WHERE j.id = $1`,
    [job.id, ctx.config.IMPORT_STAGED_KEEP_HOURS],
  );
  return staged ? "import_staged" : "import_outcomes";
}

function page<T>(items: T[], first: number, offset: number, totalCount: number) {
  const edges = items.slice(0, first).map((node, i) => ({ cursor: encodeOffsetCursor(offset + i), node }));
  return {
    edges,
    totalCount,
    pageInfo: offsetPageInfo(edges, offset, items.length > first),
  };
}
