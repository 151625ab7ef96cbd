import type { Language } from "../../common/i18n.js";
import { inReaderScript } from "../genealogy/index.js";
import type { Queryable } from "./phases.js";

/**
 * SQL: the names ([latin, arabic]) the file gave its person with key `key`, in job `$1`'s staged
 * records (the first such record, when a spreadsheet repeats an id).
 */
export const stagedNames = (key: string): string =>
  `SELECT jsonb_build_array(p.full_name, p.full_name_ar) AS names FROM import_staged p
    WHERE p.job_id = $1 AND p.kind = 'person' AND p.local_key = ${key} ORDER BY p.error_keys = '{}' DESC, p.seq LIMIT 1`;

/** A person's names as the file gives them: [latin, arabic]. */
export type Names = [string | null, string | null];

/** A refused link's or union's row: its two ends by file key, and (import_outcomes) the names kept with it. */
export interface EndsRow {
  kind: string;
  from_key: string | null;
  to_key: string | null;
  /** The two ends' names, kept by the commit (OUTCOME_SELECT); null while staged. */
  end_names: Names[] | null;
}

/** SQL: the column EndsRow.end_names of a job's row (staged or outcome). */
export const END_NAMES = `CASE WHEN kind IN ('link', 'union') THEN data->'ends' END AS end_names`;

/**
 * The names of each link's or union's two people, as the file named them, in the reader's script
 * (else the other script, else their key in the file): kept with a done job's outcome, or read
 * from the job's staged people while it is reviewed. Never from the tree: a person may since have
 * been merged into someone the reader may not see.
 */
export async function endNames(ds: Queryable, jobId: string, rows: EndsRow[], language: Language): Promise<(row: EndsRow) => string[]> {
  const keys = [
    ...new Set(
      rows
        .filter((r) => !r.end_names)
        .flatMap((r) => [r.from_key, r.to_key])
        .filter((k): k is string => k !== null),
    ),
  ];
  const staged: { key: string; names: Names }[] = keys.length
    ? await ds.query(`SELECT k.key, n.names FROM unnest($2::text[]) k(key) CROSS JOIN LATERAL (${stagedNames("k.key")}) n`, [jobId, keys])
    : [];
  const byKey = new Map(staged.map((r) => [r.key, r.names]));
  return (r) => {
    if (r.kind !== "link" && r.kind !== "union") return [];
    return [r.from_key, r.to_key].map((key, i) => {
      const names = r.end_names?.[i] ?? byKey.get(key ?? "");
      return (names && inReaderScript(language, names[0], names[1])) ?? key ?? "?";
    });
  };
}

/** A warning as import_warnings keeps it (see Warning). */
export interface WarningRow {
  line: number | null;
  key: string;
  params: Record<string, string | number> | null;
  record: Names | null;
}

/** The person a warning is about, in the reader's script (null for a warning about a line). */
export const warningRecord = (w: WarningRow, language: Language): string | null =>
  w.record ? (inReaderScript(language, w.record[0], w.record[1]) ?? null) : null;
