/**
 * The merge and delete hooks every area declares in its manifest (`AreaHooks`), run for all of
 * them. Genealogy merges villages and people and accounts deletes members without knowing which
 * areas hang rows on them: `modules/areas.ts` installs the list once, and a new area only adds
 * its hook to its own manifest.
 */
import type { EntityManager } from "typeorm";
import type { AreaManifest, MergedPeople, MergedVillages, VillageMove } from "./area.js";

let installed: readonly AreaManifest[] | null = null;

/** Called once by `modules/areas.ts` with every area. */
export function installAreaHooks(areas: readonly AreaManifest[]): void {
  installed = areas;
}

function areas(): readonly AreaManifest[] {
  if (!installed) throw new Error("Area hooks are not installed: import modules/areas.ts before merging or deleting records");
  return installed;
}

/** Every column that points at a village, as `"table.column"`, with the area that moves it. */
export function villageReferences(): { reference: string; area: string; move: VillageMove }[] {
  return areas().flatMap((area) =>
    Object.entries(area.hooks?.onVillageMerge ?? {}).map(([reference, move]) => ({ reference, area: area.name, move })),
  );
}

/** Moves every area's references from the merged-away village; answers the rows moved per reference. */
export async function mergeVillageReferences(tx: EntityManager, merge: MergedVillages): Promise<Record<string, number>> {
  const moved: Record<string, number> = {};
  for (const { reference, move } of villageReferences()) moved[reference] = await move(tx, merge);
  return moved;
}

/** Moves every area's rows from the merged-away person to the kept one. */
export async function mergePersonReferences(tx: EntityManager, merge: MergedPeople): Promise<void> {
  for (const area of areas()) await area.hooks?.onPersonMerge?.(tx, merge);
}

/** Lets every area remove or anonymise what it holds of a member whose account goes. */
export async function deleteAccountReferences(tx: EntityManager, userId: string): Promise<void> {
  // The latest areas first: they stand on the earlier ones (ballots on Rootpedia on genealogy).
  for (const area of [...areas()].reverse()) await area.hooks?.onAccountDelete?.(tx, userId);
}

const rowCount = (result: unknown): number => (Array.isArray(result) && typeof result[1] === "number" ? result[1] : 0);

/** A village merge's plain move of one owned column: `UPDATE table SET column = into WHERE column = from`. */
export const moveVillageColumn =
  (table: string, column = "village_id"): VillageMove =>
  async (tx, { from, into }) =>
    rowCount(await tx.query(`UPDATE "${table}" SET "${column}" = $2 WHERE "${column}" = $1`, [from.id, into.id]));

/** For rows unique per (`key`, village): the merged-away village's rows the kept one already has go, the rest move. */
export const moveVillageUnique =
  (table: string, key: string): VillageMove =>
  async (tx, merge) => {
    await tx.query(
      `DELETE FROM "${table}" b WHERE b.village_id = $1
         AND EXISTS (SELECT 1 FROM "${table}" a WHERE a.village_id = $2 AND a."${key}" = b."${key}")`,
      [merge.from.id, merge.into.id],
    );
    return moveVillageColumn(table)(tx, merge);
  };

/**
 * Whether a row of `table` is pointed at by a foreign key from a table outside `own` (the
 * caller's tables): an area may then not delete it as if it were its own alone (a Rootpedia
 * outline a ballot's proposal names). Read from the catalogue, so areas added later count too.
 */
export async function referencedOutside(tx: EntityManager, table: string, id: string, own: readonly string[]): Promise<boolean> {
  const keys: { source: string; column: string }[] = await tx.query(
    `SELECT c.conrelid::regclass::text AS source, a.attname AS column
       FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
      WHERE c.contype = 'f' AND c.confrelid = $1::regclass AND cardinality(c.conkey) = 1`,
    [table],
  );
  for (const key of keys.filter((k) => !own.includes(k.source)))
    if ((await tx.query(`SELECT 1 FROM "${key.source}" WHERE "${key.column}" = $1 LIMIT 1`, [id])).length) return true;
  return false;
}
