import { finished } from "node:stream/promises";
import type { PoolClient } from "pg";
import { from as copyFrom, type CopyStreamQuery } from "pg-copy-streams";
import type { DataSource, QueryRunner } from "typeorm";
import { v7 } from "uuid";
import { IMPORTED_PERSON_COLUMNS } from "./person-record.js";
import type { Queryable } from "./phases.js";
import { LinkGraph } from "./link-graph.js";
import type { Names } from "./staged-names.js";

export interface StagedRecord {
  kind: "person" | "link" | "union" | "record" | "media";
  localKey: string | null;
  line: number | null;
  data: Record<string, unknown>;
  targetId?: string | null;
  errorKeys?: string[];
  /** A person's `people` columns (personColumns). */
  columns?: Record<string, unknown>;
  /** A link's parent and child, a union's two partners: their keys in the file. */
  ends?: [string, string];
}

export interface Warning {
  line: number | null;
  key: string;
  params?: Record<string, unknown>;
  /** The person it is about, as the file names them: [latin, arabic]. */
  record?: Names;
}

/** Warnings kept per job (all are counted; a file with a million problems keeps the first ones). */
export const MAX_STORED_WARNINGS = 5000;
const WARNING_BATCH = 2000;
/** Bytes handed to the COPY stream at once (fewer, larger writes). */
const CHUNK_BYTES = 256 * 1024;
/** Rows per COPY statement: each stays well under the statement timeout, and its connection returns to the pool between them. */
const ROWS_PER_COPY = 20_000;

const random = new Uint8Array(16 * 4096);
let randomAt = random.length;

/**
 * A time-ordered UUIDv7 for a staged record. Random bytes are drawn 64 KiB at a time: one
 * system call per 4,096 ids instead of one per id (the cost showed in profiles of large files).
 */
export function stagedId(): string {
  if (randomAt === random.length) {
    crypto.getRandomValues(random);
    randomAt = 0;
  }
  return v7({ random: random.subarray(randomAt, (randomAt += 16)) });
}

/** A value in COPY's text format (backslash escapes; \N is NULL). */
function copyText(value: string | null): string {
  if (value === null) return "\\N";
  return /[\\\t\n\r]/.test(value)
    ? value.replace(/[\\\t\n\r]/g, (c) => (c === "\\" ? "\\\\" : c === "\t" ? "\\t" : c === "\n" ? "\\n" : "\\r"))
    : value;
}

/** JSON text in COPY text: JSON never holds raw tabs or newlines, only backslashes to double. */
const copyJsonText = (json: string): string => (json.includes("\\") ? json.replace(/\\/g, "\\\\") : json);
const copyJson = (value: unknown): string => copyJsonText(JSON.stringify(value));

/** A text[] literal in COPY text (each element quoted). */
const copyArray = (values: string[] | undefined): string =>
  values?.length ? copyText(`{${values.map((v) => `"${v.replace(/["\\]/g, "\\$&")}"`).join(",")}}`) : "{}";

/** A person column in COPY text: text, date, boolean or text[] (missing is NULL). */
function copyValue(value: unknown): string {
  if (value == null) return "\\N";
  if (typeof value === "boolean") return value ? "t" : "f";
  if (Array.isArray(value)) return copyArray(value as string[]);
  return copyText(String(value));
}

/** The person columns of a staged row, tab-separated, in IMPORTED_PERSON_COLUMNS order. */
function copyPersonColumns(columns: Record<string, unknown> | undefined): string {
  if (!columns) return NO_PERSON_COLUMNS;
  let text = "";
  for (const c of IMPORTED_PERSON_COLUMNS) text += `\t${copyValue(columns[c])}`;
  return text;
}
const NO_PERSON_COLUMNS = "\t\\N".repeat(IMPORTED_PERSON_COLUMNS.length);
const STAGED_COLUMNS = [
  "job_id",
  "seq",
  "kind",
  "local_key",
  "line",
  "data",
  "target_id",
  "error_keys",
  "from_key",
  "to_key",
  ...IMPORTED_PERSON_COLUMNS,
];

interface Copy {
  runner: QueryRunner;
  stream: CopyStreamQuery;
  done: Promise<void>;
  until: number;
}

/**
 * One table filled by COPY while the file is read: rows are buffered into chunks, each COPY
 * statement takes ROWS_PER_COPY rows, and the next one fills while the database finishes the
 * last (at most two connections). An error surfaces at the next hand-over or at `end`.
 */
