import type { EntityManager } from "typeorm";
import { nameKeys } from "../names/normalize.js";

/** Recomputes a village's search keys from its names (after a curator changes one). */
export async function refreshVillageKeys(tx: EntityManager, id: string): Promise<void> {
  const [v]: { name: string; name_fr: string | null; name_ar: string | null; alternate_names: string[] }[] = await tx.query(
    `SELECT name, name_fr, name_ar, alternate_names FROM villages WHERE id = $1`,
    [id],
  );
  if (!v) return;
  const keys = nameKeys([v.name, v.name_fr, ...v.alternate_names], [v.name_ar, ...v.alternate_names]);
  await tx.query(`UPDATE villages SET key_latin = $2, key_arabic = $3, key_skeleton = $4 WHERE id = $1`, [
    id,
    keys.latin,
    keys.arabic,
    keys.skeleton,
  ]);
}
