import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from "typeorm";
import { User } from "../../accounts/index.js";
import { ProvenanceColumns } from "../provenance.js";
import { Village } from "../villages/village.entity.js";

export const ASSET_TYPES = ["church", "mosque", "school", "monastery", "shrine", "spring", "square", "house", "cemetery", "other"] as const;
export type AssetType = (typeof ASSET_TYPES)[number];

/** A landmark of a village (spec §3 Asset): a church, a spring, a square … */
@Entity("assets")
@Index(["villageId", "type"])
export class Asset extends ProvenanceColumns {
  @PrimaryColumn("uuid")
  id: string;

  @Column("text")
  type: AssetType;

  @Column("uuid", { name: "village_id" })
  villageId: string;

  @ManyToOne(() => Village, { onDelete: "CASCADE" })
  @JoinColumn({ name: "village_id" })
  village?: Village;

  /** The member who recorded (and looks after) this landmark. */
  @Column("uuid", { name: "owner_id", nullable: true })
  ownerId: string | null;

  @ManyToOne(() => User, { onDelete: "SET NULL" })
  @JoinColumn({ name: "owner_id" })
  owner?: User;

  @Column("text")
  name: string;

  @Column("text", { name: "name_ar", nullable: true })
  nameAr: string | null;

  @Column("text", { name: "name_fr", nullable: true })
  nameFr: string | null;

  @Column("text", { nullable: true })
  description: string | null;

  @Column("text", { name: "description_ar", nullable: true })
  descriptionAr: string | null;

  @Column("text", { name: "description_fr", nullable: true })
  descriptionFr: string | null;

  @Column("double precision", { nullable: true })
  latitude: number | null;

  @Column("double precision", { nullable: true })
  longitude: number | null;

  @CreateDateColumn({ name: "created_at", type: "timestamptz" })
  createdAt: Date;

  @UpdateDateColumn({ name: "updated_at", type: "timestamptz" })
  updatedAt: Date;
}
