import { Column, Entity, Index, PrimaryColumn } from "typeorm";

/**
 * Bytes an upload in progress holds against its member's quota (upload-quota.ts), from before its
 * body is read until its record is written (in the same transaction that deletes this row) or it
 * fails. One that a crashed server left behind stops counting at `expiresAt`.
 */
@Entity("upload_reservations")
@Index("IDX_upload_reservations_owner", ["userId", "pool"])
export class UploadReservation {
  @PrimaryColumn("uuid", { primaryKeyConstraintName: "PK_upload_reservations" })
  id: string;

  @Column("uuid", { name: "user_id" })
  userId: string;

  /** Whose quota: `media` (pictures) or `imports` (files waiting to be imported). */
  @Column("text")
  pool: string;

  @Column("bigint", { transformer: { to: (v: number) => v, from: (v: string) => Number(v) } })
  bytes: number;

  @Column("timestamptz", { name: "expires_at" })
  expiresAt: Date;
}
