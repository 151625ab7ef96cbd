import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from "typeorm";
import { Village } from "./village.entity.js";

/** An old URL name of a village merged into another: `/libanpedia/<slug>` and `village(slug)` land on the kept village. */
@Entity("village_slug_aliases")
export class VillageSlugAlias {
  @PrimaryColumn("text", { name: "rootspace_id" })
  rootspaceId: string;

  @PrimaryColumn("text")
  slug: string;

  @Index()
  @Column("uuid", { name: "village_id" })
  villageId: string;

  @ManyToOne(() => Village, { onDelete: "CASCADE" })
  @JoinColumn({ name: "village_id" })
  village?: Village;

  @CreateDateColumn({ name: "created_at", type: "timestamptz" })
  createdAt: Date;
}

/**
 * A merge of one village into another: what moved, and the merged-away village's gazetteer id,
 * so that re-importing the gazetteer does not bring it back.
 */
@Entity("village_merges")
export class VillageMerge {
  @PrimaryColumn("uuid")
  id: string;

  @Column("text", { name: "rootspace_id" })
  rootspaceId: string;

  @Index()
  @Column("uuid", { name: "into_village_id" })
  intoVillageId: string;

  @ManyToOne(() => Village, { onDelete: "CASCADE" })
  @JoinColumn({ name: "into_village_id" })
  intoVillage?: Village;

  /** The merged-away village's id (deleted; kept for the record). */
  @Column("uuid", { name: "from_village_id" })
  fromVillageId: string;

  @Column("text", { name: "from_slug" })
  fromSlug: string;

  @Column("text", { name: "from_name" })
  fromName: string;

  @Index()
  @Column("text", { name: "from_source_ref", nullable: true })
  fromSourceRef: string | null;

  @Column("uuid", { name: "merged_by", nullable: true })
  mergedBy: string | null;

  /** Rows moved, by table. */
  @Column("jsonb", { default: () => "'{}'" })
  moved: Record<string, number>;

  @CreateDateColumn({ name: "created_at", type: "timestamptz" })
  createdAt: Date;
}
