import type { Queryable } from "./phases.js";

/**
 * A narrow copy of a job's staged people for the transaction (temp table `staged_people`):
 * file key, target id, whether the record has no error, its action, birth years and pedigrees.
 * The link and union checks and writes join it rather than the staged rows, which carry whole
 * records: hashing 200,000 of those took ~300 MB and seconds per join.
 */
export async function stagePeopleKeys(tx: Queryable, jobId: string): Promise<void> {
  await tx.query(
    `/* people keys */ CREATE TEMP TABLE staged_people (local_key text NOT NULL, target_id uuid, ok boolean NOT NULL, action text NOT NULL,
       born_from int, born_to int, pedigrees jsonb) ON COMMIT DROP`,
  );
  await tx.query(
    `/* people keys */ INSERT INTO staged_people
     SELECT local_key, target_id, error_keys = '{}', action,
            extract(year FROM birth_date_from), extract(year FROM birth_date_to),
            data->'pedigrees'
       FROM import_staged WHERE job_id = $1 AND kind = 'person' AND local_key IS NOT NULL`,
    [jobId],
  );
  await tx.query(`/* people keys */ ANALYZE staged_people`);
}
