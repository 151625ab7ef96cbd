import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from "typeorm";
import { ProvenanceColumns } from "../provenance.js";
import { Person } from "./person.entity.js";

export type ParentLinkKind = "birth" | "adoptive" | "step" | "unknown";

/** A parent–child link. One row per (parent, child); never a person as their own parent. */
@Entity("parent_links")
@Index(["parentId", "childId"], { unique: true })
@Index(["childId"])
@Check(`"parent_id" <> "child_id"`)
export class ParentLink extends ProvenanceColumns {
  @PrimaryColumn("uuid")
  id: string;

  @Column("uuid", { name: "parent_id" })
  parentId: string;

  @ManyToOne(() => Person, { onDelete: "CASCADE" })
  @JoinColumn({ name: "parent_id" })
  parent?: Person;

  @Column("uuid", { name: "child_id" })
  childId: string;

  @ManyToOne(() => Person, { onDelete: "CASCADE" })
  @JoinColumn({ name: "child_id" })
  child?: Person;

  @Column("text", { default: "birth" })
  kind: ParentLinkKind;

  @Column("uuid", { name: "created_by", nullable: true })
  createdBy: string | null;

  @CreateDateColumn({ name: "created_at", type: "timestamptz" })
  createdAt: Date;
}
