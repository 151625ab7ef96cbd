import type { Queryable } from "./phases.js";

/**
 * The names of a job's people by their keys in the file (a refused link's ends): from its staged
 * records while it has them, else from the people its kept records became.
 */
export async function namesOfKeys(ds: Queryable, jobId: string, keys: string[], arabic: boolean): Promise<Map<string, string>> {
  const name = (t: string) => (arabic ? `coalesce(${t}.full_name_ar, ${t}.full_name)` : `coalesce(${t}.full_name, ${t}.full_name_ar)`);
  if (!keys.length) return new Map();
  const rows: { key: string; name: string | null }[] = await ds.query(
    `SELECT DISTINCT ON (key) key, name FROM (
       SELECT s.local_key AS key, ${name("s")} AS name, 0 AS source FROM import_staged s WHERE s.job_id = $1 AND s.kind = 'person' AND s.local_key = ANY($2)
       UNION ALL
       SELECT k.xref, ${name("p")}, 1 FROM kept_records k JOIN people p ON p.id = k.record_id
        WHERE k.job_id = $1 AND k.record_table = 'people' AND k.xref = ANY($2)) x
      ORDER BY key, source`,
    [jobId, [...new Set(keys)]],
  );
  return new Map(rows.filter((r) => r.name).map((r) => [r.key, r.name!]));
}
