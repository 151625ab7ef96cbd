import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Ancestry documents' files and refunds: the member's power of attorney and the officer's
 * delivered scan (PDF, JPEG or PNG by content, at most 20 MiB, kept under `ancestry/<request>/<file>`
 * in the file storage and served through signed links), when a scan was attached to the person's
 * sources, and the part of each posted fee line staff refunded (never more than the line: the
 * database refuses it).
 */
export class AncestryFiles1798400000000 implements MigrationInterface {
  name = "AncestryFiles1798400000000";

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "ancestry_request_files" (
      "id" uuid NOT NULL,
      "request_id" uuid NOT NULL,
      "kind" text NOT NULL CHECK ("kind" IN ('authority', 'scan')),
      "name" text NOT NULL CHECK (length("name") BETWEEN 1 AND 200),
      "mime" text NOT NULL CHECK ("mime" IN ('application/pdf', 'image/jpeg', 'image/png')),
      "size" integer NOT NULL CHECK ("size" BETWEEN 1 AND 20971520),
      "sha256" text NOT NULL CHECK ("sha256" ~ '^[0-9a-f]{64}$'),
      "uploaded_by" uuid,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "attached_at" TIMESTAMP WITH TIME ZONE,
      CONSTRAINT "PK_ancestry_request_files" PRIMARY KEY ("id"),
      CONSTRAINT "FK_ancestry_request_files_request" FOREIGN KEY ("request_id") REFERENCES "ancestry_requests" ("id") ON DELETE CASCADE,
      CONSTRAINT "FK_ancestry_request_files_uploader" FOREIGN KEY ("uploaded_by") REFERENCES "users" ("id") ON DELETE SET NULL)`);
    await q.query(`CREATE INDEX "IDX_ancestry_request_files_request" ON "ancestry_request_files" ("request_id", "created_at")`);
    await q.query(`ALTER TABLE "ancestry_request_lines" ADD "refunded_usd" bigint NOT NULL DEFAULT 0`);
    await q.query(`ALTER TABLE "ancestry_request_lines" ADD CONSTRAINT "CHK_ancestry_request_lines_refund"
      CHECK ("refunded_usd" >= 0 AND "refunded_usd" <= "usd" AND ("refunded_usd" = 0 OR "status" = 'posted'))`);
    await q.query(`ALTER TABLE "ancestry_request_events" DROP CONSTRAINT "ancestry_request_events_kind_check"`);
    await q.query(`ALTER TABLE "ancestry_request_events" ADD CONSTRAINT "ancestry_request_events_kind_check"
      CHECK ("kind" IN ('state', 'claimed', 'assigned', 'question', 'answer', 'reminder', 'file', 'attached', 'refund'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "ancestry_request_events" DROP CONSTRAINT "ancestry_request_events_kind_check"`);
    await q.query(`ALTER TABLE "ancestry_request_events" ADD CONSTRAINT "ancestry_request_events_kind_check"
      CHECK ("kind" IN ('state', 'claimed', 'assigned', 'question', 'answer', 'reminder'))`);
    await q.query(`ALTER TABLE "ancestry_request_lines" DROP CONSTRAINT "CHK_ancestry_request_lines_refund"`);
    await q.query(`ALTER TABLE "ancestry_request_lines" DROP COLUMN "refunded_usd"`);
    await q.query(`DROP TABLE "ancestry_request_files"`);
  }
}
