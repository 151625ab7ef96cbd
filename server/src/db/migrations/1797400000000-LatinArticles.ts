import type { MigrationInterface, QueryRunner } from "typeorm";
import { rekeyNames } from "../../modules/genealogy/names/rekey.js";

/**
 * The Latin key and the skeleton now share one list of Latin articles: the Latin key also drops
 * "ul" and "esh" before a name ("Abd ul Karim" is keyed as "Abd el Karim" already was). The Arabic
 * key folds heh as Persian and Urdu write it ("زحلہ" is "زحله"). Stored name keys are recomputed.
 */
export class LatinArticles1797400000000 implements MigrationInterface {
  name = "LatinArticles1797400000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await rekeyNames(queryRunner);
  }

  async down(): Promise<void> {
    // Nothing in the schema to undo. Keys are derived data: after going back, the names these
    // rules touch keep their new keys until they are next saved.
  }
}
