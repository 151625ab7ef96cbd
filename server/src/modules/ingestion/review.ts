import type { EntityManager } from "typeorm";
import type { ImportCounts, ImportJob } from "./import-job.entity.js";
import { normalizeArabic, normalizeLatin } from "../genealogy/index.js";
import { MIN_PARENT_GAP_YEARS } from "../genealogy/index.js";
import { timed, timedQueries, type PhaseTimes, type Queryable } from "./phases.js";
import { stagePeopleKeys } from "./staged-people.js";
import { fileIdentity, sameFileSql } from "./importer.js";
import { LinkGraph } from "./link-graph.js";

/** Runs work in a transaction of its own (with the import's batch settings). */
export type InTransaction = <T>(work: (tx: EntityManager) => Promise<T>) => Promise<T>;

/**
 * After a file is staged: applies the tree's rules to the staged links (12-year gap, at most
 * two birth parents, no cycles), finds records already imported by this member (re-import →
 * update) and likely duplicates of people already in Roots, and counts what the commit will do.
 * The link rules (on link and union rows) and the matching of people (on person rows) touch
 * different rows: they run at the same time, on two connections. A failure fails the job,
 * whose retry reads the file again.
 */
export async function finishStaging(
  transaction: InTransaction,
  job: ImportJob,
  times?: PhaseTimes,
  linksAcyclic?: () => boolean,
): Promise<Partial<ImportCounts>> {
  // Thousands of rows were just written: fresh statistics let the planner use the indexes
  // on (job, local key) instead of nested scans (seconds → milliseconds on 3,000 people).
  // Their own transaction: kept even when a check fails.
  await transaction(async (tx) => {
    const ds = timedQueries(tx, times, "review");
    await ds.query(`/* statistics */ ANALYZE import_staged`);
    await ds.query(`/* statistics */ ANALYZE external_ids`);
  });
  const results = await Promise.allSettled([
    transaction((tx) => checkLinks(tx, job, times, linksAcyclic)),
    transaction((tx) => matchPeople(tx, job, times)),
  ]);
  for (const r of results) if (r.status === "rejected") throw r.reason;
  return transaction((tx) => countStaged(timedQueries(tx, times, "review"), job.id));
}

/**
 * The tree's rules on staged links and unions, in this order (a record refused by one is not
 * counted by the next): a child's pedigree (adopted, foster…), the 12-year gap, at most two birth
 * parents, both ends imported, and no cycles.
 */
async function checkLinks(tx: EntityManager, job: ImportJob, times?: PhaseTimes, linksAcyclic?: () => boolean): Promise<void> {
  const ds = timedQueries(tx, times, "review");
  await stagePeopleKeys(ds, job.id);
  // One pass over the links for every rule but cycles (a pass per rule took twice as long). A
  // child's record may say how it belongs to a family (GEDCOM FAMC.PEDI). Only the records a
  // rule refuses or whose kind changes come back. A child's birth parents are counted once each
  // (a family may list a child twice), among links with both ends imported (a parent missing
  // from the file takes no one's place); a third is looked for only among children who have
  // one. Only people without errors are joined: a spreadsheet row refused as a repeated id has
  // the same key as the row it repeats.
  const found: { seq: number; pedigree: string | null; error: string | null }[] = await ds.query(
    `/* link rules */ WITH x AS MATERIALIZED (
       SELECT l.seq, l.from_key, l.to_key, ch.pedigrees->>(l.data->>'fam') AS pedigree,
              l.kind = 'link' AND coalesce(ch.born_to - pa.born_from < $2, false) AS too_young,
              l.kind = 'link' AND coalesce(ch.pedigrees->>(l.data->>'fam'), l.data->>'kind', 'birth') = 'birth' AS birth,
              pa.local_key IS NOT NULL AND ch.local_key IS NOT NULL AS ends
         FROM import_staged l
         LEFT JOIN staged_people pa ON pa.local_key = l.from_key AND pa.ok
         LEFT JOIN staged_people ch ON ch.local_key = l.to_key AND ch.ok
        WHERE l.job_id = $1 AND l.kind IN ('link', 'union') AND l.error_keys = '{}'),
     counted AS (SELECT * FROM x WHERE birth AND NOT too_young AND ends),
     third AS (
       SELECT c.seq FROM counted c JOIN (
         SELECT to_key, from_key FROM (
           SELECT to_key, from_key, row_number() OVER (PARTITION BY to_key ORDER BY min(seq)) AS n FROM counted
            WHERE to_key IN (SELECT to_key FROM counted GROUP BY to_key HAVING count(DISTINCT from_key) > 2)
            GROUP BY to_key, from_key) p
          WHERE n > 2) extra ON extra.to_key = c.to_key AND extra.from_key = c.from_key)
     SELECT x.seq, x.pedigree,
            CASE WHEN too_young THEN 'errors.parent_too_young' WHEN t.seq IS NOT NULL THEN 'errors.too_many_birth_parents'
                 WHEN NOT ends THEN 'ingestion.link_end_missing' END AS error
       FROM x LEFT JOIN third t ON t.seq = x.seq
      WHERE too_young OR t.seq IS NOT NULL OR NOT ends OR x.pedigree IS NOT NULL`,
    [job.id, MIN_PARENT_GAP_YEARS],
  );
  if (found.length) {
    await ds.query(
      `/* link rules */ UPDATE import_staged l
          SET error_keys = CASE WHEN r.error IS NULL THEN l.error_keys ELSE l.error_keys || r.error END,
              data = CASE WHEN r.pedigree IS NULL THEN l.data ELSE l.data || jsonb_build_object('kind', r.pedigree) END
         FROM unnest($2::int[], $3::text[], $4::text[]) AS r(seq, pedigree, error)
        WHERE l.job_id = $1 AND l.seq = r.seq`,
      [job.id, found.map((r) => r.seq), found.map((r) => r.pedigree), found.map((r) => r.error)],
    );
  }
  // The stager saw every link go by (LinkGraph): when they hold no cycle, none is looked for
  // here, link by link (the check runs while the other connection matches people).
  await timed(times, "review: cycles", async () => {
    if (!linksAcyclic?.()) await markCycles(tx, job.id);
  });
}

