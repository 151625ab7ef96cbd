import type { DataSource, EntityManager } from "typeorm";

/** INSERT of one row given as column → value (column names come from code, never from input). */
export async function insertRow(db: DataSource | EntityManager, table: string, row: Record<string, unknown>): Promise<void> {
  const cols = Object.keys(row);
  await db.query(
    `INSERT INTO "${table}" (${cols.map((c) => `"${c}"`).join(", ")}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(", ")})`,
    Object.values(row),
  );
}
