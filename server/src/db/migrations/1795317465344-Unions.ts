import type { MigrationInterface, QueryRunner } from "typeorm";

export class Unions1795317465344 implements MigrationInterface {
  name = "Unions1795317465344";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "unions" ("id" uuid NOT NULL, "partner1_id" uuid NOT NULL, "partner2_id" uuid NOT NULL, "kind" text NOT NULL DEFAULT 'marriage', "start_date_text" text, "start_date_qualifier" text, "start_date_from" date, "start_date_to" date, "place" text, "provenance" text NOT NULL DEFAULT 'COMMUNITY', "created_by" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_e8bbdc317ff9f81bbc9dbcbcfe" CHECK ("partner1_id" < "partner2_id"), CONSTRAINT "PK_97b35789dd5101a3e05e4f4eced" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_692b2ffc0e5fb10a3ee00189ee" ON "unions"  ("partner2_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_39071dd0cab675eed6b6d7ea02" ON "unions"  ("partner1_id", "partner2_id", "kind") `);
    await queryRunner.query(`ALTER TABLE "unions" ADD CONSTRAINT "FK_b7b3a9cb4bfbdc8fb0f82fdf56e" FOREIGN KEY ("partner1_id") REFERENCES "people"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "unions" ADD CONSTRAINT "FK_692b2ffc0e5fb10a3ee00189ee4" FOREIGN KEY ("partner2_id") REFERENCES "people"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "unions" DROP CONSTRAINT "FK_692b2ffc0e5fb10a3ee00189ee4"`);
    await queryRunner.query(`ALTER TABLE "unions" DROP CONSTRAINT "FK_b7b3a9cb4bfbdc8fb0f82fdf56e"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_39071dd0cab675eed6b6d7ea02"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_692b2ffc0e5fb10a3ee00189ee"`);
    await queryRunner.query(`DROP TABLE "unions"`);
  }
}
