import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from "typeorm";
import { Rootspace } from "../../rootspaces/index.js";
import { Village } from "../villages/village.entity.js";
import { ProvenanceColumns } from "../provenance.js";

/** A family (clan): a lineage name tied to its village of origin, e.g. the Khoury of Zahle. */
@Entity("families")
@Index(["rootspaceId", "villageId"])
@Index("IDX_families_key_skeleton_trgm", { synchronize: false })
export class Family extends ProvenanceColumns {
  @PrimaryColumn("uuid")
  id: string;

  @Column("text", { name: "rootspace_id" })
  rootspaceId: string;

  @ManyToOne(() => Rootspace, { onDelete: "RESTRICT" })
  @JoinColumn({ name: "rootspace_id" })
  rootspace?: Rootspace;

  @Column("uuid", { name: "village_id", nullable: true })
  villageId: string | null;

  @ManyToOne(() => Village, { onDelete: "SET NULL" })
  @JoinColumn({ name: "village_id" })
  village?: Village;

  @Column("text", { name: "family_name" })
  familyName: string;

  @Column("text", { name: "family_name_ar", nullable: true })
  familyNameAr: string | null;

  @Column("text", { name: "family_name_fr", nullable: true })
  familyNameFr: string | null;

  @Column("text", { nullable: true })
  notes: string | null;

  @Column("text", { name: "notes_ar", nullable: true })
  notesAr: string | null;

  @Column("text", { name: "notes_fr", nullable: true })
  notesFr: string | null;

  @Column("boolean", { name: "is_public", default: true })
  isPublic: boolean;

  @Column("uuid", { name: "created_by", nullable: true })
  createdBy: string | null;

  @Column("text", { name: "key_skeleton", default: "" })
  keySkeleton: string;

  @CreateDateColumn({ name: "created_at", type: "timestamptz" })
  createdAt: Date;

  @UpdateDateColumn({ name: "updated_at", type: "timestamptz" })
  updatedAt: Date;
}
