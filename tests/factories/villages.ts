import type { DataSource } from "typeorm";

/** A village of the gazetteer as a test needs it; the rest of its columns keep their defaults. */
export interface VillageSpec {
  name: string;
  slug: string;
  nameAr?: string | null;
  nameFr?: string | null;
  /** Default `lb` (Lebanon). */
  rootspaceId?: string;
  isPublic?: boolean;
  district?: string | null;
  description?: string | null;
  sourceRef?: string | null;
}

/** Inserts villages in one statement; returns their raw ids in the order given. */
export async function buildVillages(ds: DataSource, specs: readonly VillageSpec[]): Promise<string[]> {
  const col = <K extends keyof VillageSpec>(k: K, fallback: VillageSpec[K]) => specs.map((s) => s[k] ?? fallback);
  const rows: { id: string }[] = await ds.query(
    `INSERT INTO villages (id, rootspace_id, name, slug, name_ar, name_fr, is_public, district, description, source_ref)
     SELECT gen_random_uuid(), r, n, s, ar, fr, p, d, de, src
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::boolean[], $7::text[], $8::text[], $9::text[])
         WITH ORDINALITY AS v(r, n, s, ar, fr, p, d, de, src, i)
      ORDER BY i RETURNING id`,
    [
      col("rootspaceId", "lb"),
      col("name", ""),
      col("slug", ""),
      col("nameAr", null),
      col("nameFr", null),
      col("isPublic", true),
      col("district", null),
      col("description", null),
      col("sourceRef", null),
    ],
  );
  return rows.map((r) => r.id);
}
