import type { MigrationInterface, QueryRunner } from "typeorm";

/** A member's choice of digits on Arabic pages (latn: 0123, the default; arab: ٠١٢٣), kept with their language. */
export class UserDigits1797900000000 implements MigrationInterface {
  name = "UserDigits1797900000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" ADD "digits" text NOT NULL DEFAULT 'latn'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "digits"`);
  }
}
