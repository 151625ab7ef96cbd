// Child process of the GEDCOM benchmark (its memory is measured alone; plain JavaScript on the
// compiled server, so no TypeScript compiler sits in the measured memory):
//   import <databaseUrl> <file> [member]  — stage + commit through the import runner, as the site
//                                           does, for a member (default "bench"), new or not
//       --name=<file name>                  the upload's name (default <member>.ged): what a
//                                           re-import knows its earlier version by
//       --stale                             no ANALYZE first (as a server meets a database that
//                                           autovacuum has not analyzed since the last import)
//   read-gedcom <file>           — parse only, with the read-gedcom package
import "reflect-metadata";
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { copyFileSync, statSync } from "node:fs";

let peak = 0;
const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
const flags = process.argv.slice(2).filter((x) => x.startsWith("--"));
const [mode, a, b, member = "bench"] = process.argv.slice(2).filter((x) => !x.startsWith("--"));
const fileName = flags.find((f) => f.startsWith("--name="))?.slice("--name=".length) ?? `${member}.ged`;

if (mode === "read-gedcom") {
  const { readGedcom } = await import("read-gedcom");
  const buf = readFileSync(a);
  const t0 = performance.now();
  const root = readGedcom(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength));
  const people = root.getIndividualRecord().length;
  const seconds = (performance.now() - t0) / 1000;
  peak = Math.max(peak, process.memoryUsage().rss);
  console.log(JSON.stringify({ people, seconds, peakMb: peak / 1e6 }));
} else {
  const { loadConfig } = await import("../server/dist/config.js");
  const { createDataSource } = await import("../server/dist/db/data-source.js");
  const { createEventBus } = await import("../server/dist/common/event-bus.js");
  const { enqueueImport, importRunner, ingestionJobs } = await import("../server/dist/modules/ingestion/index.js");
  const { Scheduler } = await import("../server/dist/common/jobs/index.js");
  const { emptyCounts, loadJob } = await import("../server/dist/modules/ingestion/runner.js");
  const config = loadConfig({ DATABASE_URL: a, STORAGE_DIR: join(tmpdir(), "roots-bench-storage"), LOG_LEVEL: "warn" });
  const ds = createDataSource({ url: a, poolMax: 4 });
  await ds.initialize();
  // A later import meets a populated database that autovacuum has analyzed: the planner then
  // knows the people table, but not the rows the import itself writes.
  const [{ populated }] = await ds.query(`SELECT EXISTS (SELECT 1 FROM people) AS populated`);
  if (populated && !flags.includes("--stale")) await ds.query(`ANALYZE`);
  // A member who imported before (the same file again: every person is re-imported) or a new one.
  const email = `${member}@roots.test`;
  const [known] = await ds.query(`SELECT id FROM users WHERE email = $1`, [email]);
  const userId =
    known?.id ??
    (await ds.query(`INSERT INTO users (id, email, display_name) VALUES (gen_random_uuid(), $1, 'Bench') RETURNING id`, [email]))[0].id;
  const { mkdirSync } = await import("node:fs");
  const jobId = crypto.randomUUID();
  // The upload's key in the (disk) file storage: imports/<jobId> (ingestion/job-file.ts).
  mkdirSync(join(config.STORAGE_DIR, "imports"), { recursive: true });
  const stored = join(config.STORAGE_DIR, "imports", jobId);
  copyFileSync(b, stored);
  await ds.query(
    `INSERT INTO import_jobs (id, rootspace_id, user_id, kind, status, file_name, file_size, file_sha256, file_path, counts, options)
     VALUES ($1, 'lb', $2, 'gedcom', 'queued', $6, $3, 'bench', $4, $5, '{}')`,
    [jobId, userId, statSync(stored).size, `imports/${jobId}`, JSON.stringify(emptyCounts()), fileName],
  );
  const bus = createEventBus();
  // As a server runs it: the scheduler's worker takes the job the upload (here: the script) sent.
  const scheduler = new Scheduler({ ds, bus, config, jobs: ingestionJobs });
  await scheduler.start();
  const runner = importRunner({ ds, bus, config, scheduler });
  const reaches = async (statuses) => {
    for (;;) {
      const [{ status }] = await ds.query(`SELECT status FROM import_jobs WHERE id = $1`, [jobId]);
      if (statuses.includes(status)) return;
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  // The import's time runs from the moment the job is sent (not the process start: loading the
  // server's modules is no part of an import) to its commit.
  const importStarted = performance.now();
  await enqueueImport(scheduler, jobId);
  await reaches(["review", "failed"]);
  const staged = performance.now();
  await ds.query(`UPDATE import_jobs SET status = 'commit_queued' WHERE id = $1`, [jobId]);
  await enqueueImport(scheduler, jobId);
  await reaches(["done", "failed"]);
  const committed = performance.now();
  const job = await loadJob(ds, jobId);
  const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM people WHERE created_by = $1`, [userId]);
  await runner.stop();
  await scheduler.stop();
  await bus.close();
  await ds.destroy();
  console.log(
    JSON.stringify({
      status: job?.status,
      people: n,
      updates: job?.counts?.updates ?? 0,
      seconds: (committed - importStarted) / 1000,
      stageSeconds: (staged - importStarted) / 1000,
      peakMb: peak / 1e6,
      phases: runner.phases,
    }),
  );
}
clearInterval(sample);
