import type { QueryRunner } from "typeorm";
import { hasArabic, nameKeys } from "./normalize.js";

type Names = { id: string; latin: (string | null)[]; arabic: (string | null)[] };

/** Writes the keys of `rows` into `table` (only the skeleton when `skeletonOnly`), one statement per 5,000 rows. */
async function rekey(q: QueryRunner, table: string, rows: Names[], skeletonOnly = false): Promise<void> {
  for (let i = 0; i < rows.length; i += 5000) {
    const chunk = rows.slice(i, i + 5000).map((r) => ({ id: r.id, ...nameKeys(r.latin, r.arabic) }));
    if (skeletonOnly) {
      // writes: people, villages, families
      await q.query(`UPDATE ${table} t SET key_skeleton = k.s FROM unnest($1::uuid[], $2::text[]) AS k(id, s) WHERE t.id = k.id`, [
        chunk.map((c) => c.id),
        chunk.map((c) => c.skeleton),
      ]);
    } else {
      // writes: people, villages, families
      await q.query(
        `UPDATE ${table} t SET key_latin = k.l, key_arabic = k.a, key_skeleton = k.s FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[]) AS k(id, l, a, s) WHERE t.id = k.id`,
        [chunk.map((c) => c.id), chunk.map((c) => c.latin), chunk.map((c) => c.arabic), chunk.map((c) => c.skeleton)],
      );
    }
  }
}

/**
 * Recomputes the stored name keys of people, villages and families with the keys of the
 * running code (a migration calls it when the keys change). Keys are derived data.
 */
export async function rekeyNames(q: QueryRunner): Promise<void> {
  const split = (names: (string | null)[]) => ({
    latin: names.filter((n) => n && !hasArabic(n)),
    arabic: names.filter((n) => n && hasArabic(n)),
  });
  const people: { id: string; names: (string | null)[] }[] = await q.query(
    `SELECT id, ARRAY[full_name, full_name_ar] || name_variants AS names FROM people`,
  );
  await rekey(
    q,
    "people",
    people.map((p) => ({ id: p.id, ...split(p.names) })),
  );
  const villages: { id: string; names: (string | null)[] }[] = await q.query(
    `SELECT id, ARRAY[name, name_fr, name_ar] || alternate_names AS names FROM villages`,
  );
  await rekey(
    q,
    "villages",
    villages.map((v) => ({ id: v.id, ...split(v.names) })),
  );
  const families: { id: string; names: (string | null)[] }[] = await q.query(
    `SELECT id, ARRAY[family_name, family_name_fr, family_name_ar] AS names FROM families`,
  );
  await rekey(
    q,
    "families",
    families.map((f) => ({ id: f.id, ...split(f.names) })),
    true,
  );
}
