import type { MigrationInterface, QueryRunner } from "typeorm";

export class KeptRecords1795321634711 implements MigrationInterface {
  name = "KeptRecords1795321634711";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "kept_records" ("id" uuid NOT NULL, "owner_id" uuid NOT NULL, "job_id" uuid NOT NULL, "seq" integer NOT NULL, "xref" text, "tag" text NOT NULL, "record_table" text, "record_id" uuid, "data" jsonb NOT NULL, CONSTRAINT "PK_3097c41684583e8fccf7f3011ef" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_8588fab27cdb388e6f43218a16" ON "kept_records"  ("job_id", "seq") `);
    await queryRunner.query(`CREATE INDEX "IDX_b800bd76af39e6d3efd56d2edf" ON "kept_records"  ("owner_id", "record_id") `);
    await queryRunner.query(`CREATE TABLE "kept_media" ("id" uuid NOT NULL, "owner_id" uuid NOT NULL, "job_id" uuid NOT NULL, "path" text NOT NULL, "data" bytea NOT NULL, CONSTRAINT "PK_53ca3c2d46e1bf9f552754478d8" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_873e70ddb31a0c389cd65b3b1f" ON "kept_media"  ("owner_id", "path") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_873e70ddb31a0c389cd65b3b1f"`);
    await queryRunner.query(`DROP TABLE "kept_media"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_b800bd76af39e6d3efd56d2edf"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_8588fab27cdb388e6f43218a16"`);
    await queryRunner.query(`DROP TABLE "kept_records"`);
  }
}
