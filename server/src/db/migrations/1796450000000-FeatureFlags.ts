import type { MigrationInterface, QueryRunner } from "typeorm";

/** Feature flags stored in the database (an admin's choice per flag; no row means the production default). */
export class FeatureFlags1796450000000 implements MigrationInterface {
  name = "FeatureFlags1796450000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "feature_flags" ("key" text NOT NULL, "enabled" boolean NOT NULL, "updated_by" uuid, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_36d0344370584b4d6a953c53a69" PRIMARY KEY ("key"))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "feature_flags"`);
  }
}
