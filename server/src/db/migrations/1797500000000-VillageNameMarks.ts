import type { MigrationInterface, QueryRunner } from "typeorm";

/** placeName (villages/village.import.ts) in SQL: the gazetteer's backtick for ʿayn. */
const PLACE_NAME = (column: string) => `regexp_replace(regexp_replace(${column}, '(^|[[:space:]-])\`', '\\1', 'g'), '\`', '’', 'g')`;

/**
 * Gazetteer villages named with the source's backtick for ʿayn ("`Ayn Ahilah", "Al Mazra`ah") read
 * as the others are spelt ("Ayn Ahilah", "Al Mazra’ah"), as new imports now write them. Their
 * name keys do not change.
 */
export class VillageNameMarks1797500000000 implements MigrationInterface {
  name = "VillageNameMarks1797500000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `UPDATE villages SET name = ${PLACE_NAME("name")}, name_fr = ${PLACE_NAME("name_fr")},
              alternate_names = ARRAY(SELECT ${PLACE_NAME("a")} FROM unnest(alternate_names) AS a)
        WHERE source_ref LIKE 'wof:%' AND (name LIKE '%\`%' OR name_fr LIKE '%\`%' OR array_to_string(alternate_names, '|') LIKE '%\`%')`,
    );
  }

  async down(): Promise<void> {
    // The backtick was the source's notation, not data of ours: nothing to put back.
  }
}
