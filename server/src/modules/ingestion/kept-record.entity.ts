import { Column, Entity, Index, PrimaryColumn } from "typeorm";

/**
 * A GEDCOM record as the member's file had it (7.0 form), kept whole so nothing is lost:
 * vendor `_TAGS`, sources, notes, media and events that Roots does not model are written
 * back on export. People and unions point to their tree row (`record_id`).
 */
@Entity("kept_records")
@Index(["ownerId", "recordId"])
@Index(["jobId", "seq"])
// Shared records (notes, sources) by their key in the file: a person's record points to them.
@Index("IDX_kept_records_shared_xref", ["jobId", "xref"], { where: `"tag" IN ('SNOTE', 'SOUR')` })
export class KeptRecord {
  @PrimaryColumn("uuid")
  id: string;

  @Column("uuid", { name: "owner_id" })
  ownerId: string;

  @Column("uuid", { name: "job_id" })
  jobId: string;

  /** Order in the file, so an export follows it. */
  @Column("int")
  seq: number;

  @Column("text", { nullable: true })
  xref: string | null;

  @Column("text")
  tag: string;

  /** `people` or `unions` when the record became a row of the tree. */
  @Column("text", { name: "record_table", nullable: true })
  recordTable: string | null;

  @Column("uuid", { name: "record_id", nullable: true })
  recordId: string | null;

  /** The record tree: `{ tag, value?, pointer?, xref?, children }` (json: written and read whole). */
  @Column("json")
  data: Record<string, unknown>;
}

/** A media file that came inside a GEDZIP, written back into exported GEDZIPs. */
@Entity("kept_media")
@Index(["ownerId", "path"])
export class KeptMedia {
  @PrimaryColumn("uuid")
  id: string;

  @Column("uuid", { name: "owner_id" })
  ownerId: string;

  @Column("uuid", { name: "job_id" })
  jobId: string;

  @Column("text")
  path: string;

  @Column("bytea")
  data: Buffer;
}
