import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from "typeorm";
import { User } from "../../accounts/index.js";
import { Village } from "../villages/village.entity.js";

/**
 * A curator's village: a `local_root_curator` reviews, verifies and reverts records of the
 * villages listed here only (the role says what they are; this says where).
 */
@Entity("village_curators")
@Index(["userId", "villageId"], { unique: true })
@Index(["villageId"])
export class VillageCurator {
  @PrimaryColumn("uuid")
  id: string;

  @Column("uuid", { name: "user_id" })
  userId: string;

  @ManyToOne(() => User, { onDelete: "CASCADE" })
  @JoinColumn({ name: "user_id" })
  user?: User;

  @Column("uuid", { name: "village_id" })
  villageId: string;

  @ManyToOne(() => Village, { onDelete: "CASCADE" })
  @JoinColumn({ name: "village_id" })
  village?: Village;

  @Column("uuid", { name: "granted_by", nullable: true })
  grantedBy: string | null;

  @Column("timestamptz", { name: "expires_at", nullable: true })
  expiresAt: Date | null;

  @CreateDateColumn({ name: "created_at", type: "timestamptz" })
  createdAt: Date;
}
