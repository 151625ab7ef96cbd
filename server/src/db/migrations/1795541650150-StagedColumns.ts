import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Staged people carry their `people` columns typed, and links and unions their two ends (file
 * keys), instead of inside the JSON `data`: the review and the commit of a large file read them
 * without decoding JSON (jsonb_populate_record alone took over a second for 200,000 people).
 * Staged rows are work in progress of imports: nothing to move.
 */
export class StagedColumns1795541650150 implements MigrationInterface {
  name = "StagedColumns1795541650150";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "import_staged" ADD "from_key" text`);
    await queryRunner.query(`ALTER TABLE "import_staged" ADD "to_key" text`);
    await queryRunner.query(`ALTER TABLE "import_staged" ADD "full_name" text`);
    await queryRunner.query(`ALTER TABLE "import_staged" ADD "full_name_ar" text`);
    await queryRunner.query(`ALTER TABLE "import_staged" ADD "given_name" text`);
    await queryRunner.query(`ALTER TABLE "import_staged" ADD "father_name" text`);
    await queryRunner.query(`ALTER TABLE "import_staged" ADD "grandfather_name" text`);
    await queryRunner.query(`ALTER TABLE "import_staged" ADD "mother_name" text`);
    await queryRunner.query(`ALTER TABLE "import_staged" ADD "gender" character(1)`);
    await queryRunner.query(`ALTER TABLE "import_staged" ADD "birth_date_text" text`);
    await queryRunner.query(`ALTER TABLE "import_staged" ADD "birth_date_qualifier" text`);
    await queryRunner.query(`ALTER TABLE "import_staged" ADD "birth_date_from" date`);
    await queryRunner.query(`ALTER TABLE "import_staged" ADD "birth_date_to" date`);
    await queryRunner.query(`ALTER TABLE "import_staged" ADD "birth_place" text`);
    await queryRunner.query(`ALTER TABLE "import_staged" ADD "death_date_text" text`);
    await queryRunner.query(`ALTER TABLE "import_staged" ADD "death_date_qualifier" text`);
    await queryRunner.query(`ALTER TABLE "import_staged" ADD "death_date_from" date`);
    await queryRunner.query(`ALTER TABLE "import_staged" ADD "death_date_to" date`);
    await queryRunner.query(`ALTER TABLE "import_staged" ADD "death_place" text`);
    await queryRunner.query(`ALTER TABLE "import_staged" ADD "is_deceased" boolean`);
    await queryRunner.query(`ALTER TABLE "import_staged" ADD "occupation" text`);
    await queryRunner.query(`ALTER TABLE "import_staged" ADD "bio" text`);
    await queryRunner.query(`ALTER TABLE "import_staged" ADD "current_location" text`);
    await queryRunner.query(`ALTER TABLE "import_staged" ADD "current_country" text`);
    await queryRunner.query(`ALTER TABLE "import_staged" ADD "registration_number" text`);
    await queryRunner.query(`ALTER TABLE "import_staged" ADD "sources" text`);
    await queryRunner.query(`ALTER TABLE "import_staged" ADD "name_variants" text array`);
    await queryRunner.query(`ALTER TABLE "import_staged" ADD "village_id" uuid`);
    await queryRunner.query(`ALTER TABLE "import_staged" ADD "key_latin" text`);
    await queryRunner.query(`ALTER TABLE "import_staged" ADD "key_arabic" text`);
    await queryRunner.query(`ALTER TABLE "import_staged" ADD "key_skeleton" text`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "import_staged" DROP COLUMN "key_skeleton"`);
    await queryRunner.query(`ALTER TABLE "import_staged" DROP COLUMN "key_arabic"`);
    await queryRunner.query(`ALTER TABLE "import_staged" DROP COLUMN "key_latin"`);
    await queryRunner.query(`ALTER TABLE "import_staged" DROP COLUMN "village_id"`);
    await queryRunner.query(`ALTER TABLE "import_staged" DROP COLUMN "name_variants"`);
    await queryRunner.query(`ALTER TABLE "import_staged" DROP COLUMN "sources"`);
    await queryRunner.query(`ALTER TABLE "import_staged" DROP COLUMN "registration_number"`);
    await queryRunner.query(`ALTER TABLE "import_staged" DROP COLUMN "current_country"`);
    await queryRunner.query(`ALTER TABLE "import_staged" DROP COLUMN "current_location"`);
    await queryRunner.query(`ALTER TABLE "import_staged" DROP COLUMN "bio"`);
    await queryRunner.query(`ALTER TABLE "import_staged" DROP COLUMN "occupation"`);
    await queryRunner.query(`ALTER TABLE "import_staged" DROP COLUMN "is_deceased"`);
    await queryRunner.query(`ALTER TABLE "import_staged" DROP COLUMN "death_place"`);
    await queryRunner.query(`ALTER TABLE "import_staged" DROP COLUMN "death_date_to"`);
    await queryRunner.query(`ALTER TABLE "import_staged" DROP COLUMN "death_date_from"`);
    await queryRunner.query(`ALTER TABLE "import_staged" DROP COLUMN "death_date_qualifier"`);
    await queryRunner.query(`ALTER TABLE "import_staged" DROP COLUMN "death_date_text"`);
    await queryRunner.query(`ALTER TABLE "import_staged" DROP COLUMN "birth_place"`);
    await queryRunner.query(`ALTER TABLE "import_staged" DROP COLUMN "birth_date_to"`);
    await queryRunner.query(`ALTER TABLE "import_staged" DROP COLUMN "birth_date_from"`);
    await queryRunner.query(`ALTER TABLE "import_staged" DROP COLUMN "birth_date_qualifier"`);
    await queryRunner.query(`ALTER TABLE "import_staged" DROP COLUMN "birth_date_text"`);
    await queryRunner.query(`ALTER TABLE "import_staged" DROP COLUMN "gender"`);
    await queryRunner.query(`ALTER TABLE "import_staged" DROP COLUMN "mother_name"`);
    await queryRunner.query(`ALTER TABLE "import_staged" DROP COLUMN "grandfather_name"`);
    await queryRunner.query(`ALTER TABLE "import_staged" DROP COLUMN "father_name"`);
    await queryRunner.query(`ALTER TABLE "import_staged" DROP COLUMN "given_name"`);
    await queryRunner.query(`ALTER TABLE "import_staged" DROP COLUMN "full_name_ar"`);
    await queryRunner.query(`ALTER TABLE "import_staged" DROP COLUMN "full_name"`);
    await queryRunner.query(`ALTER TABLE "import_staged" DROP COLUMN "to_key"`);
    await queryRunner.query(`ALTER TABLE "import_staged" DROP COLUMN "from_key"`);
  }
}
