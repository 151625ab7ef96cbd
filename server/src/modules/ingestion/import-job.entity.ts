import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from "typeorm";

/** Where an import is: parsed into staging, reviewed by the member, then committed at once. */
export enum ImportStatus {
  QUEUED = "queued",
  PARSING = "parsing",
  REVIEW = "review",
  COMMIT_QUEUED = "commit_queued",
  COMMITTING = "committing",
  DONE = "done",
  FAILED = "failed",
  CANCELLED = "cancelled",
}

export type ImportKind = "gedcom" | "spreadsheet";

/** Running counters shown as progress and in the review summary. */
export interface ImportCounts {
  /** Records (GEDCOM) or rows (spreadsheet) read so far. */
  parsed: number;
  /** Bytes of the file read so far (GEDCOM; jobs from before it was counted have none). */
  read: number;
  /** Rows written to the tree during the commit (a record found unchanged is not rewritten). */
  written: number;
  /** The file's people, couples and parent links the commit has gone through: written, or found already there (the progress of the commit, up to people + unions + links). */
  committed: number;
  /** Records the commit will write (known once parsing ends). */
  total: number;
  people: number;
  unions: number;
  links: number;
  events: number;
  sources: number;
  media: number;
  places: number;
  warnings: number;
  errors: number;
  duplicates: number;
  updates: number;
}

/** One upload of a family tree file, from upload to commit. */
@Entity("import_jobs")
@Index(["userId", "createdAt"])
@Index(["status"])
@Index("IDX_import_jobs_staged_to_prune", ["finishedAt"], { where: `"status" = 'done' AND "staged_pruned_at" IS NULL` })
@Index("IDX_import_jobs_to_purge", ["deletedAt"], { where: `"deleted_at" IS NOT NULL AND "purged_at" IS NULL` })
@Index("IDX_import_jobs_waiting_files", ["userId"], { where: `"file_path" IS NOT NULL` })
export class ImportJob {
  @PrimaryColumn("uuid")
  id: string;

  @Column("text", { name: "rootspace_id" })
  rootspaceId: string;

  @Column("uuid", { name: "user_id" })
  userId: string;

  @Column("text")
  kind: ImportKind;

  @Column("text")
  status: ImportStatus;

  @Column("text", { name: "file_name" })
  fileName: string;

  @Column("bigint", { name: "file_size" })
  fileSize: string;

  /** SHA-256 of the uploaded bytes: the file's identity for re-imports. */
  @Column("text", { name: "file_sha256" })
  fileSha256: string;

  /** Path of the stored upload (removed once the job ends). */
  @Column("text", { name: "file_path", nullable: true })
  filePath: string | null;

  @Column("jsonb")
  counts: ImportCounts;

  /** Importer options: spreadsheet header row and column mapping, GEDCOM version found… */
  @Column("jsonb")
  options: Record<string, unknown>;

  /** Translation key of the reason a job failed or was refused. */
  @Column("text", { name: "error_key", nullable: true })
  errorKey: string | null;

  @Column("jsonb", { name: "error_params", nullable: true })
  errorParams: Record<string, unknown> | null;

  /** Which server instance works on it, and when it last reported (stale → interrupted). */
  @Column("text", { name: "worker_id", nullable: true })
  workerId: string | null;

  @Column("timestamptz", { name: "heartbeat_at", nullable: true })
  heartbeatAt: Date | null;

  @Column("timestamptz", { name: "finished_at", nullable: true })
  finishedAt: Date | null;

  /** When a done job's staged rows were removed (IMPORT_STAGED_KEEP_HOURS after it was done; what it keeps is in import_outcomes). */
  @Column("timestamptz", { name: "staged_pruned_at", nullable: true })
  stagedPrunedAt: Date | null;

  /** When its member deleted the job (it is hidden from then on; its rows go in the background). */
  @Column("timestamptz", { name: "deleted_at", nullable: true })
  deletedAt: Date | null;

  /** When a deleted job's staged rows, warnings and outcomes were all removed. */
  @Column("timestamptz", { name: "purged_at", nullable: true })
  purgedAt: Date | null;

  @CreateDateColumn({ name: "created_at", type: "timestamptz" })
  createdAt: Date;

  @UpdateDateColumn({ name: "updated_at", type: "timestamptz" })
  updatedAt: Date;
}

/**
 * A parsed record waiting for review: a person (with its columns), a parent link, a union… (`data`
 * holds what has no column of its own).
 * Indexed by its primary key (job, seq) and by (job, local key) only: an index on (job, kind, seq)
 * cost a third of the time of writing a large file here, and every query reads a job's rows whole.
 * The table is UNLOGGED (migration StagedUnlogged): a work area rebuilt from the stored file
 * when a database crash empties it.
 */
@Entity("import_staged")
@Index(["jobId", "localKey"])
export class ImportStaged {
  @Column("uuid", { name: "job_id", primary: true })
  jobId: string;

  @Column("int", { primary: true })
  seq: number;

  @Column("text")
  kind: string;

  /** The record's key inside the file (GEDCOM xref, spreadsheet row id). */
  @Column("text", { name: "local_key", nullable: true })
  localKey: string | null;

