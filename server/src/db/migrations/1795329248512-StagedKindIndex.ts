import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Staged records lose their (job, kind, seq) index: keeping it up cost a third of the time of
 * staging a large GEDCOM file, and every query reads a job's rows whole (the primary key serves).
 */
export class StagedKindIndex1795329248512 implements MigrationInterface {
  name = "StagedKindIndex1795329248512";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_a498ef870d1812ee4ae98ec4d8"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "IDX_a498ef870d1812ee4ae98ec4d8" ON "import_staged" USING btree ("job_id", "kind", "seq") `);
  }
}
