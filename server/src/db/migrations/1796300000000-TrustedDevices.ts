import type { MigrationInterface, QueryRunner } from "typeorm";

/** Devices members signed in from (OWASP device cookies): wrong passwords typed elsewhere never lock them out there. */
export class TrustedDevices1796300000000 implements MigrationInterface {
  name = "TrustedDevices1796300000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "trusted_devices" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "token_hash" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "last_used_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_bc545fd72c357ff2edc8bbc7deb" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_d80738022e4cedca17a9fc2598" ON "trusted_devices"  ("user_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_becdb4b845b2a863b536066da3" ON "trusted_devices"  ("token_hash") `);
    await queryRunner.query(`ALTER TABLE "trusted_devices" ADD CONSTRAINT "FK_d80738022e4cedca17a9fc25982" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "trusted_devices" DROP CONSTRAINT "FK_d80738022e4cedca17a9fc25982"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_becdb4b845b2a863b536066da3"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_d80738022e4cedca17a9fc2598"`);
    await queryRunner.query(`DROP TABLE "trusted_devices"`);
  }
}
