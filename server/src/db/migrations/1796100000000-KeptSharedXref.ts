import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * A person's kept GEDCOM record points to shared notes and sources of the same file by key
 * (`SNOTE @N55@`, `SOUR @S12@`): the person page reads them through this index. Partial: the
 * file's people and families (nearly all its records) are not in it, so an import's COPY of
 * them pays nothing for it.
 */
export class KeptSharedXref1796100000000 implements MigrationInterface {
  name = "KeptSharedXref1796100000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "IDX_kept_records_shared_xref" ON "kept_records"  ("job_id", "xref") WHERE "tag" IN ('SNOTE', 'SOUR')`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_kept_records_shared_xref"`);
  }
}
