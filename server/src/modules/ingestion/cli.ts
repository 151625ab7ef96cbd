import "reflect-metadata";
import { writeFile, appendFile } from "node:fs/promises";
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { basename, resolve } from "node:path";
import { Readable } from "node:stream";
import type { DataSource } from "typeorm";
import { loadConfig } from "../../config.js";
import { anonymousViewer } from "../../common/auth/viewer.js";
import { createContext } from "../../common/context.js";
import { Scheduler } from "../../common/jobs/index.js";
import { createEventBus } from "../../common/event-bus.js";
import { EVERY_FLAG_ON } from "../../common/flags.js";
import { toGlobalId } from "../../common/global-id.js";
import { runtimeKey, translate } from "../../common/i18n.js";
import { newId } from "../../common/uuid.js";
import { fileStorage } from "../../common/storage/index.js";
import { connectAndMigrate, createDataSource } from "../../db/data-source.js";
import { startEmbeddedPostgres } from "../../db/embedded.js";
import { exportGedcom } from "./gedcom-io/export.route.js";
import { gedcomImporter } from "./gedcom-io/gedcom.importer.js";
import { emptyCounts, ImportRunner, loadJob } from "./runner.js";
import { importFileKey } from "./job-file.js";
import { sheetImporter } from "./spreadsheet/sheet.importer.js";
import { warningRecord, type WarningRow } from "./staged-names.js";

/**
 * npm run gedcom -- import FILE [--user EMAIL] [--rootspace lebanon]
 * npm run gedcom -- export FILE [--user EMAIL] [--version 7.0|5.5.1] [--rootspace lebanon]
 * The same code paths as the site (staging, review checks, one-transaction commit; the
 * export with the user's privacy), with progress and a summary printed; non-zero exit on failure.
 */
const [command, fileArg, ...rest] = process.argv.slice(2);
// npm runs workspace scripts inside server/: paths are read from where the command was typed.
const file = fileArg ? resolve(process.env.INIT_CWD ?? process.cwd(), fileArg) : fileArg;
const flag = (name: string) => {
  const i = rest.indexOf(`--${name}`);
  return i >= 0 ? rest[i + 1] : undefined;
};
if ((command !== "import" && command !== "export") || !file) {
  console.error(
    "usage: npm run gedcom -- import FILE [--user EMAIL] [--rootspace lebanon]\n       npm run gedcom -- export FILE [--user EMAIL] [--version 7.0|5.5.1] [--rootspace lebanon]",
  );
  process.exit(2);
}
const config = loadConfig();
const embedded = config.DATABASE_URL ? undefined : await startEmbeddedPostgres(config.EMBEDDED_PG_DIR, config.EMBEDDED_PG_PORT);
const ds = createDataSource({ url: config.DATABASE_URL ?? embedded!.url, poolMax: 4 });
let code: number;
try {
  await connectAndMigrate(ds);
  const user = await owner(ds, flag("user"));
  code =
    command === "import"
      ? await runImport(ds, user, file, flag("rootspace") ?? "lebanon")
      : await runExport(ds, user, file, flag("version") === "5.5.1" ? "5.5.1" : "7.0", flag("rootspace") ?? "lebanon");
} catch (err) {
  console.error(String(err instanceof Error ? err.message : err));
  code = 1;
} finally {
  await ds.destroy();
  await embedded?.stop();
}
process.exit(code);

/** The account the tree belongs to: --user, else the first administrator. */
async function owner(ds: DataSource, email: string | undefined): Promise<{ id: string; roles: string[] }> {
  const rows: { id: string; roles: string[] }[] = email
    ? await ds.query(
        `SELECT u.id, coalesce(array_agg(r.role) FILTER (WHERE r.role IS NOT NULL), '{}') AS roles FROM users u LEFT JOIN user_roles r ON r.user_id = u.id WHERE lower(u.email) = lower($1) GROUP BY u.id`,
        [email],
      )
    : await ds.query(
        `SELECT u.id, array_agg(r.role) AS roles FROM users u JOIN user_roles r ON r.user_id = u.id AND r.role = 'admin' GROUP BY u.id ORDER BY min(u.created_at) LIMIT 1`,
      );
  if (!rows[0]) throw new Error(email ? `No account with the email ${email}.` : "No administrator account: pass --user EMAIL.");
  return rows[0];
}

