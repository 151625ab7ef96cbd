/**
 * The family tree's bulk writes, for imports. A GEDCOM or spreadsheet commit writes hundreds of
 * thousands of rows in a handful of set-based statements, so it cannot go row by row through
 * the tree's services. Genealogy still owns these statements (the tables, their columns, what an
 * imported row is); the importer only supplies the rows, as a SELECT over its own staged records,
 * and runs the statement in its transaction.
 */

const quoted = (columns: readonly string[], alias?: string) => columns.map((c) => (alias ? `${alias}."${c}"` : `"${c}"`)).join(", ");

/** Imported people are community records of the importing member, public within the rootspace, private details hidden. */
export const IMPORTED_PRIVACY = JSON.stringify({ showBirthDate: false, showLocation: false, showContact: false });

export const treeBulkWrites = {
  /**
   * New people: their id, rootspace and creator, then `values` in `columns` order, as SQL
   * expressions over the rows of `from` (a FROM … WHERE clause). Add `RETURNING` to count.
   */
  insertPeople: (
    columns: readonly string[],
    row: { id: string; rootspace: string; creator: string; privacy: string; values: string },
    from: string,
  ) =>
    `INSERT INTO people (id, rootspace_id, created_by, provenance, confidence, entry, is_public, privacy_settings, ${quoted(columns)})
     SELECT ${row.id}, ${row.rootspace}, ${row.creator}, 'COMMUNITY', 0.5, 'IMPORT', true, ${row.privacy}::jsonb, ${row.values} ${from}`,

  /**
   * The importer's own earlier records, updated from `source` (rows with `target_id` and
   * `values`), only where something changed: a re-import of the same tree rewrites nothing.
   */
  updatePeople: (columns: readonly string[], values: string, source: string, ownerParam: string) =>
    `UPDATE people p SET (${quoted(columns)}) = (${values}), updated_at = now()
       FROM (${source}) s
      WHERE p.id = s.target_id AND p.created_by = ${ownerParam} AND (${quoted(columns, "p")}) IS DISTINCT FROM (${values})`,

  /** Parent links: `select` yields id, parent_id, child_id, kind, created_by. */
  insertParentLinks: "INSERT INTO parent_links (id, parent_id, child_id, kind, created_by)",

  /** Unions: `select` yields these columns, partners in key order. */
  insertUnions:
    "INSERT INTO unions (id, partner1_id, partner2_id, kind, start_date_text, start_date_qualifier, start_date_from, start_date_to, place, created_by)",

  /** The events an earlier import of the member wrote of people it imports again. */
  deleteImportedEvents: `DELETE FROM events e WHERE e.primary_person_id = ANY($1::uuid[]) AND e.import_job_id IS NOT NULL AND e.created_by = $2`,

  /** Events: `select` yields these columns. */
  insertEvents:
    "INSERT INTO events (id, type, date_text, date_qualifier, date_from, date_to, place, primary_person_id, secondary_person_id, village_ids, created_by, import_job_id)",
} as const;
