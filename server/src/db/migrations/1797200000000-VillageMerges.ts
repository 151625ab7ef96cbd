import type { MigrationInterface, QueryRunner } from "typeorm";

export class VillageMerges1797200000000 implements MigrationInterface {
  name = "VillageMerges1797200000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "village_slug_aliases" ("rootspace_id" text NOT NULL, "slug" text NOT NULL, "village_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_a4dbc5d884f82c382823596c1a6" PRIMARY KEY ("rootspace_id", "slug"))`);
    await queryRunner.query(`CREATE INDEX "IDX_016578f753cf520f68edba41c2" ON "village_slug_aliases"  ("village_id") `);
    await queryRunner.query(`CREATE TABLE "village_merges" ("id" uuid NOT NULL, "rootspace_id" text NOT NULL, "into_village_id" uuid NOT NULL, "from_village_id" uuid NOT NULL, "from_slug" text NOT NULL, "from_name" text NOT NULL, "from_source_ref" text, "merged_by" uuid, "moved" jsonb NOT NULL DEFAULT '{}', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_598bafdac46a5f99e1bbd478f78" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_adb14a3ff3ffe30fce87403f9a" ON "village_merges"  ("into_village_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_6754bb85e3904988a17e67e08a" ON "village_merges"  ("from_source_ref") `);
    await queryRunner.query(`ALTER TABLE "users" ADD "show_in_village_members" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE "villages" ADD "name_ar_curated" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE "village_slug_aliases" ADD CONSTRAINT "FK_016578f753cf520f68edba41c23" FOREIGN KEY ("village_id") REFERENCES "villages"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "village_merges" ADD CONSTRAINT "FK_adb14a3ff3ffe30fce87403f9a0" FOREIGN KEY ("into_village_id") REFERENCES "villages"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "village_merges" DROP CONSTRAINT "FK_adb14a3ff3ffe30fce87403f9a0"`);
    await queryRunner.query(`ALTER TABLE "village_slug_aliases" DROP CONSTRAINT "FK_016578f753cf520f68edba41c23"`);
    await queryRunner.query(`ALTER TABLE "villages" DROP COLUMN "name_ar_curated"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "show_in_village_members"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_6754bb85e3904988a17e67e08a"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_adb14a3ff3ffe30fce87403f9a"`);
    await queryRunner.query(`DROP TABLE "village_merges"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_016578f753cf520f68edba41c2"`);
    await queryRunner.query(`DROP TABLE "village_slug_aliases"`);
  }
}
