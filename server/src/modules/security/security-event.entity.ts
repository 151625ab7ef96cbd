import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from "typeorm";

export type SecuritySeverity = "low" | "medium" | "high" | "critical";
export type SecurityDetails = Record<string, string | number | boolean | null>;

/** A security signal from a browser (CSP violation report) or the server. */
@Entity("security_events")
@Index(["severity", "createdAt"])
export class SecurityEvent {
  @PrimaryColumn("uuid")
  id: string;

  @Column("text")
  type: string;

  @Column("text")
  severity: SecuritySeverity;

  @Column("jsonb")
  details: SecurityDetails;

  @Column("text", { name: "user_agent", nullable: true })
  userAgent: string | null;

  @CreateDateColumn({ name: "created_at", type: "timestamptz" })
  createdAt: Date;
}
