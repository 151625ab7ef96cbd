import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from "typeorm";
import { User } from "./user.entity.js";

/**
 * A single-use sign-in link (15 minutes). Only a SHA-256 of the token is stored here; the
 * emailed text is kept in full only by the development outbox (no SMTP configured).
 */
@Entity("magic_links")
export class MagicLink {
  @PrimaryColumn("uuid")
  id: string;

  @Column("uuid", { name: "user_id" })
  userId: string;

  @ManyToOne(() => User, { onDelete: "CASCADE" })
  @JoinColumn({ name: "user_id" })
  user?: User;

  @Index({ unique: true })
  @Column("text", { name: "token_hash" })
  tokenHash: string;

  @Column("timestamptz", { name: "expires_at" })
  expiresAt: Date;

  @Column("timestamptz", { name: "used_at", nullable: true })
  usedAt: Date | null;

  @Column("text", { name: "return_to", nullable: true })
  returnTo: string | null;

  @CreateDateColumn({ name: "created_at", type: "timestamptz" })
  createdAt: Date;
}