class CopyTarget {
  /** Rows encoded straight into a buffer (joining strings first cost more than the encoding). */
  private buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  private used = 0;
  private rows = 0;
  private copy: Copy | null = null;
  /** The previous COPY, still being written by the database while the next one fills. */
  private ending: Promise<void> | null = null;

  constructor(
    private readonly ds: DataSource,
    private readonly statement: string,
    private readonly timeoutMs: number,
  ) {}

  async add(line: string): Promise<void> {
    this.rows++;
    // A UTF-16 code unit takes at most three bytes in UTF-8.
    if (this.used + line.length * 3 > this.buffer.length) {
      await this.write();
      if (line.length * 3 > this.buffer.length) this.buffer = Buffer.allocUnsafe(line.length * 3);
    }
    this.used += this.buffer.write(line, this.used);
  }

  /** Writes what is left and waits until every row is in the database. */
  async end(): Promise<void> {
    await this.write();
    await this.handOver();
    const ending = this.ending;
    this.ending = null;
    await ending;
  }

  /** Abandons a COPY in progress (a failed or cancelled read): nothing of it is kept. */
  async close(): Promise<void> {
    this.used = 0;
    const ending = this.ending;
    this.ending = null;
    await ending?.catch(() => undefined);
    const copy = this.copy;
    if (!copy) return;
    this.copy = null;
    copy.stream.destroy();
    await copy.done.catch(() => undefined);
    await release(copy);
  }

  private async write(): Promise<void> {
    if (!this.used) return;
    // The stream keeps the chunk until the socket has sent it: the next rows go to a new buffer.
    const chunk = this.buffer.subarray(0, this.used);
    this.buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    this.used = 0;
    const copy = this.copy ?? (await this.open());
    if (!copy.stream.write(chunk)) {
      // The database is behind: wait for it (or for the error that stopped it).
      await Promise.race([new Promise((resolve) => copy.stream.once("drain", resolve)), copy.done]);
    }
    if (this.rows >= copy.until) await this.handOver();
  }

  /** Hands the open COPY to the database to finish on its connection; the next one starts at the next write. */
  private async handOver(): Promise<void> {
    await this.ending;
    const copy = this.copy;
    this.copy = null;
    this.ending = copy ? this.finish(copy) : null;
    this.ending?.catch(() => undefined); // handled: rethrown where it is awaited
  }

  private async open(): Promise<Copy> {
    const runner = this.ds.createQueryRunner();
    const client = (await runner.connect()) as PoolClient;
    // An import's statements run under its own timeout, not the requests' (set back on release).
    await client.query(`SELECT set_config('statement_timeout', $1, false)`, [String(this.timeoutMs)]);
    const stream = client.query(copyFrom(this.statement));
    const done = finished(stream);
    done.catch(() => undefined); // surfaced by end or the next write
    this.copy = { runner, stream, done, until: this.rows + ROWS_PER_COPY };
    return this.copy;
  }

  private async finish(copy: Copy): Promise<void> {
    try {
      copy.stream.end();
      await copy.done;
    } finally {
      await release(copy);
    }
  }
}

/** Gives a COPY's connection back to the pool with the requests' statement timeout. */
async function release(copy: Copy): Promise<void> {
  await copy.runner.query(`RESET statement_timeout`).catch(() => undefined);
  await copy.runner.release();
}

/** A GEDCOM record kept whole (kept_records), written while the file is read. */
export interface KeptRecord {
  xref: string | null;
  tag: string;
  /** The row the record becomes, when it becomes one: the staged record's target id. */
  recordTable: "people" | "unions" | null;
  recordId: string | null;
  /** The record as JSON text (see keptJson). */
  json: string;
}

/**
 * Writes parsed records to the staging table and kept GEDCOM records to `kept_records`, both
 * with COPY streamed while the file is read, and warnings in batches; memory stays bounded
 * whatever the file size. Kept records are written once, here: they belong to the job and
 * count only once it is done (the commit adjusts the few whose record was not written).
 * `flush` must end every stager, `close` releases one that failed.
 */
export class Stager {
  private readonly staged: CopyTarget;
  private readonly kept: CopyTarget;
  private warnings: Warning[] = [];
  private seq = 0;
  private warningSeq = 0;
  warningCount = 0;
  recordCount = 0;
  /** The parent links staged, for the review's cycle check. */
  readonly links = new LinkGraph();

