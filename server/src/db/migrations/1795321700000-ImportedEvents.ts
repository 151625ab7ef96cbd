import type { MigrationInterface, QueryRunner } from "typeorm";

export class ImportedEvents1795321700000 implements MigrationInterface {
  name = "ImportedEvents1795321700000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "events" ADD "import_job_id" uuid`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "events" DROP COLUMN "import_job_id"`);
  }
}