/** A UUID as text, lower case (the importer lowers UIDs): only such a value is cast to uuid (a CASE: casts run in its order). */
const UUID_TEXT = "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$";

/** Staged people already in the tree: the member's own earlier imports (re-import), and likely duplicates. */
async function matchPeople(tx: EntityManager, job: ImportJob, times?: PhaseTimes): Promise<void> {
  const ds = timedQueries(tx, times, "review");
  // Only people of the job's rootspace are matched: an import never writes into another one.
  // Re-import: a record whose external id this member already imported updates that person,
  // and so does a record of a file the member imported before, found by its key in the file,
  // and a record whose UID is the id of one of the member's people (a Roots export gives each
  // person without a UID of their own their Roots id: importing the export back updates them).
  // A candidate is the member's person of this rootspace, checked by its id (a subquery, which
  // PostgreSQL runs per candidate and never turns into a join). Joined to people instead, the
  // check was planned from statistics taken before the first import wrote the member's people
  // (autovacuum had not come by): the planner took them for one row and read every candidate
  // again for each of them (85 s for 3,010 people, hours for 20,000).
  await ds.query(
    `/* re-import */ UPDATE import_staged s SET action = 'update', target_id = m.record_id
       FROM (SELECT DISTINCT ON (seq) seq, record_id FROM (
               SELECT s2.seq, x.record_id
                 FROM import_staged s2
                 CROSS JOIN LATERAL jsonb_array_elements(coalesce(s2.data->'externalIds', '[]')) e
                 JOIN external_ids x ON x.owner_id = $2 AND x.record_table = 'people' AND x.scheme = e->>'scheme' AND x.value = e->>'value'
                WHERE s2.job_id = $1 AND s2.kind = 'person'
               UNION ALL
               SELECT s2.seq, k.record_id
                 FROM import_jobs old
                 JOIN kept_records k ON k.job_id = old.id AND k.record_table = 'people' AND k.xref IS NOT NULL
                 JOIN import_staged s2 ON s2.job_id = $1 AND s2.kind = 'person' AND s2.local_key = k.xref
                WHERE old.user_id = $2 AND old.status = 'done' AND old.id <> $1 AND ${sameFileSql("old", "$3", "$4")}
               UNION ALL
               SELECT s2.seq, CASE WHEN e->>'value' ~ '${UUID_TEXT}' THEN (e->>'value')::uuid END
                 FROM import_staged s2
                 CROSS JOIN LATERAL jsonb_array_elements(coalesce(s2.data->'externalIds', '[]')) e
                WHERE s2.job_id = $1 AND s2.kind = 'person' AND e->>'scheme' = 'uid') c
              WHERE (SELECT true FROM people p WHERE p.id = c.record_id AND p.created_by = $2 AND p.rootspace_id = $5)
              ORDER BY seq, record_id) m
      WHERE s.job_id = $1 AND s.seq = m.seq`,
    [job.id, job.userId, fileIdentity(job.fileName), job.fileName, job.rootspaceId],
  );
  // Likely duplicates among people the member may see: same name key in either script and a
  // birth year within five years (or no birth year on one side). Living people of others never
  // match. Read through the (key, birth date) indexes, a few candidates per way of matching: a
  // name as common as "Elias Khoury" has thousands of bearers. With statistics of a populated
  // table the planner preferred a bitmap of every candidate and a sort, per staged person
  // (62 s instead of 3 s for 200,000 against 200,000): off for the rest of this transaction.
  await ds.query(`/* duplicates */ SELECT set_config('enable_bitmapscan', 'off', true)`);
  await ds.query(
    `/* duplicates */ UPDATE import_staged s SET duplicate_of = d.dup
       FROM (SELECT s2.seq, coalesce(${likelyDuplicate("key_latin")}, ${likelyDuplicate("key_arabic")}) AS dup
               FROM import_staged s2
              WHERE s2.job_id = $1 AND s2.kind = 'person' AND s2.action = 'create' AND s2.error_keys = '{}') d
      WHERE s.job_id = $1 AND s.seq = d.seq AND d.dup IS NOT NULL`,
    [job.id, job.userId, job.rootspaceId],
  );
}

