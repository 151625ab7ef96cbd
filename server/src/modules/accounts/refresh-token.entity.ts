import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from "typeorm";
import { Session } from "./session.entity.js";

/**
 * Every refresh token a session was ever given. Only the newest is unused; presenting
 * a used one means it was stolen or replayed, and the whole session is revoked.
 */
@Entity("refresh_tokens")
export class RefreshToken {
  @PrimaryColumn("uuid")
  id: string;

  @Column("uuid", { name: "session_id" })
  sessionId: string;

  @ManyToOne(() => Session, { onDelete: "CASCADE" })
  @JoinColumn({ name: "session_id" })
  session?: Session;

  @Index({ unique: true })
  @Column("text", { name: "token_hash" })
  tokenHash: string;

  @Column("timestamptz", { name: "expires_at" })
  expiresAt: Date;

  @Column("timestamptz", { name: "used_at", nullable: true })
  usedAt: Date | null;

  @CreateDateColumn({ name: "created_at", type: "timestamptz" })
  createdAt: Date;
}
