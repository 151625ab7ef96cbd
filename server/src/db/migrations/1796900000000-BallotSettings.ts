import type { MigrationInterface, QueryRunner } from "typeorm";

export class BallotSettings1796900000000 implements MigrationInterface {
  name = "BallotSettings1796900000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "ballot_settings" ("rootspace_id" text NOT NULL, "cooling_hours" integer NOT NULL, "min_open_days" integer NOT NULL, "quorum_percent" integer NOT NULL, "quorum_min" integer NOT NULL, "updated_by" uuid, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_9f737cb2c116d5059f47a36ab13" PRIMARY KEY ("rootspace_id"))`);
    await queryRunner.query(`ALTER TABLE "ballots" ADD "cooling_hours" integer NOT NULL DEFAULT '48'`);
    await queryRunner.query(`ALTER TABLE "ballots" ADD "quorum_percent" integer NOT NULL DEFAULT '10'`);
    await queryRunner.query(`ALTER TABLE "ballots" ADD "quorum_min" integer NOT NULL DEFAULT '5'`);
    await queryRunner.query(`ALTER TABLE "ballot_settings" ADD CONSTRAINT "FK_9f737cb2c116d5059f47a36ab13" FOREIGN KEY ("rootspace_id") REFERENCES "rootspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "ballot_settings" DROP CONSTRAINT "FK_9f737cb2c116d5059f47a36ab13"`);
    await queryRunner.query(`ALTER TABLE "ballots" DROP COLUMN "quorum_min"`);
    await queryRunner.query(`ALTER TABLE "ballots" DROP COLUMN "quorum_percent"`);
    await queryRunner.query(`ALTER TABLE "ballots" DROP COLUMN "cooling_hours"`);
    await queryRunner.query(`DROP TABLE "ballot_settings"`);
  }
}
