import { finished } from "node:stream/promises";
import type { PoolClient } from "pg";
import { from as copyFrom, type CopyStreamQuery } from "pg-copy-streams";
import type { DataSource, QueryRunner } from "typeorm";
import { v7 } from "uuid";

export interface StagedRecord {
  kind: "person" | "link" | "union" | "record" | "media";
  localKey: string | null;
  line: number | null;
  data: Record<string, unknown>;
  targetId?: string | null;
  errorKeys?: string[];
}

export interface Warning {
  line: number | null;
  key: string;
  params?: Record<string, unknown>;
}

/** Warnings kept per job (all are counted; a file with a million problems keeps the first ones). */
export const MAX_STORED_WARNINGS = 5000;
const WARNING_BATCH = 2000;
/** Text handed to the COPY stream at once (fewer, larger writes). */
const CHUNK_CHARS = 256 * 1024;
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
  return /[\\\t\n\r]/.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => (c === "\\" ? "\\\\" : c === "\t" ? "\\t" : c === "\n" ? "\\n" : "\\r")) : value;
}

/** JSON in COPY text: JSON.stringify never leaves raw tabs or newlines, only backslashes to double. */
const copyJson = (value: unknown): string => {
  const json = JSON.stringify(value);
  return json.includes("\\") ? json.replace(/\\/g, "\\\\") : json;
};

/** A text[] literal in COPY text (each element quoted). */
const copyArray = (values: string[] | undefined): string =>
  values?.length ? copyText(`{${values.map((v) => `"${v.replace(/["\\]/g, "\\$&")}"`).join(",")}}`) : "{}";

interface Copy {
  runner: QueryRunner;
  stream: CopyStreamQuery;
  done: Promise<void>;
  until: number;
}

/**
 * Writes parsed records to the staging table with COPY, streamed while the file is read (the
 * database parses one chunk while the next is built), and warnings in batches; memory stays
 * bounded whatever the file size. `flush` must end every stager, `close` releases one that failed.
 */
export class Stager {
  private text = "";
  private copy: Copy | null = null;
  /** The previous COPY, still being written by the database while the next one fills. */
  private ending: Promise<void> | null = null;
  private warnings: Warning[] = [];
  private seq = 0;
  private warningSeq = 0;
  warningCount = 0;
  recordCount = 0;

  constructor(private readonly ds: DataSource, private readonly jobId: string) {}

  /** Clears what an earlier run of the same job staged. */
  async reset(): Promise<void> {
    await this.ds.query(`DELETE FROM import_staged WHERE job_id = $1`, [this.jobId]);
    await this.ds.query(`DELETE FROM import_warnings WHERE job_id = $1`, [this.jobId]);
  }

  async add(r: StagedRecord): Promise<void> {
    this.recordCount++;
    this.text += `${this.jobId}\t${this.seq++}\t${r.kind}\t${copyText(r.localKey)}\t${r.line ?? "\\N"}\t${copyJson(r.data)}\t${r.targetId ?? "\\N"}\t${copyArray(r.errorKeys)}\n`;
    if (this.text.length >= CHUNK_CHARS) await this.write();
  }

  async warn(w: Warning): Promise<void> {
    this.warningCount++;
    if (this.warningSeq + this.warnings.length >= MAX_STORED_WARNINGS) return;
    this.warnings.push(w);
    if (this.warnings.length >= WARNING_BATCH) await this.flushWarnings();
  }

  /** Writes what is left and waits until every staged row is in the database. */
  async flush(): Promise<void> {
    await this.write();
    await this.endCopy();
    await this.flushWarnings();
  }

  /** Abandons a COPY in progress (a failed or cancelled read): nothing of it is kept. */
  async close(): Promise<void> {
    this.text = "";
    const ending = this.ending;
    this.ending = null;
    await ending?.catch(() => undefined);
    const copy = this.copy;
    if (!copy) return;
    this.copy = null;
    copy.stream.destroy();
    await copy.done.catch(() => undefined);
    await copy.runner.release();
  }

  private async write(): Promise<void> {
    if (!this.text) return;
    const chunk = this.text;
    this.text = "";
    const copy = this.copy ?? (await this.openCopy());
    if (!copy.stream.write(chunk)) {
      // The database is behind: wait for it (or for the error that stopped it).
      await Promise.race([new Promise((resolve) => copy.stream.once("drain", resolve)), copy.done]);
    }
    if (this.seq >= copy.until) await this.handOver();
  }

  /**
   * Hands the open COPY to the database to finish on its connection while the file reading
   * goes on into the next one: at most two at a time; an error surfaces at the next hand-over
   * or at flush.
   */
  private async handOver(): Promise<void> {
    await this.ending;
    const copy = this.copy;
    this.copy = null;
    this.ending = copy ? this.finish(copy) : null;
    this.ending?.catch(() => undefined); // handled: rethrown where it is awaited
  }

  private async openCopy() {
    const runner = this.ds.createQueryRunner();
    const client = (await runner.connect()) as PoolClient;
    const stream = client.query(copyFrom(`COPY import_staged (job_id, seq, kind, local_key, line, data, target_id, error_keys) FROM STDIN`));
    const done = finished(stream);
    done.catch(() => undefined); // surfaced by endCopy or the next write
    const copy: Copy = { runner, stream, done, until: this.seq + ROWS_PER_COPY };
    this.copy = copy;
    return copy;
  }

  private async endCopy(): Promise<void> {
    await this.handOver();
    const ending = this.ending;
    this.ending = null;
    await ending;
  }

  private async finish(copy: Copy): Promise<void> {
    try {
      copy.stream.end();
      await copy.done;
    } finally {
      await copy.runner.release();
    }
  }

  private async flushWarnings(): Promise<void> {
    if (!this.warnings.length) return;
    const batch = this.warnings;
    this.warnings = [];
    const rows = batch.map((w) => ({ seq: this.warningSeq++, line: w.line, key: w.key, params: w.params ?? null }));
    await this.ds.query(
      `INSERT INTO import_warnings (job_id, seq, line, key, params)
       SELECT $1, x.seq, x.line, x.key, x.params FROM jsonb_to_recordset($2::jsonb) AS x(seq int, line int, key text, params jsonb)`,
      [this.jobId, JSON.stringify(rows)],
    );
  }
}
