import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from "typeorm";
import { User } from "./user.entity.js";

/**
 * A browser a member has signed in from (OWASP's device cookie): it carries a random token in
 * an httpOnly cookie, of which only the SHA-256 is stored. Wrong passwords typed elsewhere
 * never lock the member out of a device of theirs.
 */
@Entity("trusted_devices")
export class TrustedDevice {
  @PrimaryColumn("uuid")
  id: string;

  @Index()
  @Column("uuid", { name: "user_id" })
  userId: string;

  @ManyToOne(() => User, { onDelete: "CASCADE" })
  @JoinColumn({ name: "user_id" })
  user?: User;

  @Index({ unique: true })
  @Column("text", { name: "token_hash" })
  tokenHash: string;

  @CreateDateColumn({ name: "created_at", type: "timestamptz" })
  createdAt: Date;

  @Column("timestamptz", { name: "last_used_at", default: () => "now()" })
  lastUsedAt: Date;
}