async function runImport(ds: DataSource, user: { id: string }, path: string, rootspaceSlug: string): Promise<number> {
  const [space]: { id: string }[] = await ds.query(`SELECT id FROM rootspaces WHERE slug = $1`, [rootspaceSlug]);
  if (!space) throw new Error(`No rootspace ${rootspaceSlug}.`);
  const kind = /\.(xlsx|csv|tsv|txt)$/i.test(path) ? "spreadsheet" : "gedcom";
  const id = newId();
  const key = importFileKey(id);
  const hash = createHash("sha256");
  const hashed = async function* () {
    for await (const chunk of createReadStream(path)) {
      hash.update(chunk as Buffer);
      yield chunk as Buffer;
    }
  };
  const { size } = await fileStorage(config).put(key, Readable.from(hashed()));
  await ds.query(
    `INSERT INTO import_jobs (id, rootspace_id, user_id, kind, status, file_name, file_size, file_sha256, file_path, counts, options)
     VALUES ($1, $2, $3, $4, 'queued', $5, $6, $7, $8, $9, '{}')`,
    [id, space.id, user.id, kind, basename(path), size, hash.digest("hex"), key, JSON.stringify(emptyCounts())],
  );
  const bus = createEventBus();
  const runner = new ImportRunner({ ds, bus, config }, { gedcom: gedcomImporter, spreadsheet: sheetImporter });
  // eslint-disable-next-line no-restricted-syntax -- the time the command took, printed for its user
  const started = Date.now();
  const timer = setInterval(
    () =>
      void loadJob(ds, id).then(
        (j) =>
          j &&
          process.stdout.write(`\r${j.status}: ${j.counts.parsed} read, ${j.counts.written} written, ${j.counts.warnings} warnings   `),
      ),
    1000,
  );
  try {
    await runner.runQueued();
    let job = (await loadJob(ds, id))!;
    if (job.status === "review") {
      await ds.query(`UPDATE import_jobs SET status = 'commit_queued' WHERE id = $1`, [id]);
      await runner.runQueued();
      job = (await loadJob(ds, id))!;
    }
    clearInterval(timer);
    const c = job.counts;
    // eslint-disable-next-line no-restricted-syntax -- the time the command took, printed for its user
    console.log(`\n${job.status} in ${((Date.now() - started) / 1000).toFixed(1)} s (job ${toGlobalId("ImportJob", id)})`);
    console.log(
      `people ${c.people} (updated ${c.updates}), unions ${c.unions}, parent links ${c.links}, events ${c.events}, sources ${c.sources}, media ${c.media}, places ${c.places}`,
    );
    console.log(`refused ${c.errors}, warnings ${c.warnings}, possible duplicates ${c.duplicates}`);
    const warnings: WarningRow[] = await ds.query(
      `SELECT line, key, params, record FROM import_warnings WHERE job_id = $1 ORDER BY seq LIMIT 20`,
      [id],
    );
    for (const w of warnings) {
      const record = warningRecord(w, "en");
      console.log(`  line ${w.line ?? "-"}: ${record ? `${record}: ` : ""}${translate(runtimeKey(w.key), "en", w.params ?? {})}`);
    }
    if (job.errorKey) console.error(translate(runtimeKey(job.errorKey), "en", (job.errorParams ?? {}) as Record<string, string>));
    return job.status === "done" ? 0 : 1;
  } finally {
    clearInterval(timer);
    await runner.stop();
    await bus.close();
  }
}

async function runExport(
  ds: DataSource,
  user: { id: string; roles: string[] },
  path: string,
  version: "7.0" | "5.5.1",
  rootspaceSlug: string,
): Promise<number> {
  const [rootspace]: { id: string; slug: string }[] = await ds.query(`SELECT id, slug FROM rootspaces WHERE slug = $1`, [rootspaceSlug]);
  if (!rootspace) throw new Error(`No rootspace ${rootspaceSlug}.`);
  const bus = createEventBus();
  const viewer = { ...anonymousViewer(), userId: user.id, roles: user.roles as never[] };
  // An export sends no job: a scheduler that is never started, which would refuse if one were sent.
  const jobs = new Scheduler({ ds, bus, config, jobs: [], work: false });
  const ctx = createContext({
    viewer,
    language: "en",
    ds,
    bus,
    config,
    jobs,
    client: { ip: null, userAgent: "cli" },
    cookies: null,
    flags: EVERY_FLAG_ON,
    rootspace,
  });
  await writeFile(path, "");
  let bytes = 0;
  for await (const chunk of exportGedcom(ctx, { mine: true }, { version, zip: /\.(gdz|zip)$/i.test(path) })) {
    await appendFile(path, chunk);
    bytes += typeof chunk === "string" ? Buffer.byteLength(chunk) : chunk.length;
  }
  await bus.close();
  const [{ n }]: { n: number }[] = await ds.query(`SELECT count(*)::int AS n FROM people WHERE created_by = $1 AND rootspace_id = $2`, [
    user.id,
    rootspace.id,
  ]);
  console.log(`Wrote ${path}: GEDCOM ${version}, ${n} people, ${bytes} bytes.`);
  return 0;
}
