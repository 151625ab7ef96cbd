import { Column, CreateDateColumn, Entity, PrimaryColumn } from "typeorm";

/** Every email the platform sends, kept so admins can read the development outbox. */
@Entity("outbox_emails")
export class OutboxEmail {
  @PrimaryColumn("uuid")
  id: string;

  @Column("text", { name: "to_address" })
  to: string;

  @Column("text")
  subject: string;

  @Column("text")
  text: string;

  /** `smtp` when handed to the SMTP server, `outbox` when only kept here. */
  @Column("text")
  transport: "smtp" | "outbox";

  @CreateDateColumn({ name: "created_at", type: "timestamptz" })
  createdAt: Date;
}
