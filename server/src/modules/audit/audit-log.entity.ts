import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from "typeorm";

/** One audited change: which record, who, what, and the row before and after. */
@Entity("audit_logs")
@Index(["tableName", "recordId"])
export class AuditLog {
  @PrimaryColumn("uuid")
  id: string;

  @Column("text", { name: "table_name" })
  tableName: string;

  @Column("text", { name: "record_id" })
  recordId: string;

  @Column("uuid", { name: "user_id", nullable: true })
  userId: string | null;

  @Column("text")
  action: string;

  @Column("jsonb", { nullable: true })
  before: Record<string, unknown> | null;

  @Column("jsonb", { nullable: true })
  after: Record<string, unknown> | null;

  @CreateDateColumn({ name: "created_at", type: "timestamptz" })
  createdAt: Date;
}
