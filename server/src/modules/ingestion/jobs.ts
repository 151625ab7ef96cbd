import type { DataSource } from "typeorm";
import { defineJob, JOBS_SCHEMA, type JobContext, type JobSender } from "../../common/jobs/index.js";
import type { Clock } from "../../common/clock.js";
import type { EventBus } from "../../common/event-bus.js";
import type { Config } from "../../config.js";
import { gedcomImporter } from "./gedcom-io/gedcom.importer.js";
import { expireRetries, failStale, pruneStaged, purgeDeleted, restageLost } from "./housekeeping.js";
import type { Importer } from "./importer.js";
import { tellMember } from "./notifications.js";
import { processWaiting } from "../media/index.js";
import { ImportRunner, POLL_SQL_TAG } from "./runner.js";
import { sheetImporter } from "./spreadsheet/sheet.importer.js";

/** The kinds of file an upload may hold, and what reads each. */
export const importers: Record<string, Importer> = { spreadsheet: sheetImporter, gedcom: gedcomImporter };

const runners = new WeakMap<DataSource, ImportRunner>();

/** This server's import runner (one per database connection pool), made on first use. */
export function importRunner(deps: { ds: DataSource; bus: EventBus; config: Config; clock: Clock; scheduler: JobSender }): ImportRunner {
  let runner = runners.get(deps.ds);
  if (!runner) {
    runner = new ImportRunner(
      {
        ...deps,
        enqueue: (id) => enqueueImport(deps.scheduler, id),
        tell: async (job, outcome) => {
          // The pictures a GEDZIP brought are processed once its commit is in.
          if (outcome === "done") await processWaiting(deps.ds, deps.scheduler);
          await tellMember({ db: deps.ds, jobs: deps.scheduler, bus: deps.bus, config: deps.config }, job, outcome);
        },
      },
      importers,
    );
    runners.set(deps.ds, runner);
  }
  return runner;
}

/** The runner of this server, if it has one (a cancel aborts the import it runs). */
export const runnerOf = (ds: DataSource): ImportRunner | undefined => runners.get(ds);

/**
 * Runs one step of an import (reading and staging its file, or its commit). Keyed by the import's
 * id: at most one waits per import. Its effect is recorded on the import_jobs row, each step's
 * result with its status in one statement or transaction, so a second delivery finds nothing to do.
 */
export const importJob = defineJob<{ importId: string }>({
  name: "ingestion.import",
  oneWaitingPerKey: true,
  retryLimit: 3,
  // The longest import. A killed server's import is found long before by its heartbeat
  // (housekeeping: `ingestion.interrupted`); the retried delivery then finds nothing to do.
  expireInSeconds: 6 * 3600,
  pollMs: (config) => config.IMPORT_POLL_MS,
  handler: async ({ importId }, job) => importRunner({ ...job, scheduler: job.scheduler }).runJob(importId),
});

export const enqueueImport = (scheduler: JobSender, id: string) => scheduler.send(importJob, { importId: id }, { key: id });

/** Imports waiting for a step with no job to run it (sent before a crash, or by a server of before the scheduler). */
async function enqueueWaiting(job: JobContext): Promise<void> {
  const waiting: { id: string }[] = await job.ds.query(
    `${POLL_SQL_TAG} SELECT j.id FROM import_jobs j
      WHERE j.status IN ('queued', 'commit_queued') AND j.deleted_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM ${JOBS_SCHEMA}.job b WHERE b.name = $1 AND b.singleton_key = j.id::text AND b.state IN ('created', 'retry', 'active'))
      ORDER BY j.updated_at LIMIT 100`,
    [importJob.name],
  );
  // Keyed: one sent meanwhile makes the send add nothing.
  for (const { id } of waiting) await enqueueImport(job.scheduler, id);
}

/** The import area's housekeeping, on one server at a time, every IMPORT_POLL_MS. */
export const importSweep = defineJob({
  name: "ingestion.sweep",
  everyMs: (config) => config.IMPORT_POLL_MS,
  pollMs: (config) => config.IMPORT_POLL_MS,
  retryLimit: 0,
  expireInSeconds: 15 * 60,
  handler: async (_payload, job) => {
    // Not the import this server runs: its heartbeat may lag a moment behind a tight IMPORT_STALE_SECONDS.
    await failStale(job, runnerOf(job.ds)?.runningId() ?? null);
    await restageLost(job);
    await enqueueWaiting(job);
    await pruneStaged(job);
    await expireRetries(job);
    await purgeDeleted(job);
  },
});

/** The ingestion area's jobs, for the scheduler's list. */
export const ingestionJobs = [importJob, importSweep];
