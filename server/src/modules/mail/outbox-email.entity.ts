import { Column, CreateDateColumn, Entity, PrimaryColumn } from "typeorm";

/** Every email the platform sends, kept so admins can read the development outbox and see delivery. */
@Entity("outbox_emails")
export class OutboxEmail {
  @PrimaryColumn("uuid")
  id: string;

  @Column("text", { name: "to_address" })
  to: string;

  @Column("text")
  subject: string;

  /** The plain-text part as kept (redacted when it carried a secret and may not be kept). */
  @Column("text")
  text: string;

  /** The HTML part as kept (redacted like `text`); null on emails of before HTML. */
  @Column("text", { nullable: true })
  html: string | null;

  /** The language it was written in: the recipient's saved one. */
  @Column("text", { default: "en" })
  language: string;

  /** `smtp` when handed to the SMTP server, `outbox` when only kept here. */
  @Column("text")
  transport: "smtp" | "outbox";

  /** `queued` (waiting for the `mail.deliver` job), `sent`, `failed` (retries spent) or `kept` (no SMTP). */
  @Column("text", { default: "kept" })
  status: "queued" | "sent" | "failed" | "kept";

  @Column("int", { default: 0 })
  attempts: number;

  @Column("text", { name: "last_error", nullable: true })
  lastError: string | null;

  @Column("timestamptz", { name: "sent_at", nullable: true })
  sentAt: Date | null;

  /**
   * What the delivery job sends when the kept copy is redacted (a sign-in link): held only until
   * the message is delivered or its retries are spent, then cleared.
   */
  @Column("jsonb", { name: "pending_body", nullable: true })
  pendingBody: { text: string; html: string } | null;

  @CreateDateColumn({ name: "created_at", type: "timestamptz" })
  createdAt: Date;
}