  constructor(
    private readonly ds: DataSource,
    private readonly jobId: string,
    private readonly ownerId: string,
    /** The import's statement timeout (IMPORT_STATEMENT_TIMEOUT_MS), for every statement it runs. */
    private readonly timeoutMs: number,
  ) {
    this.staged = new CopyTarget(ds, `COPY import_staged (${STAGED_COLUMNS.map((c) => `"${c}"`).join(", ")}) FROM STDIN`, timeoutMs);
    this.kept = new CopyTarget(
      ds,
      `COPY kept_records (id, owner_id, job_id, seq, xref, tag, record_table, record_id, data) FROM STDIN`,
      timeoutMs,
    );
  }

  /** Clears what an earlier run of the same job staged and kept. */
  async reset(): Promise<void> {
    await discardStaged(this.ds, this.jobId, this.timeoutMs);
  }

  /** Stages a record, and keeps its GEDCOM form when it has one (under the same seq, so file order holds). */
  async add(r: StagedRecord, kept?: KeptRecord): Promise<void> {
    this.recordCount++;
    const seq = this.seq++;
    if (kept) {
      await this.kept.add(
        `${stagedId()}\t${this.ownerId}\t${this.jobId}\t${seq}\t${copyText(kept.xref)}\t${copyText(kept.tag)}\t${kept.recordTable ?? "\\N"}\t${kept.recordId ?? "\\N"}\t${copyJsonText(kept.json)}\n`,
      );
    }
    if (r.kind === "link" && r.ends) this.links.add(r.ends[0], r.ends[1]);
    const ends = r.ends ? `${copyText(r.ends[0])}\t${copyText(r.ends[1])}` : "\\N\t\\N";
    await this.staged.add(
      `${this.jobId}\t${seq}\t${r.kind}\t${copyText(r.localKey)}\t${r.line ?? "\\N"}\t${copyJson(r.data)}\t${r.targetId ?? "\\N"}\t${copyArray(r.errorKeys)}\t${ends}${copyPersonColumns(r.columns)}\n`,
    );
  }

  async warn(w: Warning): Promise<void> {
    this.warningCount++;
    if (this.warningSeq + this.warnings.length >= MAX_STORED_WARNINGS) return;
    this.warnings.push(w);
    if (this.warnings.length >= WARNING_BATCH) await this.flushWarnings();
  }

  /** Writes what is left and waits until every staged row is in the database. */
  async flush(): Promise<void> {
    await Promise.all([this.staged.end(), this.kept.end()]);
    await this.flushWarnings();
  }

  /** Abandons the COPYs in progress (a failed or cancelled read): nothing of them is kept. */
  async close(): Promise<void> {
    await Promise.all([this.staged.close(), this.kept.close()]);
  }

  private async flushWarnings(): Promise<void> {
    if (!this.warnings.length) return;
    const batch = this.warnings;
    this.warnings = [];
    const rows = batch.map((w) => ({
      seq: this.warningSeq++,
      line: w.line,
      key: w.key,
      params: w.params ?? null,
      record: w.record ?? null,
    }));
    await withTimeout(this.ds, this.timeoutMs, (tx) =>
      tx.query(
        `INSERT INTO import_warnings (job_id, seq, line, key, params, record)
         SELECT $1, x.seq, x.line, x.key, x.params, x.record FROM jsonb_to_recordset($2::jsonb) AS x(seq int, line int, key text, params jsonb, record text[])`,
        [this.jobId, JSON.stringify(rows)],
      ),
    );
  }
}

/**
 * Removes what a job staged and kept (a new read, a cancel, a failure): nothing of it reaches the
 * tree, and nothing of the file stays behind (its warnings name its people).
 */
export async function discardStaged(ds: DataSource, jobId: string, timeoutMs: number): Promise<void> {
  await withTimeout(ds, timeoutMs, async (tx) => {
    await tx.query(`DELETE FROM import_staged WHERE job_id = $1`, [jobId]);
    await tx.query(`DELETE FROM import_warnings w USING import_jobs j WHERE w.job_id = $1 AND j.id = $1 AND j.status <> 'done'`, [jobId]);
    await tx.query(`DELETE FROM kept_records k USING import_jobs j WHERE k.job_id = $1 AND j.id = $1 AND j.status <> 'done'`, [jobId]);
  });
}

/** Runs `work` in a transaction whose statements have `timeoutMs` (an import's, not a request's). */
async function withTimeout<T>(ds: DataSource, timeoutMs: number, work: (tx: Queryable) => Promise<T>): Promise<T> {
  return ds.transaction(async (tx) => {
    await tx.query(`SELECT set_config('statement_timeout', $1, true)`, [String(timeoutMs)]);
    return work(tx);
  });
}
