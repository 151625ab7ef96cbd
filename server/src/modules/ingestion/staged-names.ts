import type { Queryable } from "./phases.js";

/** A refused link's or union's row: its two ends by file key, and (import_outcomes) the names kept with it. */
export interface EndsRow {
  kind: string;
  from_key: string | null;
  to_key: string | null;
  /** [[latin, arabic], [latin, arabic]], kept by the commit (OUTCOME_SELECT); null while staged. */
  end_names: [string | null, string | null][] | null;
}

/** SQL: the column EndsRow.end_names of a job's row (staged or outcome). */
export const END_NAMES = `CASE WHEN kind IN ('link', 'union') THEN data->'ends' END AS end_names`;

/**
 * The names of each link's or union's two people, as the file named them, in the reader's script
 * (else the other script, else their key in the file): kept with a done job's outcome, or read
 * from the job's staged people while it is reviewed. Never from the tree: a person may since have
 * been merged into someone the reader may not see.
 */
export async function endNames(ds: Queryable, jobId: string, rows: EndsRow[], arabic: boolean): Promise<(row: EndsRow) => string[]> {
  const pick = (latin: string | null, ar: string | null) => (arabic ? ar || latin : latin || ar) || null;
  const keys = rows.filter((r) => !r.end_names).flatMap((r) => [r.from_key, r.to_key]).filter((k): k is string => k !== null);
  const staged: { key: string; latin: string | null; ar: string | null }[] = keys.length
    ? await ds.query(
        `SELECT DISTINCT ON (local_key) local_key AS key, full_name AS latin, full_name_ar AS ar FROM import_staged
          WHERE job_id = $1 AND kind = 'person' AND local_key = ANY($2) ORDER BY local_key, error_keys = '{}' DESC, seq`,
        [jobId, [...new Set(keys)]],
      )
    : [];
  const byKey = new Map(staged.map((r) => [r.key, pick(r.latin, r.ar)]));
  return (r) => {
    if (r.kind !== "link" && r.kind !== "union") return [];
    return [r.from_key, r.to_key].map((key, i) => {
      const kept = r.end_names?.[i];
      return (kept ? pick(kept[0], kept[1]) : byKey.get(key ?? "")) ?? key ?? "?";
    });
  };
}
