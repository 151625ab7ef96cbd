import type { MigrationInterface, QueryRunner } from "typeorm";
import { rekeyNames } from "../../modules/genealogy/names/rekey.js";

/**
 * The curated list of equivalent given names (filled from seed-data/names/equivalents.csv on
 * start), and the name keys recomputed: Latin-American spellings and fused articles are
 * stored as extra readings, while equivalents are no longer folded into stored keys (a
 * search expands to them, so a curator's change applies at once).
 */
export class NameEquivalents1797100000000 implements MigrationInterface {
  name = "NameEquivalents1797100000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "name_equivalents" ("id" uuid NOT NULL, "key" text NOT NULL, "names" text array NOT NULL DEFAULT '{}', "source" text, "reviewed_by" uuid, "reviewed_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_32866311e572fcc3a650c360abd" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_607c5f6b38879c78e7ca9c46dc" ON "name_equivalents"  ("key") `);
    await rekeyNames(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_607c5f6b38879c78e7ca9c46dc"`);
    await queryRunner.query(`DROP TABLE "name_equivalents"`);
  }
}
