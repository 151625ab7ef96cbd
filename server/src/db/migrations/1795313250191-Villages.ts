import type { MigrationInterface, QueryRunner } from "typeorm";

export class Villages1795313250191 implements MigrationInterface {
  name = "Villages1795313250191";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "villages" ("id" uuid NOT NULL, "rootspace_id" text NOT NULL, "name" text NOT NULL, "name_ar" text, "name_fr" text, "alternate_names" text array NOT NULL DEFAULT '{}', "slug" text NOT NULL, "latitude" double precision, "longitude" double precision, "district" text, "district_ar" text, "governorate" text, "governorate_ar" text, "description" text, "description_ar" text, "description_fr" text, "has_registry" boolean NOT NULL DEFAULT false, "has_church" boolean NOT NULL DEFAULT false, "has_mosque" boolean NOT NULL DEFAULT false, "has_school" boolean NOT NULL DEFAULT false, "population_current" integer, "diaspora_count" integer, "is_public" boolean NOT NULL DEFAULT true, "source_ref" text, "wikidata_id" text, "key_latin" text NOT NULL DEFAULT '', "key_arabic" text NOT NULL DEFAULT '', "key_skeleton" text NOT NULL DEFAULT '', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_3d9cf7c71c05c7ef684331317bd" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_4dbfa5b0da362fde667ccf0442" ON "villages"  ("source_ref") WHERE source_ref IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX "IDX_b258ac357403379b53268505c0" ON "villages"  ("rootspace_id", "district") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_c8e6817a6e9423cae8c82a9b36" ON "villages"  ("rootspace_id", "slug") `);
    await queryRunner.query(`ALTER TABLE "villages" ADD CONSTRAINT "FK_a7c11b89de80fb927558c1173a7" FOREIGN KEY ("rootspace_id") REFERENCES "rootspaces"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    // Trigram indexes for fuzzy name search (declared with synchronize: false on the entity).
    await queryRunner.query(`CREATE INDEX "IDX_villages_key_latin_trgm" ON "villages" USING gin ("key_latin" gin_trgm_ops)`);
    await queryRunner.query(`CREATE INDEX "IDX_villages_key_arabic_trgm" ON "villages" USING gin ("key_arabic" gin_trgm_ops)`);
    await queryRunner.query(`CREATE INDEX "IDX_villages_key_skeleton_trgm" ON "villages" USING gin ("key_skeleton" gin_trgm_ops)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_villages_key_skeleton_trgm"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_villages_key_arabic_trgm"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_villages_key_latin_trgm"`);
    await queryRunner.query(`ALTER TABLE "villages" DROP CONSTRAINT "FK_a7c11b89de80fb927558c1173a7"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_c8e6817a6e9423cae8c82a9b36"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_b258ac357403379b53268505c0"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_4dbfa5b0da362fde667ccf0442"`);
    await queryRunner.query(`DROP TABLE "villages"`);
  }
}
