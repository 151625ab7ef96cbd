import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * A member deletes their own failed, cancelled or done imports: the job is hidden at once
 * (`deleted_at`) and its file removed; an idle runner then removes its staged rows, warnings
 * and outcomes in batches, and marks it `purged_at`. The row stays: the records a done job
 * kept for the export, and re-imports of the same file, still refer to it.
 */
export class ImportJobDeleted1796200000000 implements MigrationInterface {
  name = "ImportJobDeleted1796200000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "import_jobs" ADD "deleted_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "import_jobs" ADD "purged_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`CREATE INDEX "IDX_import_jobs_to_purge" ON "import_jobs" ("deleted_at") WHERE "deleted_at" IS NOT NULL AND "purged_at" IS NULL`);
    await queryRunner.query(`CREATE INDEX "IDX_import_jobs_waiting_files" ON "import_jobs" ("user_id") WHERE "file_path" IS NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_import_jobs_waiting_files"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_import_jobs_to_purge"`);
    await queryRunner.query(`ALTER TABLE "import_jobs" DROP COLUMN "purged_at"`);
    await queryRunner.query(`ALTER TABLE "import_jobs" DROP COLUMN "deleted_at"`);
  }
}
