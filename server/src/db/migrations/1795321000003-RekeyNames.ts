import type { MigrationInterface, QueryRunner } from "typeorm";
import { rekeyNames } from "../../modules/genealogy/names/rekey.js";

/**
 * Recomputes the stored name keys with the keys of this release (equivalent names across
 * languages — Joseph = Youssef = يوسف —, the French soft g for ج), so records written
 * earlier are found by the new spellings. Keys are derived data: nothing else changes.
 */
export class RekeyNames1795321000003 implements MigrationInterface {
  name = "RekeyNames1795321000003";

  async up(q: QueryRunner): Promise<void> {
    await rekeyNames(q);
  }

  async down(): Promise<void> {
    // Keys are derived data; the previous release reads these keys as well.
  }
}
