import { Column, Entity, PrimaryColumn, UpdateDateColumn } from "typeorm";

/** An admin's choice for one feature flag; no row means the production default (declared in the areas' manifests, common/flag-catalogue.ts). */
@Entity("feature_flags")
export class FeatureFlag {
  @PrimaryColumn("text")
  key: string;

  @Column("boolean")
  enabled: boolean;

  /** Who set it last; null for the demo seed. */
  @Column("uuid", { name: "updated_by", nullable: true })
  updatedBy: string | null;

  @UpdateDateColumn({ name: "updated_at", type: "timestamptz" })
  updatedAt: Date;
}
