import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from "typeorm";

/**
 * One group of names that are the same name in other languages and scripts (Hanna = Jean =
 * Juan = John = يوحنا). Loaded from seed-data/names/equivalents.csv, then kept by curators:
 * a search expands to the group, so an edit here applies to the next search.
 */
@Entity("name_equivalents")
@Index(["key"], { unique: true })
export class NameEquivalent {
  @PrimaryColumn("uuid")
  id: string;

  /** The row's key in the data file (the loader adds rows whose key is missing, never overwrites). */
  @Column("text")
  key: string;

  /** Every spelling of the name, Arabic script and Latin. */
  @Column("text", { array: true, default: () => "'{}'" })
  names: string[];

  /** Where the group is documented (a named reference), or null while none is known. */
  @Column("text", { nullable: true })
  source: string | null;

  /** The curator who confirmed the group, and when; null while unreviewed. */
  @Column("uuid", { name: "reviewed_by", nullable: true })
  reviewedBy: string | null;

  @Column("timestamptz", { name: "reviewed_at", nullable: true })
  reviewedAt: Date | null;

  @CreateDateColumn({ name: "created_at", type: "timestamptz" })
  createdAt: Date;

  @UpdateDateColumn({ name: "updated_at", type: "timestamptz" })
  updatedAt: Date;
}
