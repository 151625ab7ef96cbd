import type { MigrationInterface, QueryRunner } from "typeorm";

/** Trusted relative: a verified record, or one written by the person's own creator or the person. */
const TRUSTED = (alias: string) => `(${alias}.provenance = 'VERIFIED' OR ${alias}.created_by IN (p.created_by, p.user_id))`;

/**
 * "Living" also looks at relatives' dates (conservative rules in the spirit of Gramps'
 * ProbablyAlive: at most 110 years of life, parents at least 12 years older than their
 * children — both enforced on links and unions). Someone is dead when:
 * - their own record says so, or they were born more than 110 years ago (as before);
 * - a child was born, or died, more than 98 years ago (they were born ≥ 12 years earlier);
 * - a grandchild was born more than 86 years ago (≥ 24 years earlier);
 * - they married more than 98 years ago (both partners are ≥ 12 at a union);
 * - a birth or adoptive parent died more than 111 years ago (a child is born at most
 *   about nine months after a father's death, an adoptee before the adoption);
 * - a parent was born more than 210 years ago (no one becomes a parent after 100).
 * Only trusted relatives and links count, so nobody can make a living stranger "dead"
 * (and so visible) by attaching an old record to them. Siblings' and spouses' births
 * are not used: their age gaps are unbounded.
 */
export const LIVING = `CREATE OR REPLACE FUNCTION roots_person_living(pid uuid) RETURNS boolean LANGUAGE sql STABLE AS $fn$
  SELECT NOT (
    p.is_deceased OR p.death_date_text IS NOT NULL
    OR (p.birth_date_to IS NOT NULL AND p.birth_date_to < current_date - interval '110 years')
    OR EXISTS (SELECT 1 FROM parent_links pl JOIN people c ON c.id = pl.child_id
                WHERE pl.parent_id = p.id AND ${TRUSTED("c")} AND ${TRUSTED("pl")}
                  AND (c.birth_date_to < current_date - interval '98 years' OR c.death_date_to < current_date - interval '98 years'))
    OR EXISTS (SELECT 1 FROM parent_links pl JOIN parent_links pl2 ON pl2.parent_id = pl.child_id JOIN people g ON g.id = pl2.child_id
                WHERE pl.parent_id = p.id AND ${TRUSTED("pl")} AND ${TRUSTED("pl2")} AND ${TRUSTED("g")}
                  AND g.birth_date_to < current_date - interval '86 years')
    OR EXISTS (SELECT 1 FROM unions u
                WHERE p.id IN (u.partner1_id, u.partner2_id) AND ${TRUSTED("u")}
                  AND u.start_date_to < current_date - interval '98 years')
    OR EXISTS (SELECT 1 FROM parent_links pl JOIN people par ON par.id = pl.parent_id
                WHERE pl.child_id = p.id AND ${TRUSTED("par")} AND ${TRUSTED("pl")}
                  AND ((pl.kind IN ('birth', 'adoptive') AND par.death_date_to < current_date - interval '111 years')
                    OR par.birth_date_to < current_date - interval '210 years')))
  FROM people p WHERE p.id = pid
$fn$`;

const PREVIOUS = `CREATE OR REPLACE FUNCTION roots_person_living(pid uuid) RETURNS boolean LANGUAGE sql STABLE AS $fn$
  SELECT NOT (
    p.is_deceased OR p.death_date_text IS NOT NULL
    OR (p.birth_date_to IS NOT NULL AND p.birth_date_to < current_date - interval '110 years')
    OR EXISTS (SELECT 1 FROM parent_links pl JOIN people c ON c.id = pl.child_id
                WHERE pl.parent_id = p.id AND c.birth_date_to IS NOT NULL AND c.birth_date_to < current_date - interval '98 years'
                  AND (c.provenance = 'VERIFIED' OR c.created_by IN (p.created_by, p.user_id))
                  AND (pl.provenance = 'VERIFIED' OR pl.created_by IN (p.created_by, p.user_id))))
  FROM people p WHERE p.id = pid
$fn$`;

export class RelativesLiving1795321000000 implements MigrationInterface {
  name = "RelativesLiving1795321000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(LIVING);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(PREVIOUS);
  }
}
