import type { MigrationInterface, QueryRunner } from "typeorm";
import { LIVING } from "./1795321000000-RelativesLiving.js";

/**
 * The living-person rule (RelativesLiving) cached per person as a date, so every visibility
 * filter reads a column instead of re-deriving the rule over links and unions for each row.
 *
 * people.living_until is the first day on which the evidence proves the person dead; living
 * means `living_until > current_date`, which stays right as time passes (a flag would go
 * stale). It is a stored generated column: '-infinity' when the person's own record has a
 * death or burial, else the earlier of the day after their 110th birthday and kin_until.
 * people.kin_until is the same date from relatives' trusted records (the rules and the trust
 * test of RelativesLiving, read as anniversaries: "born more than 98 years ago" = today is
 * after the 98th anniversary of the latest possible date):
 *   child born or died + 98 years, grandchild born + 86, union started + 98,
 *   birth or adoptive parent died + 111, parent born + 210.
 *
 * kin_until is kept by statement-level triggers with transition tables, set-based whatever
 * the number of rows (one GEDCOM import commits 200,000 people in one statement): after links
 * or unions change, and after people's dates, provenance, creator or account change, they
 * recompute the people whose evidence changed (both ends of a link and the parent's parents;
 * both partners; for a person: themself, parents, grandparents, children). People get no
 * INSERT trigger: a new person has no links yet. People whose own record says dead are not
 * recomputed (their kin_until cannot matter) until that record changes; and kin_until keeps
 * relatives' evidence only when it comes before the person's own 110-year bound (with
 * consistent dates it never does once the birth is known — children are born at least 12
 * years later, no one is a parent past 100 — so an import seldom rewrites rows for it; a
 * changed birth recomputes the person). Dynamic SQL, so each statement is planned for its own
 * number of rows (a cached plan for one row would crawl through an import).
 *
 * roots_person_living_rule(id, at) is the rule from scratch at any date, for verification
 * only (tests, drift checks): `(living_until > at) = roots_person_living_rule(id, at)`.
 */

/** As LIVING_UNTIL in person.entity.ts when written (the generator compares the two). */
const LIVING_UNTIL = `least(CASE WHEN is_deceased OR death_date_text IS NOT NULL THEN '-infinity'::date ELSE (birth_date_to + interval '110 years')::date + 1 END, kin_until)`;
const TRUSTED = (t: string, a: string) => `(${t}.provenance = 'VERIFIED' OR ${t}.created_by IN (${a}.created_by, ${a}.user_id))`;
/** The day after the 110th anniversary of the latest possible birth (null without a birth). */
export const OWN_BIRTH_BOUND = (a: string) => `(${a}.birth_date_to + interval '110 years')::date + 1`;
export const DEAD_BY_OWN_RECORD = (a: string) => `(${a}.is_deceased OR ${a}.death_date_text IS NOT NULL)`;

/**
 * Recomputes kin_until for the people `affected` (SQL yielding ids, may repeat), one statement.
 * `a` carries each person's own columns once (trust is judged against their creator and
 * account), so the evidence branches look up no person twice.
 */
export const refreshKin = (affected: string) => `
  WITH a AS MATERIALIZED (
    SELECT DISTINCT p.id, p.created_by, p.user_id, ${OWN_BIRTH_BOUND("p")} AS bound
      FROM (${affected}) x(id) JOIN people p ON p.id = x.id WHERE NOT ${DEAD_BY_OWN_RECORD("p")}),
  ev(id, t) AS (
    SELECT a.id, least(c.birth_date_to, c.death_date_to) + interval '98 years'
      FROM a JOIN parent_links pl ON pl.parent_id = a.id JOIN people c ON c.id = pl.child_id
     WHERE ${TRUSTED("c", "a")} AND ${TRUSTED("pl", "a")} AND least(c.birth_date_to, c.death_date_to) IS NOT NULL
    UNION ALL
    SELECT a.id, g.birth_date_to + interval '86 years'
      FROM a JOIN parent_links pl ON pl.parent_id = a.id JOIN parent_links pl2 ON pl2.parent_id = pl.child_id JOIN people g ON g.id = pl2.child_id
     WHERE ${TRUSTED("pl", "a")} AND ${TRUSTED("pl2", "a")} AND ${TRUSTED("g", "a")} AND g.birth_date_to IS NOT NULL
    UNION ALL
    SELECT a.id, u.start_date_to + interval '98 years'
      FROM a JOIN unions u ON u.partner1_id = a.id
     WHERE ${TRUSTED("u", "a")} AND u.start_date_to IS NOT NULL
    UNION ALL
    SELECT a.id, u.start_date_to + interval '98 years'
      FROM a JOIN unions u ON u.partner2_id = a.id
     WHERE ${TRUSTED("u", "a")} AND u.start_date_to IS NOT NULL
    UNION ALL
    SELECT a.id, least(CASE WHEN pl.kind IN ('birth', 'adoptive') THEN par.death_date_to + interval '111 years' END, par.birth_date_to + interval '210 years')
      FROM a JOIN parent_links pl ON pl.child_id = a.id JOIN people par ON par.id = pl.parent_id
     WHERE ${TRUSTED("par", "a")} AND ${TRUSTED("pl", "a")}),
  kin AS (
    SELECT a.id, CASE WHEN min(ev.t)::date + 1 < coalesce(a.bound, 'infinity') THEN min(ev.t)::date + 1 ELSE 'infinity' END AS v
      FROM a LEFT JOIN ev ON ev.id = a.id GROUP BY a.id, a.bound)
  UPDATE people p SET kin_until = kin.v FROM kin WHERE p.id = kin.id AND p.kin_until IS DISTINCT FROM kin.v`;