  /** Line (GEDCOM) or row (spreadsheet) where the record starts, for messages. */
  @Column("int", { nullable: true })
  line: number | null;

  @Column("jsonb")
  data: Record<string, unknown>;

  /** Id the record gets (or already has, on a re-import) in the tree. */
  @Column("uuid", { name: "target_id", nullable: true })
  targetId: string | null;

  /** Errors that keep this record out of the commit (translation keys). */
  @Column("text", { array: true, name: "error_keys" })
  errorKeys: string[];

  /** create, update (a re-import of a record already in the tree) or skip. */
  @Column("text", { default: "create" })
  action: string;

  /** An existing person this record probably is (suggested to the member). */
  @Column("uuid", { name: "duplicate_of", nullable: true })
  duplicateOf: string | null;

  /** Link and union ends: the file keys of the parent and the child, or of the two partners. */
  @Column("text", { name: "from_key", nullable: true })
  fromKey: string | null;

  @Column("text", { name: "to_key", nullable: true })
  toKey: string | null;

  // A person's `people` columns, typed as they will be written (null for other records): the
  // review and the commit read them without decoding JSON.
  @Column("text", { name: "full_name", nullable: true })
  fullName: string | null;

  @Column("text", { name: "full_name_ar", nullable: true })
  fullNameAr: string | null;

  @Column("text", { name: "given_name", nullable: true })
  givenName: string | null;

  @Column("text", { name: "father_name", nullable: true })
  fatherName: string | null;

  @Column("text", { name: "grandfather_name", nullable: true })
  grandfatherName: string | null;

  @Column("text", { name: "mother_name", nullable: true })
  motherName: string | null;

  @Column("char", { name: "gender", length: 1, nullable: true })
  gender: string | null;

  @Column("text", { name: "birth_date_text", nullable: true })
  birthDateText: string | null;

  @Column("text", { name: "birth_date_qualifier", nullable: true })
  birthDateQualifier: string | null;

  @Column("date", { name: "birth_date_from", nullable: true })
  birthDateFrom: string | null;

  @Column("date", { name: "birth_date_to", nullable: true })
  birthDateTo: string | null;

  @Column("text", { name: "birth_place", nullable: true })
  birthPlace: string | null;

  @Column("text", { name: "death_date_text", nullable: true })
  deathDateText: string | null;

  @Column("text", { name: "death_date_qualifier", nullable: true })
  deathDateQualifier: string | null;

  @Column("date", { name: "death_date_from", nullable: true })
  deathDateFrom: string | null;

  @Column("date", { name: "death_date_to", nullable: true })
  deathDateTo: string | null;

  @Column("text", { name: "death_place", nullable: true })
  deathPlace: string | null;

  @Column("boolean", { name: "is_deceased", nullable: true })
  isDeceased: boolean | null;

  @Column("text", { name: "occupation", nullable: true })
  occupation: string | null;

  @Column("text", { name: "bio", nullable: true })
  bio: string | null;

  @Column("text", { name: "current_location", nullable: true })
  currentLocation: string | null;

  @Column("text", { name: "current_country", nullable: true })
  currentCountry: string | null;

  @Column("text", { name: "registration_number", nullable: true })
  registrationNumber: string | null;

  @Column("text", { name: "sources", nullable: true })
  sources: string | null;

  @Column("text", { name: "name_variants", array: true, nullable: true })
  nameVariants: string[] | null;

  @Column("uuid", { name: "village_id", nullable: true })
  villageId: string | null;

  @Column("text", { name: "key_latin", nullable: true })
  keyLatin: string | null;

  @Column("text", { name: "key_arabic", nullable: true })
  keyArabic: string | null;

  @Column("text", { name: "key_skeleton", nullable: true })
  keySkeleton: string | null;
}

/** A warning found while reading a file, with where it was found. */
@Entity("import_warnings")
export class ImportWarning {
  @Column("uuid", { name: "job_id", primary: true })
  jobId: string;

  @Column("int", { primary: true })
  seq: number;

  @Column("int", { nullable: true })
  line: number | null;

  /** Translation key (ingestion.warn.*) and its parameters. */
  @Column("text")
  key: string;

  @Column("jsonb", { nullable: true })
  params: Record<string, unknown> | null;

  /** The person it is about, as the file names them: [latin, arabic] (null for a line of the file). */
  @Column("text", { array: true, nullable: true })
  record: (string | null)[] | null;
}

/**
 * Identifiers a record has in other programs (GEDCOM `_UID`/`UID`/`EXID`, a spreadsheet's id
 * column). Scoped to the member who imported them, so a re-import updates instead of duplicating.
 */
@Entity("external_ids")
@Index(["ownerId", "scheme", "value"], { unique: true })
@Index(["recordId"])
export class ExternalId {
  @PrimaryColumn("uuid")
  id: string;

  @Column("uuid", { name: "owner_id" })
  ownerId: string;

  @Column("text")
  scheme: string;

  @Column("text")
  value: string;

  @Column("text", { name: "record_table" })
  recordTable: string;

  @Column("uuid", { name: "record_id" })
  recordId: string;
}
