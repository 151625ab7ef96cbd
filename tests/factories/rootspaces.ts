import type { DataSource } from "typeorm";

/** Writes `count` extra rootspaces with slugs `test-001`… (and ids `t001`…). */
export async function buildRootspaces(
  ds: DataSource,
  count: number,
  overrides: { isActive?: boolean; prefix?: string } = {},
): Promise<string[]> {
  const prefix = overrides.prefix ?? "test";
  const slugs = Array.from({ length: count }, (_, i) => `${prefix}-${String(i + 1).padStart(3, "0")}`);
  await ds.query(
    `INSERT INTO rootspaces (id, name, slug, country_code, currency, timezone, is_active)
     SELECT s, 'Rootspace ' || s, s, 'XX', 'USD', 'UTC', $2 FROM unnest($1::text[]) AS s`,
    [slugs, overrides.isActive ?? true],
  );
  return slugs;
}
