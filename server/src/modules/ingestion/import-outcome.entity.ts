import { Column, Entity } from "typeorm";
import { stagedNames } from "./staged-names.js";

/**
 * What a done import keeps of its staged records: the refused ones (the review's list and the
 * error report) and the likely duplicates (merging from the done page), copied by the commit in
 * its transaction. A logged table: `import_staged` is UNLOGGED, and a database crash emptying it
 * must not take a done import's report and merge suggestions with it.
 */
@Entity("import_outcomes")
export class ImportOutcome {
  @Column("uuid", { name: "job_id", primary: true })
  jobId: string;

  /** The staged record's seq: file order. */
  @Column("int", { primary: true })
  seq: number;

  @Column("text")
  kind: string;

  @Column("text", { name: "local_key", nullable: true })
  localKey: string | null;

  @Column("int", { nullable: true })
  line: number | null;

  /**
   * A refused record's staged data (a spreadsheet row's cells for the error report, a link's
   * family), with a refused link's or union's two people as the file named them (`ends`: [latin,
   * arabic] each); `{}` for a likely duplicate.
   */
  @Column("jsonb")
  data: Record<string, unknown>;

  @Column("uuid", { name: "target_id", nullable: true })
  targetId: string | null;

  @Column("text", { array: true, name: "error_keys" })
  errorKeys: string[];

  @Column("text")
  action: string;

  @Column("uuid", { name: "duplicate_of", nullable: true })
  duplicateOf: string | null;

  /** A refused link's or union's ends by their keys in the file (the export keeps what the file said). */
  @Column("text", { name: "from_key", nullable: true })
  fromKey: string | null;

  @Column("text", { name: "to_key", nullable: true })
  toKey: string | null;

  @Column("text", { name: "full_name", nullable: true })
  fullName: string | null;

  @Column("text", { name: "full_name_ar", nullable: true })
  fullNameAr: string | null;

  @Column("text", { name: "birth_date_text", nullable: true })
  birthDateText: string | null;

  @Column("text", { name: "death_date_text", nullable: true })
  deathDateText: string | null;
}

/** The columns import_outcomes copies from import_staged. */
export const OUTCOME_COLUMNS =
  "job_id, seq, kind, local_key, line, data, target_id, error_keys, action, duplicate_of, from_key, to_key, full_name, full_name_ar, birth_date_text, death_date_text";

/** A staged record `s` a done import keeps (import_outcomes): refused, or a likely duplicate. */
const KEPT_OUTCOME = `(s.error_keys <> '{}' OR s.duplicate_of IS NOT NULL)`;

/**
 * The import_outcomes row of a staged record `s` (job `$1`): its data only when refused (a large
 * file's likely duplicates can be all its people, and their data is in the tree), and for a
 * refused link or union the names of its two people, from the file's own records: once the job
 * is done the review and the report name them from here, never from the tree, where they may
 * have been merged into someone the member may not see.
 */
export const OUTCOME_SELECT = `SELECT ${OUTCOME_COLUMNS.split(", ")
  .map((c) =>
    c === "data"
      ? `CASE WHEN s.error_keys = '{}' THEN '{}' WHEN s.kind IN ('link', 'union') THEN s.data || jsonb_build_object('ends', jsonb_build_array(a.names, b.names)) ELSE s.data END`
      : `s.${c}`,
  )
  .join(", ")}
  FROM import_staged s
  LEFT JOIN LATERAL (${stagedNames("s.from_key")}) a ON s.kind IN ('link', 'union') AND s.error_keys <> '{}'
  LEFT JOIN LATERAL (${stagedNames("s.to_key")}) b ON s.kind IN ('link', 'union') AND s.error_keys <> '{}'
 WHERE s.job_id = $1 AND ${KEPT_OUTCOME}`;
