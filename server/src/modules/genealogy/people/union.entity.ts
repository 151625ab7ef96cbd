import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from "typeorm";
import { Provenance } from "../provenance.js";
import { Person } from "./person.entity.js";

export type UnionKind = "marriage" | "engagement" | "partnership" | "unknown";

/**
 * A union (couple) between two people — distinct from a family (clan). Partners are
 * stored in id order so a pair is recorded once per kind.
 */
@Entity("unions")
@Index(["partner1Id", "partner2Id", "kind"], { unique: true })
@Index(["partner2Id"])
@Check(`"partner1_id" < "partner2_id"`)
export class Union {
  @PrimaryColumn("uuid")
  id: string;

  @Column("uuid", { name: "partner1_id" })
  partner1Id: string;

  @ManyToOne(() => Person, { onDelete: "CASCADE" })
  @JoinColumn({ name: "partner1_id" })
  partner1?: Person;

  @Column("uuid", { name: "partner2_id" })
  partner2Id: string;

  @ManyToOne(() => Person, { onDelete: "CASCADE" })
  @JoinColumn({ name: "partner2_id" })
  partner2?: Person;

  @Column("text", { default: "marriage" })
  kind: UnionKind;

  @Column("text", { name: "start_date_text", nullable: true })
  startDateText: string | null;

  @Column("text", { name: "start_date_qualifier", nullable: true })
  startDateQualifier: string | null;

  @Column("date", { name: "start_date_from", nullable: true })
  startDateFrom: string | null;

  @Column("date", { name: "start_date_to", nullable: true })
  startDateTo: string | null;

  @Column("text", { nullable: true })
  place: string | null;

  /** Where the record is documented (a curator adds one when verifying). */
  @Column("text", { nullable: true })
  sources: string | null;

  @Column("text", { default: Provenance.COMMUNITY })
  provenance: Provenance;

  @Column("uuid", { name: "created_by", nullable: true })
  createdBy: string | null;

  @CreateDateColumn({ name: "created_at", type: "timestamptz" })
  createdAt: Date;
}