/** Both ends of the links in `t`, and the parents of each parent (whose grandchildren changed). */
const LINK_ENDS = (t: string) => `
  SELECT parent_id FROM ${t} UNION ALL SELECT child_id FROM ${t}
  UNION ALL SELECT pl.parent_id FROM parent_links pl JOIN ${t} ON pl.child_id = ${t}.parent_id`;
const PARTNERS = (t: string) => `SELECT partner1_id FROM ${t} UNION ALL SELECT partner2_id FROM ${t}`;
/**
 * Ids whose columns read by the rule differ between the transition tables (EXCEPT, not a join:
 * the planner takes transition tables for one row, and a nested-loop join over an import's
 * 200,000 rows would be quadratic).
 */
const RULE_COLUMNS = (t: string) => `${t}.id, ${t}.birth_date_to, ${t}.death_date_to, ${t}.provenance, ${t}.created_by, ${t}.user_id, ${t}.is_deceased, ${t}.death_date_text`;
const PEOPLE_CHANGED = `SELECT ${RULE_COLUMNS("n")} FROM new_people n EXCEPT ALL SELECT ${RULE_COLUMNS("o")} FROM old_people o`;
/** People whose columns read by the rule changed in an UPDATE of people: themself, parents, grandparents, children. */
const CHANGED_PEOPLE = `
  WITH changed AS (SELECT DISTINCT id FROM (${PEOPLE_CHANGED}) d),
  parents AS (SELECT pl.parent_id AS id FROM parent_links pl JOIN changed ON pl.child_id = changed.id)
  SELECT id FROM changed UNION ALL SELECT id FROM parents
  UNION ALL SELECT pl.parent_id FROM parent_links pl JOIN parents ON pl.child_id = parents.id
  UNION ALL SELECT pl.child_id FROM parent_links pl JOIN changed ON pl.parent_id = changed.id`;

export const quote = (sql: string) => `'${sql.replace(/'/g, "''")}'`;
const triggerFunction = (name: string, body: string) =>
  `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $fn$ BEGIN ${body} RETURN NULL; END $fn$`;

/** The living-cache triggers, recomputing with `refresh` (a later migration replaced the statement). */
export const kinTriggers = (refresh: (affected: string) => string): { fn: string; body: string; on: string; event: string; referencing: string }[] => [
  { fn: "roots_kin_links_inserted", on: "parent_links", event: "INSERT", referencing: "NEW TABLE AS new_links", body: `EXECUTE ${quote(refresh(LINK_ENDS("new_links")))};` },
  { fn: "roots_kin_links_deleted", on: "parent_links", event: "DELETE", referencing: "OLD TABLE AS old_links", body: `EXECUTE ${quote(refresh(LINK_ENDS("old_links")))};` },
  {
    fn: "roots_kin_links_updated", on: "parent_links", event: "UPDATE", referencing: "OLD TABLE AS old_links NEW TABLE AS new_links",
    body: `EXECUTE ${quote(refresh(`${LINK_ENDS("old_links")} UNION ALL ${LINK_ENDS("new_links")}`))};`,
  },
  { fn: "roots_kin_unions_inserted", on: "unions", event: "INSERT", referencing: "NEW TABLE AS new_unions", body: `EXECUTE ${quote(refresh(PARTNERS("new_unions")))};` },
  { fn: "roots_kin_unions_deleted", on: "unions", event: "DELETE", referencing: "OLD TABLE AS old_unions", body: `EXECUTE ${quote(refresh(PARTNERS("old_unions")))};` },
  {
    fn: "roots_kin_unions_updated", on: "unions", event: "UPDATE", referencing: "OLD TABLE AS old_unions NEW TABLE AS new_unions",
    body: `EXECUTE ${quote(refresh(`${PARTNERS("old_unions")} UNION ALL ${PARTNERS("new_unions")}`))};`,
  },
  {
    // Most updates of people touch nothing the rule reads (names, keys, kin_until itself):
    // a cheap check first.
    fn: "roots_kin_people_updated", on: "people", event: "UPDATE", referencing: "OLD TABLE AS old_people NEW TABLE AS new_people",
    body: `DECLARE changed boolean; BEGIN
           EXECUTE ${quote(`SELECT EXISTS (${PEOPLE_CHANGED})`)} INTO changed;
           IF changed THEN EXECUTE ${quote(refresh(CHANGED_PEOPLE))}; END IF; END;`,
  },
];
export const TRIGGERS = kinTriggers(refreshKin);

