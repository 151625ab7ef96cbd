import type { DataSource } from "typeorm";

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
const BATCH = 2000;

/**
 * Writes parsed records and warnings to the staging tables in batches of 2,000 rows per
 * statement, one batch in flight while the next is read, so memory stays bounded whatever
 * the file size.
 */
export class Stager {
  private records: StagedRecord[] = [];
  /** The batch being written while the next one is read (one in flight at most). */
  private pending: Promise<void> = Promise.resolve();
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

  async add(record: StagedRecord): Promise<void> {
    this.records.push(record);
    this.recordCount++;
    if (this.records.length >= BATCH) {
      // Reading goes on while the database writes the previous batch.
      await this.pending;
      this.pending = this.flushRecords();
      this.pending.catch(() => undefined); // surfaced by the next await of `pending`
    }
  }

  async warn(w: Warning): Promise<void> {
    this.warningCount++;
    if (this.warningSeq + this.warnings.length >= MAX_STORED_WARNINGS) return;
    this.warnings.push(w);
    if (this.warnings.length >= BATCH) await this.flushWarnings();
  }

  async flush(): Promise<void> {
    await this.pending;
    await this.flushRecords();
    await this.flushWarnings();
  }

  private async flushRecords(): Promise<void> {
    if (!this.records.length) return;
    const batch = this.records;
    this.records = [];
    const rows = batch.map((r) => ({ seq: this.seq++, kind: r.kind, local_key: r.localKey, line: r.line, data: r.data, target_id: r.targetId ?? null, error_keys: r.errorKeys ?? [] }));
    await this.ds.query(
      `INSERT INTO import_staged (job_id, seq, kind, local_key, line, data, target_id, error_keys)
       SELECT $1, x.seq, x.kind, x.local_key, x.line, x.data, x.target_id, x.error_keys
         FROM jsonb_to_recordset($2::jsonb) AS x(seq int, kind text, local_key text, line int, data jsonb, target_id uuid, error_keys text[])`,
      [this.jobId, JSON.stringify(rows)],
    );
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
