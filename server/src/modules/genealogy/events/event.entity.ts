import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from "typeorm";
import { Person } from "../people/person.entity.js";
import { ProvenanceColumns } from "../provenance.js";

/** What happened: life events of people, and the village's own (festivals, commemorations). */
export const EVENT_TYPES = [
  "birth",
  "baptism",
  "marriage",
  "engagement",
  "emigration",
  "immigration",
  "death",
  "burial",
  "festival",
  "commemoration",
  "other",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/**
 * An event (spec §3): a type, a genealogical date with its original text, a place, up to
 * two people, and the families and villages it belongs to. Not a GraphQL type: what
 * leaves the server is shaped by the people policy (event.service.ts).
 */
@Entity("events")
@Index(["primaryPersonId"])
@Index(["secondaryPersonId"])
@Index("IDX_events_village_ids", { synchronize: false })
@Index("IDX_events_family_ids", { synchronize: false })
export class GenealogyEvent extends ProvenanceColumns {
  @PrimaryColumn("uuid")
  id: string;

  @Column("text")
  type: EventType;

  @Column("text", { name: "date_text", nullable: true })
  dateText: string | null;

  @Column("text", { name: "date_qualifier", nullable: true })
  dateQualifier: string | null;

  @Column("date", { name: "date_from", nullable: true })
  dateFrom: string | null;

  @Column("date", { name: "date_to", nullable: true })
  dateTo: string | null;

  @Column("text", { nullable: true })
  place: string | null;

  @Column("uuid", { name: "primary_person_id", nullable: true })
  primaryPersonId: string | null;

  @ManyToOne(() => Person, { onDelete: "CASCADE" })
  @JoinColumn({ name: "primary_person_id" })
  primaryPerson?: Person;

  @Column("uuid", { name: "secondary_person_id", nullable: true })
  secondaryPersonId: string | null;

  @ManyToOne(() => Person, { onDelete: "SET NULL" })
  @JoinColumn({ name: "secondary_person_id" })
  secondaryPerson?: Person;

  @Column("uuid", { name: "family_ids", array: true, default: () => "'{}'" })
  familyIds: string[];

  @Column("uuid", { name: "village_ids", array: true, default: () => "'{}'" })
  villageIds: string[];

  @Column("text", { nullable: true })
  title: string | null;

  @Column("text", { name: "title_ar", nullable: true })
  titleAr: string | null;

  @Column("text", { name: "title_fr", nullable: true })
  titleFr: string | null;

  @Column("text", { nullable: true })
  description: string | null;

  @Column("text", { name: "description_ar", nullable: true })
  descriptionAr: string | null;

  @Column("text", { name: "description_fr", nullable: true })
  descriptionFr: string | null;

  /** The import that wrote this event (GEDCOM): its structure is in the kept record, which the export writes. */
  @Column("uuid", { name: "import_job_id", nullable: true })
  importJobId: string | null;

  @Column("uuid", { name: "created_by", nullable: true })
  createdBy: string | null;

  @CreateDateColumn({ name: "created_at", type: "timestamptz" })
  createdAt: Date;

  @UpdateDateColumn({ name: "updated_at", type: "timestamptz" })
  updatedAt: Date;
}