/**
 * Candidates read per way of matching, in index order: the order also keeps the planner on
 * plain index scans, which stop early, rather than a bitmap of every bearer of the name.
 */
const DUPLICATE_CANDIDATES = 20;

/**
 * A name key made only of placeholders ("Unknown", "Unknown /Unknown/", "N.N.", "Inconnue",
 * "مجهول", "مجهولة", "غير معروف"): programs write them for a person whose name nobody knows.
 * Two such people are not alike; they are never suggested as duplicates of each other. Built
 * from the words as name keys hold them (Arabic folded: ة → ه), separated as keys separate
 * words (" ") and names (" | ").
 */
const PLACEHOLDER_WORDS = [
  ...new Set([
    ...["unknown", "unk", "n", "nn", "inconnu", "inconnue"].map(normalizeLatin),
    ...["مجهول", "مجهولة", "غير", "معروف", "معروفة"].map(normalizeArabic),
  ]),
].join("|");
const PLACEHOLDER_NAME = `^(${PLACEHOLDER_WORDS})(( | \\| )(${PLACEHOLDER_WORDS}))*$`;

/**
 * The first person of the job's rootspace (`$3`) with the staged person `s2`'s name key that the member `$2` may see: born
 * on the same date (the same span: "ABT 1881" is not "1876"), else in the same year, else within a year, else within five years, else
 * undated on either side. Each way is read only when the one before found no one, so among
 * namesakes (a family reuses its names every other generation) the closest birth wins, not the
 * earliest in the window.
 */
function likelyDuplicate(key: "key_latin" | "key_arabic"): string {
  const year = `date_trunc('year', s2.birth_date_from::timestamp)`;
  const within = (years: number) =>
    `p.birth_date_from >= (${year} - interval '${years} years')::date AND p.birth_date_from < (${year} + interval '${years + 1} years')::date`;
  const candidates = (born: string) =>
    `(SELECT p.id, p.created_by, p.is_public, p.living_until FROM people p
       WHERE p.${key} = s2.${key} AND p.rootspace_id = $3 AND p.${key} <> '' AND s2.${key} !~ '${PLACEHOLDER_NAME}' AND ${born} ORDER BY p.birth_date_from LIMIT ${DUPLICATE_CANDIDATES})`;
  return `(SELECT c.id FROM (
      ${candidates("p.birth_date_from = s2.birth_date_from AND p.birth_date_to = s2.birth_date_to")}
      UNION ALL ${candidates(within(0))}
      UNION ALL ${candidates(within(1))}
      UNION ALL ${candidates(within(5))}
      UNION ALL ${candidates("p.birth_date_from IS NULL")}
      UNION ALL ${candidates("s2.birth_date_from IS NULL")}) c
     WHERE c.created_by = $2 OR (c.is_public AND c.living_until <= current_date) LIMIT 1)`;
}

async function countStaged(ds: Queryable, jobId: string): Promise<Partial<ImportCounts>> {
  const [c]: Record<string, number>[] = await ds.query(
    `/* counts */ SELECT count(*) FILTER (WHERE kind = 'person' AND error_keys = '{}')::int AS people,
            count(*) FILTER (WHERE kind = 'link' AND error_keys = '{}')::int AS links,
            count(*) FILTER (WHERE kind = 'union' AND error_keys = '{}')::int AS unions,
            count(*) FILTER (WHERE error_keys <> '{}')::int AS errors,
            count(*) FILTER (WHERE kind = 'person' AND action = 'update' AND error_keys = '{}')::int AS updates,
            count(*) FILTER (WHERE duplicate_of IS NOT NULL)::int AS duplicates,
            count(*) FILTER (WHERE error_keys = '{}')::int AS total
       FROM import_staged WHERE job_id = $1`,
    [jobId],
  );
  return { ...c, warnings: 0 };
}

/** Marks staged links that close a cycle (someone their own ancestor), found in memory. */
async function markCycles(ds: EntityManager, jobId: string): Promise<void> {
  const links: { seq: number; parent: string; child: string }[] = await ds.query(
    `SELECT seq, from_key AS parent, to_key AS child FROM import_staged WHERE job_id = $1 AND kind = 'link' AND error_keys = '{}' ORDER BY seq`,
    [jobId],
  );
  const graph = new LinkGraph();
  for (const l of links) graph.add(l.parent, l.child);
  const bad = graph.inCycles().map((i) => links[i].seq);
  if (bad.length) {
    await ds.query(`UPDATE import_staged SET error_keys = error_keys || '{errors.link_cycle}' WHERE job_id = $1 AND seq = ANY($2)`, [
      jobId,
      bad,
    ]);
  }
}
