import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * A warning about a person (an unreadable date, a village not found, a relative's row not
 * found…) names that person, as the file gave them ([latin, arabic]): the review and the error
 * report showed only a line number, and a line number alone is hard to find in a spreadsheet.
 */
export class WarningRecord1796000000000 implements MigrationInterface {
  name = "WarningRecord1796000000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "import_warnings" ADD "record" text array`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "import_warnings" DROP COLUMN "record"`);
  }
}
