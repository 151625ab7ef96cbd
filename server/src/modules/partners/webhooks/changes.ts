/**
 * What a webhook watches, read from the owners' published tables (genealogy shares `people`,
 * `parent_links` and `villages`; Rootpedia its articles and revisions), by each row's own time:
 * - `tree.changed`: a person the member recorded was added or edited, or a parent link they made;
 * - `village.changed`: the village's record, or an accepted edit of one of its Rootpedia articles.
 * Each yields `at` for a row `w` (village_id, account_id, bound) of changes after `w.bound`.
 */
export const CHANGES_SQL: Record<"tree.changed" | "village.changed", string> = {
  "tree.changed": `
    SELECT p.updated_at AS at FROM people p WHERE p.created_by = w.account_id AND p.updated_at > w.bound
    UNION ALL
    SELECT l.created_at FROM parent_links l WHERE l.created_by = w.account_id AND l.created_at > w.bound`,
  "village.changed": `
    SELECT v.updated_at AS at FROM villages v WHERE v.id = w.village_id AND v.updated_at > w.bound
    UNION ALL
    SELECT COALESCE(r.reviewed_at, r.created_at) FROM rootpedia_revisions r JOIN rootpedia_articles a ON a.id = r.article_id
     WHERE a.village_id = w.village_id AND r.status = 'accepted' AND COALESCE(r.reviewed_at, r.created_at) > w.bound`,
};

/** Changes are looked for again this far back: a transaction that committed late still counts. */
export const OVERLAP = "2 minutes";

/**
 * The newest change a new webhook already knows (it is told only of later ones), as SQL over the
 * webhook row's own columns: kept in the database's precision (microseconds), never rounded through JS.
 */
export const baselineSql = (event: keyof typeof CHANGES_SQL, w: string): string =>
  `COALESCE((SELECT max(c.at) FROM (SELECT ${w}.village_id, ${w}.account_id, '-infinity'::timestamptz AS bound) w, LATERAL (${CHANGES_SQL[event]}) c), '-infinity')`;
