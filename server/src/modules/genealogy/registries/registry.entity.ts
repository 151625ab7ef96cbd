import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from "typeorm";
import { Person } from "../people/person.entity.js";
import { ProvenanceColumns } from "../provenance.js";
import { Village } from "../villages/village.entity.js";

export const REGISTRY_TYPES = ["emigrant", "civil", "parish", "other"] as const;
export type RegistryType = (typeof REGISTRY_TYPES)[number];

/** A village's register (spec §3): emigrants, civil (نفوس), parish or other. */
@Entity("registries")
@Index(["villageId", "type"])
export class Registry {
  @PrimaryColumn("uuid")
  id: string;

  @Column("text")
  type: RegistryType;

  @Column("uuid", { name: "village_id" })
  villageId: string;

  @ManyToOne(() => Village, { onDelete: "CASCADE" })
  @JoinColumn({ name: "village_id" })
  village?: Village;

  @Column("text", { nullable: true })
  title: string | null;

  @Column("text", { name: "title_ar", nullable: true })
  titleAr: string | null;

  @Column("text", { name: "title_fr", nullable: true })
  titleFr: string | null;

  @Column("uuid", { name: "created_by", nullable: true })
  createdBy: string | null;

  @CreateDateColumn({ name: "created_at", type: "timestamptz" })
  createdAt: Date;

  @UpdateDateColumn({ name: "updated_at", type: "timestamptz" })
  updatedAt: Date;
}

/** One person in a register: where they went (ISO country) and when they left. */
@Entity("registry_entries")
@Index(["registryId", "destinationCountry"])
@Index(["personId"])
@Check(`"destination_country" ~ '^[A-Z]{2}$'`)
export class RegistryEntry extends ProvenanceColumns {
  @PrimaryColumn("uuid")
  id: string;

  @Column("uuid", { name: "registry_id" })
  registryId: string;

  @ManyToOne(() => Registry, { onDelete: "CASCADE" })
  @JoinColumn({ name: "registry_id" })
  registry?: Registry;

  @Column("uuid", { name: "person_id" })
  personId: string;

  @ManyToOne(() => Person, { onDelete: "CASCADE" })
  @JoinColumn({ name: "person_id" })
  person?: Person;

  /** ISO 3166-1 alpha-2 code (BR, US, AU …). */
  @Column("char", { name: "destination_country", length: 2 })
  destinationCountry: string;

  @Column("integer", { name: "departure_year", nullable: true })
  departureYear: number | null;

  @Column("text", { nullable: true })
  notes: string | null;

  @Column("uuid", { name: "created_by", nullable: true })
  createdBy: string | null;

  @CreateDateColumn({ name: "created_at", type: "timestamptz" })
  createdAt: Date;

  @UpdateDateColumn({ name: "updated_at", type: "timestamptz" })
  updatedAt: Date;
}
