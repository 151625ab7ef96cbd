import type { MigrationInterface, QueryRunner } from "typeorm";

export class Media1796600000000 implements MigrationInterface {
  name = "Media1796600000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "media_files" ("sha256" text NOT NULL, "mime" text NOT NULL, "size" bigint NOT NULL, "width" integer NOT NULL, "height" integer NOT NULL, "status" text NOT NULL DEFAULT 'processing', "variants" jsonb NOT NULL DEFAULT '[]', "keep_original" boolean NOT NULL DEFAULT false, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_797a6d480e02c1294402e4fee90" PRIMARY KEY ("sha256"))`);
    await queryRunner.query(`CREATE TABLE "media" ("id" uuid NOT NULL, "kind" text NOT NULL, "person_id" uuid, "village_id" uuid, "file_sha256" text NOT NULL, "uploaded_by" uuid, "bytes" bigint NOT NULL, "review" text NOT NULL DEFAULT 'approved', "caption" jsonb NOT NULL DEFAULT '{}', "taken_on" text, "credit" text, "licence" text, "gedcom_path" text, "reviewed_by" uuid, "reviewed_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_media_kind" CHECK (kind IN ('portrait', 'photo', 'document') AND (village_id IS NULL OR kind = 'photo')), CONSTRAINT "CHK_media_target" CHECK ((person_id IS NULL) <> (village_id IS NULL)), CONSTRAINT "PK_f4e0fcac36e050de337b670d8bd" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_media_portrait" ON "media"  ("person_id") WHERE kind = 'portrait'`);
    await queryRunner.query(`CREATE INDEX "IDX_media_file" ON "media"  ("file_sha256") `);
    await queryRunner.query(`CREATE INDEX "IDX_media_uploader" ON "media"  ("uploaded_by") `);
    await queryRunner.query(`CREATE INDEX "IDX_media_village" ON "media"  ("village_id", "review", "created_at") `);
    await queryRunner.query(`CREATE INDEX "IDX_media_person" ON "media"  ("person_id", "kind", "created_at") `);
    await queryRunner.query(`CREATE TABLE "app_secrets" ("name" text NOT NULL, "value" text NOT NULL, CONSTRAINT "PK_6c785a9da9881929b0d1d780423" PRIMARY KEY ("name"))`);
    await queryRunner.query(`ALTER TABLE "media" ADD CONSTRAINT "FK_d6f4789612281b2366f3cfa281b" FOREIGN KEY ("person_id") REFERENCES "people"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "media" ADD CONSTRAINT "FK_a469ef072dc3785019fc9b84333" FOREIGN KEY ("village_id") REFERENCES "villages"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "media" ADD CONSTRAINT "FK_e7eef98e036a11a6c1598362d05" FOREIGN KEY ("file_sha256") REFERENCES "media_files"("sha256") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "media" ADD CONSTRAINT "FK_8468de6d91985f53a1a3324741c" FOREIGN KEY ("uploaded_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "media" DROP CONSTRAINT "FK_8468de6d91985f53a1a3324741c"`);
    await queryRunner.query(`ALTER TABLE "media" DROP CONSTRAINT "FK_e7eef98e036a11a6c1598362d05"`);
    await queryRunner.query(`ALTER TABLE "media" DROP CONSTRAINT "FK_a469ef072dc3785019fc9b84333"`);
    await queryRunner.query(`ALTER TABLE "media" DROP CONSTRAINT "FK_d6f4789612281b2366f3cfa281b"`);
    await queryRunner.query(`DROP TABLE "app_secrets"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_media_person"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_media_village"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_media_uploader"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_media_file"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_media_portrait"`);
    await queryRunner.query(`DROP TABLE "media"`);
    await queryRunner.query(`DROP TABLE "media_files"`);
  }
}
