import type { MigrationInterface, QueryRunner } from "typeorm";

export class Ingestion1795319179206 implements MigrationInterface {
  name = "Ingestion1795319179206";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "import_jobs" ("id" uuid NOT NULL, "rootspace_id" text NOT NULL, "user_id" uuid NOT NULL, "kind" text NOT NULL, "status" text NOT NULL, "file_name" text NOT NULL, "file_size" bigint NOT NULL, "file_sha256" text NOT NULL, "file_path" text, "counts" jsonb NOT NULL, "options" jsonb NOT NULL, "error_key" text, "error_params" jsonb, "worker_id" text, "heartbeat_at" TIMESTAMP WITH TIME ZONE, "finished_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_4d206c602f173f98e4bb85819a3" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_afe535a92090bcda261ed4d7d6" ON "import_jobs"  ("status") `);
    await queryRunner.query(`CREATE INDEX "IDX_f71bd407180e2743f1d82ab997" ON "import_jobs"  ("user_id", "created_at") `);
    await queryRunner.query(`CREATE TABLE "import_staged" ("job_id" uuid NOT NULL, "seq" integer NOT NULL, "kind" text NOT NULL, "local_key" text, "line" integer, "data" jsonb NOT NULL, "target_id" uuid, "error_keys" text array NOT NULL, "action" text NOT NULL DEFAULT 'create', "duplicate_of" uuid, CONSTRAINT "PK_8804f496e811f6912278dba4df9" PRIMARY KEY ("job_id", "seq"))`);
    await queryRunner.query(`CREATE INDEX "IDX_71ef06e23a2bc098b57fdd0c92" ON "import_staged"  ("job_id", "local_key") `);
    await queryRunner.query(`CREATE INDEX "IDX_a498ef870d1812ee4ae98ec4d8" ON "import_staged"  ("job_id", "kind", "seq") `);
    await queryRunner.query(`CREATE TABLE "import_warnings" ("job_id" uuid NOT NULL, "seq" integer NOT NULL, "line" integer, "key" text NOT NULL, "params" jsonb, CONSTRAINT "PK_40734ad83d3f335b899c7d05c74" PRIMARY KEY ("job_id", "seq"))`);
    await queryRunner.query(`CREATE TABLE "external_ids" ("id" uuid NOT NULL, "owner_id" uuid NOT NULL, "scheme" text NOT NULL, "value" text NOT NULL, "record_table" text NOT NULL, "record_id" uuid NOT NULL, CONSTRAINT "PK_8d1f51c0634ac139aac2b6ae6f2" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_6b405e0f00a879d7153e3d1262" ON "external_ids"  ("record_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_076b7a749e55949cb690cec91c" ON "external_ids"  ("owner_id", "scheme", "value") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_076b7a749e55949cb690cec91c"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_6b405e0f00a879d7153e3d1262"`);
    await queryRunner.query(`DROP TABLE "external_ids"`);
    await queryRunner.query(`DROP TABLE "import_warnings"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_a498ef870d1812ee4ae98ec4d8"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_71ef06e23a2bc098b57fdd0c92"`);
    await queryRunner.query(`DROP TABLE "import_staged"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_f71bd407180e2743f1d82ab997"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_afe535a92090bcda261ed4d7d6"`);
    await queryRunner.query(`DROP TABLE "import_jobs"`);
  }
}