/** The rule from scratch at `at` (true = living): for verification only, never in queries. */
const RULE = `CREATE FUNCTION roots_person_living_rule(pid uuid, at date) RETURNS boolean LANGUAGE sql STABLE AS $fn$
  SELECT NOT (
    ${DEAD_BY_OWN_RECORD("p")}
    OR (p.birth_date_to IS NOT NULL AND at > p.birth_date_to + interval '110 years')
    OR EXISTS (SELECT 1 FROM parent_links pl JOIN people c ON c.id = pl.child_id
                WHERE pl.parent_id = p.id AND ${TRUSTED("c", "p")} AND ${TRUSTED("pl", "p")}
                  AND (at > c.birth_date_to + interval '98 years' OR at > c.death_date_to + interval '98 years'))
    OR EXISTS (SELECT 1 FROM parent_links pl JOIN parent_links pl2 ON pl2.parent_id = pl.child_id JOIN people g ON g.id = pl2.child_id
                WHERE pl.parent_id = p.id AND ${TRUSTED("pl", "p")} AND ${TRUSTED("pl2", "p")} AND ${TRUSTED("g", "p")}
                  AND at > g.birth_date_to + interval '86 years')
    OR EXISTS (SELECT 1 FROM unions u
                WHERE p.id IN (u.partner1_id, u.partner2_id) AND ${TRUSTED("u", "p")}
                  AND at > u.start_date_to + interval '98 years')
    OR EXISTS (SELECT 1 FROM parent_links pl JOIN people par ON par.id = pl.parent_id
                WHERE pl.child_id = p.id AND ${TRUSTED("par", "p")} AND ${TRUSTED("pl", "p")}
                  AND ((pl.kind IN ('birth', 'adoptive') AND at > par.death_date_to + interval '111 years')
                    OR at > par.birth_date_to + interval '210 years')))
  FROM people p WHERE p.id = pid
$fn$`;

const LIVING_FROM_COLUMN = `CREATE OR REPLACE FUNCTION roots_person_living(pid uuid) RETURNS boolean LANGUAGE sql STABLE AS $fn$
  SELECT living_until > current_date FROM people WHERE id = pid
$fn$`;

export class LivingUntil1795329191122 implements MigrationInterface {
  name = "LivingUntil1795329191122";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "people" ADD "kin_until" date NOT NULL DEFAULT 'infinity'`);
    // Backfill before the generated column exists, so the table is rewritten once.
    await queryRunner.query(refreshKin(`SELECT id FROM people`));
    await queryRunner.query(`ALTER TABLE "people" ADD "living_until" date GENERATED ALWAYS AS (${LIVING_UNTIL}) STORED NOT NULL`);
    await queryRunner.query(
      `INSERT INTO "typeorm_metadata"("database", "schema", "table", "type", "name", "value") VALUES (current_database(), 'public', 'people', 'GENERATED_COLUMN', 'living_until', $1)`,
      [LIVING_UNTIL],
    );
    for (const t of TRIGGERS) {
      await queryRunner.query(triggerFunction(t.fn, t.body));
      await queryRunner.query(`CREATE TRIGGER ${t.fn} AFTER ${t.event} ON ${t.on} REFERENCING ${t.referencing} FOR EACH STATEMENT EXECUTE FUNCTION ${t.fn}()`);
    }
    await queryRunner.query(RULE);
    await queryRunner.query(LIVING_FROM_COLUMN);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(LIVING);
    await queryRunner.query(`DROP FUNCTION roots_person_living_rule(uuid, date)`);
    for (const t of [...TRIGGERS].reverse()) {
      await queryRunner.query(`DROP TRIGGER ${t.fn} ON ${t.on}`);
      await queryRunner.query(`DROP FUNCTION ${t.fn}()`);
    }
    await queryRunner.query(`DELETE FROM "typeorm_metadata" WHERE "type" = 'GENERATED_COLUMN' AND "table" = 'people' AND "name" = 'living_until'`);
    await queryRunner.query(`ALTER TABLE "people" DROP COLUMN "living_until"`);
    await queryRunner.query(`ALTER TABLE "people" DROP COLUMN "kin_until"`);
  }
}
