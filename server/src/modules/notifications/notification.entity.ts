import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from "typeorm";
import type { EmailCadence } from "../../common/notifications.js";

/**
 * One thing a member is told: its kind and parameters, never its text (written in the reader's
 * language when read or emailed). `inApp` and `email` are the member's settings for the kind when
 * it was made.
 */
@Entity("notifications")
@Index("IDX_notifications_user_newest", ["userId", "createdAt", "id"])
@Index("IDX_notifications_digest_due", ["createdAt"], { where: `email = 'digest' AND emailed_at IS NULL` })
export class Notification {
  @PrimaryColumn("uuid")
  id: string;

  @Column("uuid", { name: "user_id" })
  userId: string;

  // By name: the accounts area is not imported here (it sends notifications itself).
  @ManyToOne("User", { onDelete: "CASCADE" })
  @JoinColumn({ name: "user_id" })
  user?: unknown;

  @Column("text")
  kind: string;

  @Column("jsonb")
  params: Record<string, unknown>;

  /** Listed in the bell (false: the member wants this kind by email only). */
  @Column("boolean", { name: "in_app" })
  inApp: boolean;

  @Column("text")
  email: EmailCadence;

  @Column("timestamptz", { name: "read_at", nullable: true })
  readAt: Date | null;

  /** When it went out by email, alone or in a digest. */
  @Column("timestamptz", { name: "emailed_at", nullable: true })
  emailedAt: Date | null;

  @CreateDateColumn({ name: "created_at", type: "timestamptz" })
  createdAt: Date;
}

/** A member's choice for one kind of notification; no row means the kind's defaults. */
@Entity("notification_settings")
export class NotificationSetting {
  @PrimaryColumn("uuid", { name: "user_id" })
  userId: string;

  @ManyToOne("User", { onDelete: "CASCADE" })
  @JoinColumn({ name: "user_id" })
  user?: unknown;

  @PrimaryColumn("text")
  kind: string;

  @Column("boolean", { name: "in_app" })
  inApp: boolean;

  @Column("text")
  email: EmailCadence;

  @UpdateDateColumn({ name: "updated_at", type: "timestamptz" })
  updatedAt: Date;
}
