import type { DataSource } from "typeorm";
import type { Config } from "../../config.js";
import type { ImportCounts, ImportJob } from "./import-job.entity.js";
import type { Stager } from "./staging.js";
import { normalizeLatin } from "../genealogy/index.js";

/** What an importer gets while it reads a file into staging. */
export interface StageContext {
  ds: DataSource;
  config: Config;
  job: ImportJob;
  stager: Stager;
  signal: AbortSignal;
  /** The day the file is read (YYYY-MM-DD, UTC, on the runner's clock): later dates are in the future. */
  today: string;
  /** Reports progress (throttled); throws when the job was cancelled. */
  progress(counts: Partial<ImportCounts>): Promise<void>;
}

/** The outcome of staging: counts for the review and options to remember (e.g. the mapping used). */
export interface StageResult {
  counts: Partial<ImportCounts>;
  options?: Record<string, unknown>;
}

/** A file format: reads the stored upload into staged records and warnings. */
export interface Importer {
  stage(ctx: StageContext): Promise<StageResult>;
}

/**
 * What identifies a file across its versions: its name without extension, normalised
 * ("Khoury Family.ged", "khoury family.gdz"). A re-import of the same file updates what it
 * wrote before; its records are matched by their keys inside the file (GEDCOM xrefs).
 */
export const fileIdentity = (fileName: string): string => normalizeLatin(fileName.replace(/\.[^.]+$/, ""));

/**
 * SQL: the job `old` is an earlier import of the file whose identity and name are the given
 * parameters (`$3`, `$4`…). Jobs from before identities were recorded compare names.
 */
export const sameFileSql = (old: string, identity: string, name: string): string =>
  `(${old}.options->>'fileKey' = ${identity} OR (${old}.options->>'fileKey' IS NULL AND ${old}.file_name = ${name}))`;

/**
 * Reasons a file cannot be read that lie in the file itself: reading it again would fail the same
 * way. (Not `ingestion.sheet_unreadable`: the workbook reader gives it for any failure, a full
 * disk included.)
 */
export const FILE_PROBLEMS: ReadonlySet<string> = new Set([
  "gedcom.binary",
  "gedcom.empty",
  "gedcom.gedzip_invalid",
  "gedcom.gedzip_no_gedcom",
  "gedcom.gedzip_too_large",
  "gedcom.not_gedcom",
  "ingestion.empty_file",
  "ingestion.sheet_type",
]);

/** A file that cannot be read at all: the job fails with this translated reason. */
export class UnreadableFileError extends Error {
  constructor(
    readonly key: string,
    readonly params: Record<string, unknown> = {},
  ) {
    super(key);
  }
}

export class CancelledError extends Error {
  constructor() {
    super("cancelled");
  }
}
