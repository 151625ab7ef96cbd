import type { MigrationInterface, QueryRunner } from "typeorm";

/** Quota held by uploads in progress, so parallel uploads cannot all pass one member's quota (security/upload-quota.ts). */
export class UploadReservations1797836000000 implements MigrationInterface {
  name = "UploadReservations1797836000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "upload_reservations" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "pool" text NOT NULL, "bytes" bigint NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_upload_reservations" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_upload_reservations_owner" ON "upload_reservations" ("user_id", "pool") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_upload_reservations_owner"`);
    await queryRunner.query(`DROP TABLE "upload_reservations"`);
  }
}
