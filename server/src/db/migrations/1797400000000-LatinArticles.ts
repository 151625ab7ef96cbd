import type { MigrationInterface, QueryRunner } from "typeorm";
import { rekeyNames } from "../../modules/genealogy/names/rekey.js";

/**
 * The Latin key and the skeleton now share one list of Latin articles: the Latin key also drops
 * "ul" and "esh" before a name ("Abd ul Karim" is keyed as "Abd el Karim" already was). Stored
 * name keys are recomputed.
 */
export class LatinArticles1797400000000 implements MigrationInterface {
  name = "LatinArticles1797400000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await rekeyNames(queryRunner);
  }

  async down(): Promise<void> {
    // Nothing in the schema to undo. Keys are derived data: after going back, the names with "ul"
    // or "esh" before a word keep the shorter Latin key until they are next saved.
  }
}
