import type { MigrationInterface, QueryRunner } from "typeorm";

/** The keys of `once` jobs that are done (common/jobs): a second delivery of one does nothing. */
export class JobRuns1796400000000 implements MigrationInterface {
  name = "JobRuns1796400000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "job_runs" ("name" text NOT NULL, "key" text NOT NULL, "job_id" uuid NOT NULL, "done_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_914b48288629401ee8232e0fc40" PRIMARY KEY ("name", "key"))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "job_runs"`);
  }
}
