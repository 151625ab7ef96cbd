import type { MigrationInterface, QueryRunner } from "typeorm";

export class CurationAndReview1795318882020 implements MigrationInterface {
  name = "CurationAndReview1795318882020";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "village_curators" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "village_id" uuid NOT NULL, "granted_by" uuid, "expires_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_5408468ceaf2d4b763b614f4f98" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_cee3d940acc65adebec989ae66" ON "village_curators"  ("village_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_4fa6a5a1cf9246876a44b0025b" ON "village_curators"  ("user_id", "village_id") `);
    await queryRunner.query(`ALTER TABLE "families" ADD "sources" text`);
    await queryRunner.query(`ALTER TABLE "parent_links" ADD "sources" text`);
    await queryRunner.query(`ALTER TABLE "unions" ADD "sources" text`);
    await queryRunner.query(`ALTER TABLE "village_curators" ADD CONSTRAINT "FK_829f2c0d7d79edbee325766dbb7" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "village_curators" ADD CONSTRAINT "FK_cee3d940acc65adebec989ae666" FOREIGN KEY ("village_id") REFERENCES "villages"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "village_curators" DROP CONSTRAINT "FK_cee3d940acc65adebec989ae666"`);
    await queryRunner.query(`ALTER TABLE "village_curators" DROP CONSTRAINT "FK_829f2c0d7d79edbee325766dbb7"`);
    await queryRunner.query(`ALTER TABLE "unions" DROP COLUMN "sources"`);
    await queryRunner.query(`ALTER TABLE "parent_links" DROP COLUMN "sources"`);
    await queryRunner.query(`ALTER TABLE "families" DROP COLUMN "sources"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_4fa6a5a1cf9246876a44b0025b"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_cee3d940acc65adebec989ae66"`);
    await queryRunner.query(`DROP TABLE "village_curators"`);
  }
}
