import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * A done import's staged rows were kept for ever: a 200,000-person file left ~680,000 rows
 * (~220 MB) beside the tree it wrote. The runner now removes those a done job no longer needs
 * (all but refused records and likely duplicates) some time after it is done, and marks the job.
 */
export class StagedPrune1795700000000 implements MigrationInterface {
  name = "StagedPrune1795700000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "import_jobs" ADD "staged_pruned_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`CREATE INDEX "IDX_import_jobs_staged_to_prune" ON "import_jobs" ("finished_at") WHERE "status" = 'done' AND "staged_pruned_at" IS NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_import_jobs_staged_to_prune"`);
    await queryRunner.query(`ALTER TABLE "import_jobs" DROP COLUMN "staged_pruned_at"`);
  }
}
