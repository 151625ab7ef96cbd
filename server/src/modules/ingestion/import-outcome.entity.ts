import { Column, Entity } from "typeorm";

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

  /** A refused record's staged data (a spreadsheet row's cells for the error report, a link's family); `{}` for a likely duplicate. */
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
export const OUTCOME_COLUMNS = "job_id, seq, kind, local_key, line, data, target_id, error_keys, action, duplicate_of, from_key, to_key, full_name, full_name_ar, birth_date_text, death_date_text";

/** A staged record `s` a done import keeps (import_outcomes): refused, or a likely duplicate. */
export const KEPT_OUTCOME = `(s.error_keys <> '{}' OR s.duplicate_of IS NOT NULL)`;

/**
 * OUTCOME_COLUMNS of a staged record `s`, its data only when refused: a large file's likely
 * duplicates can be every one of its people, and their data (events, ids) is in the tree.
 */
export const OUTCOME_VALUES = OUTCOME_COLUMNS.split(", ")
  .map((c) => (c === "data" ? `CASE WHEN s.error_keys <> '{}' THEN s.data ELSE '{}' END` : `s.${c}`))
  .join(", ");
