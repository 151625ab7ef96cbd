import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Whole-word name search: a GIN index over the words of the name keys (normalised Latin,
 * normalised Arabic, skeletons and equivalent-name keys), so "all the words of the search
 * are among the record's words" is an exact, cheap index match; the trigram indexes stay
 * for partial words and typos. The expression must match NAME_TOKENS in name-search.ts.
 */
export class NameSearchTokens1795321000002 implements MigrationInterface {
  name = "NameSearchTokens1795321000002";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "IDX_people_name_tokens" ON "people" USING gin (string_to_array(key_latin || ' ' || key_arabic || ' ' || key_skeleton, ' '))`);
    await queryRunner.query(`CREATE INDEX "IDX_villages_name_tokens" ON "villages" USING gin (string_to_array(key_latin || ' ' || key_arabic || ' ' || key_skeleton, ' '))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_villages_name_tokens"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_people_name_tokens"`);
  }
}
