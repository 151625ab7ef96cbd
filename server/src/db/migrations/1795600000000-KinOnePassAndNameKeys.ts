import type { MigrationInterface, QueryRunner } from "typeorm";
import { KIN_EVIDENCE, kinTriggers, quote, refreshKin } from "./1795329191122-LivingUntil.js";
import { deferrableTrigger } from "./1795401000000-BulkKinRefresh.js";

/**
 * Two fixes found on the test suite's databases, where statistics lag behind the rows:
 *
 * The living-cache recompute joined each affected person to their relatives' evidence
 * (`a LEFT JOIN ev`). Planned for one affected person (stale statistics) with 3,000 real ones,
 * that join re-ran the whole evidence query per person: 26 s for one 3,000-person import. It now
 * takes the minimum over one list (the people themselves, and each piece of evidence) grouped by
 * person: linear whatever the plan.
 *
 * An import's duplicate check looked up each staged person by name key through the trigram
 * indexes and sorted every candidate: a name as common as "Elias Khoury" has thousands. Btree
 * indexes on (name key, birth date) let it read the few candidates born within five years, and
 * stop at the first that qualifies.
 */
export const refreshKinOnePass = (affected: string) => `
  WITH ${KIN_EVIDENCE(affected)},
  kin AS (
    SELECT id, CASE WHEN min(t)::date + 1 < coalesce(min(bound), 'infinity') THEN min(t)::date + 1 ELSE 'infinity' END AS v
      FROM (SELECT id, bound, NULL::timestamp AS t FROM a UNION ALL SELECT id, NULL::date, t FROM ev) x
     GROUP BY id)
  UPDATE people p SET kin_until = kin.v FROM kin WHERE p.id = kin.id AND p.kin_until IS DISTINCT FROM kin.v`;

const bulkRefresh = (refresh: (affected: string) => string) =>
  `CREATE OR REPLACE FUNCTION roots_refresh_kin(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $fn$ BEGIN EXECUTE ${quote(refresh("SELECT unnest($1::uuid[])"))} USING ids; END $fn$`;

export class KinOnePassAndNameKeys1795600000000 implements MigrationInterface {
  name = "KinOnePassAndNameKeys1795600000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const t of kinTriggers(refreshKinOnePass)) await queryRunner.query(deferrableTrigger(t.fn, t.body, true));
    await queryRunner.query(bulkRefresh(refreshKinOnePass));
    await queryRunner.query(`CREATE INDEX "IDX_people_key_latin_born" ON "people" ("key_latin", "birth_date_from") WHERE "key_latin" <> ''`);
    await queryRunner.query(`CREATE INDEX "IDX_people_key_arabic_born" ON "people" ("key_arabic", "birth_date_from") WHERE "key_arabic" <> ''`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_people_key_arabic_born"`);
    await queryRunner.query(`DROP INDEX "IDX_people_key_latin_born"`);
    await queryRunner.query(bulkRefresh(refreshKin));
    for (const t of kinTriggers(refreshKin)) await queryRunner.query(deferrableTrigger(t.fn, t.body, true));
  }
}
