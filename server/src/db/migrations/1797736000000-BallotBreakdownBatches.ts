import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * The yes/no/abstain breakdown shown while a ballot is open moves in its own batches (at least 10
 * new votes, at most every 10 minutes: ballots/tally.ts): `breakdown_*` hold the counts it shows
 * and when they were taken, apart from the live turnout. A rootspace can hold the breakdown back
 * until the close (`ballot_settings.hide_breakdown`), which each ballot copies when it starts.
 * Ballots already open show their breakdown again from the next batch.
 */
export class BallotBreakdownBatches1797736000000 implements MigrationInterface {
  name = "BallotBreakdownBatches1797736000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "ballots" ADD "breakdown_yes" integer, ADD "breakdown_no" integer, ADD "breakdown_abstain" integer, ADD "breakdown_count" integer NOT NULL DEFAULT 0, ADD "breakdown_at" TIMESTAMP WITH TIME ZONE, ADD "hide_breakdown" boolean NOT NULL DEFAULT false`,
    );
    await queryRunner.query(`ALTER TABLE "ballot_settings" ADD "hide_breakdown" boolean NOT NULL DEFAULT false`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "ballot_settings" DROP COLUMN "hide_breakdown"`);
    await queryRunner.query(
      `ALTER TABLE "ballots" DROP COLUMN "hide_breakdown", DROP COLUMN "breakdown_at", DROP COLUMN "breakdown_count", DROP COLUMN "breakdown_abstain", DROP COLUMN "breakdown_no", DROP COLUMN "breakdown_yes"`,
    );
  }
}
