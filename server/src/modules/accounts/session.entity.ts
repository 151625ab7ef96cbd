import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from "typeorm";
import { User } from "./user.entity.js";

/**
 * A signed-in device: one short-lived access token (bearer) at a time, renewed with a
 * rotating refresh token (see RefreshToken). Only SHA-256 hashes of tokens are stored.
 */
@Entity("sessions")
export class Session {
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

  /** When the current access token stops working. */
  @Column("timestamptz", { name: "expires_at" })
  expiresAt: Date;

  /** When the session ends unless refreshed (the refresh token's lifetime). */
  @Column("timestamptz", { name: "refresh_expires_at" })
  refreshExpiresAt: Date;

  @Column("timestamptz", { name: "revoked_at", nullable: true })
  revokedAt: Date | null;

  @Column("text", { name: "revoked_reason", nullable: true })
  revokedReason: string | null;

  @Column("text", { name: "user_agent", nullable: true })
  userAgent: string | null;

  @Column("text", { nullable: true })
  ip: string | null;

  @CreateDateColumn({ name: "created_at", type: "timestamptz" })
  createdAt: Date;

  @Column("timestamptz", { name: "last_seen_at", nullable: true })
  lastSeenAt: Date | null;
}
