import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from "typeorm";
import { User } from "./user.entity.js";
import type { Role } from "../../common/auth/roles.js";

/** A role granted to a member, optionally until `expiresAt` (spec §6 `user_roles`). */
@Entity("user_roles")
@Index(["userId", "role"], { unique: true })
export class UserRole {
  @PrimaryColumn("uuid")
  id: string;

  @Column("uuid", { name: "user_id" })
  userId: string;

  @ManyToOne(() => User, { onDelete: "CASCADE" })
  @JoinColumn({ name: "user_id" })
  user?: User;

  @Column("text")
  role: Role;

  @Column("timestamptz", { name: "expires_at", nullable: true })
  expiresAt: Date | null;

  @Column("uuid", { name: "granted_by", nullable: true })
  grantedBy: string | null;

  @Column("text", { nullable: true })
  reason: string | null;

  @CreateDateColumn({ name: "created_at", type: "timestamptz" })
  createdAt: Date;
}
