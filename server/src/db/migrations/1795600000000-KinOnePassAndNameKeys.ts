import type { MigrationInterface, QueryRunner } from "typeorm";
import { DEAD_BY_OWN_RECORD, kinTriggers, OWN_BIRTH_BOUND, quote, refreshKin } from "./1795329191122-LivingUntil.js";
import { deferrableTrigger } from "./1795401000000-BulkKinRefresh.js";

/**
 * Two fixes found on the test suite's databases, where statistics lag behind the rows (the
 * machine's PostgreSQL runs without autovacuum; a production one analyzes after bulk loads,
 * but not within the importing transaction):
 *
 * The living-cache recompute (LivingUntil) could be planned quadratically in two ways when the
 * planner expected a few affected people and there were thousands:
 * - it joined each person to the evidence query (`a LEFT JOIN ev`) and re-ran the whole
 *   evidence per person (26 s for one 3,000-person import);
 * - the trust test of a relative names the affected person (`g.created_by IN (a.created_by,
 *   a.user_id)`), a join clause between them: the planner could join the affected people to
 *   every person first and follow the links after (a 200,000-person import ran for minutes).
 * Now each piece of evidence is found by the links alone, behind an optimization fence
 * (OFFSET 0), and trust is tested on the rows found; the minimum is then taken over one list
 * (the people and their evidence) grouped by person. Linear whatever the plan.
 *
 * An import's duplicate check looked up each staged person by name key through the trigram
 * indexes and sorted every candidate: a name as common as "Elias Khoury" has thousands. Btree
 * indexes on (name key, birth date) let it read the few candidates born within five years, and
 * stop at the first that qualifies.
 */
const TRUSTED = (t: string) => `(${t}_provenance = 'VERIFIED' OR ${t}_created_by IN (a_created_by, a_user_id))`;
const TRUST_COLUMNS = (t: string) => `${t}.provenance AS ${t}_provenance, ${t}.created_by AS ${t}_created_by`;
/** Evidence of `a` through `joins` (equality joins only, behind a fence), kept when its rows are trusted. */
const evidence = (value: string, columns: string, joins: string, trusted: string[], where = "true") => `
    SELECT id, ${value} FROM (
      SELECT a.id, a.created_by AS a_created_by, a.user_id AS a_user_id, ${columns} FROM a ${joins} OFFSET 0) x
     WHERE ${trusted.map(TRUSTED).join(" AND ")} AND ${where}`;

export const refreshKinOnePass = (affected: string) => `
  WITH a AS MATERIALIZED (
    SELECT DISTINCT p.id, p.created_by, p.user_id, ${OWN_BIRTH_BOUND("p")} AS bound
      FROM (${affected}) x(id) JOIN people p ON p.id = x.id WHERE NOT ${DEAD_BY_OWN_RECORD("p")}),
  ev(id, t) AS (${[
    evidence("least(c_birth, c_death) + interval '98 years'", `${TRUST_COLUMNS("pl")}, ${TRUST_COLUMNS("c")}, c.birth_date_to AS c_birth, c.death_date_to AS c_death`,
      "JOIN parent_links pl ON pl.parent_id = a.id JOIN people c ON c.id = pl.child_id", ["c", "pl"], "least(c_birth, c_death) IS NOT NULL"),
    evidence("g_birth + interval '86 years'", `${TRUST_COLUMNS("pl")}, ${TRUST_COLUMNS("pl2")}, ${TRUST_COLUMNS("g")}, g.birth_date_to AS g_birth`,
      "JOIN parent_links pl ON pl.parent_id = a.id JOIN parent_links pl2 ON pl2.parent_id = pl.child_id JOIN people g ON g.id = pl2.child_id", ["pl", "pl2", "g"], "g_birth IS NOT NULL"),
    evidence("u_start + interval '98 years'", `${TRUST_COLUMNS("u")}, u.start_date_to AS u_start`, "JOIN unions u ON u.partner1_id = a.id", ["u"], "u_start IS NOT NULL"),
    evidence("u_start + interval '98 years'", `${TRUST_COLUMNS("u")}, u.start_date_to AS u_start`, "JOIN unions u ON u.partner2_id = a.id", ["u"], "u_start IS NOT NULL"),
    evidence("least(CASE WHEN pl_kind IN ('birth', 'adoptive') THEN par_death + interval '111 years' END, par_birth + interval '210 years')",
      `${TRUST_COLUMNS("pl")}, ${TRUST_COLUMNS("par")}, pl.kind AS pl_kind, par.birth_date_to AS par_birth, par.death_date_to AS par_death`,
      "JOIN parent_links pl ON pl.child_id = a.id JOIN people par ON par.id = pl.parent_id", ["par", "pl"]),
  ].join("\n    UNION ALL")}),
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
