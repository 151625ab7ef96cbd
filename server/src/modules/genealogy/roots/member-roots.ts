import type { DataSource, EntityManager } from "typeorm";
import { spellingKey } from "../names/normalize.js";

/** How far up the member's tree a village still counts as one of their roots. */
export const ROOTS_MAX_GENERATIONS = 6;

/** Why a village is one of a member's roots. */
export type RootReason =
  /** The village of the member's own "This is me" record. */
  | { kind: "SELF"; personId: string }
  /** The village of an ancestor: generation 1 is a parent, 2 a grandparent, … up to 6. */
  | { kind: "ANCESTOR"; personId: string; generation: number }
  /** The member named this village as their village of origin in their profile. */
  | { kind: "DECLARED"; text: string };

export interface MemberRoot {
  villageId: string;
  /** Nearest first: SELF, then ancestors by generation, then DECLARED. */
  reasons: RootReason[];
}

type Db = DataSource | EntityManager;

/**
 * The villages that are a member's roots, each with why: the one definition every area
 * uses (ballot eligibility, "near my roots", a village's members). Villages of the
 * member's "This is me" record and of its ancestors up to 6 generations (every parent
 * link, birth or not), plus the village of origin declared in their profile when it names
 * a village of the rootspace (any of its spellings, accents and Arabic letter forms folded).
 */
export async function memberRoots(db: Db, userId: string, rootspaceId: string): Promise<MemberRoot[]> {
  const tree: { village_id: string; person_id: string; generation: number }[] = await db.query(
    `WITH RECURSIVE up(person_id, generation, path) AS (
       SELECT id, 0, ARRAY[id] FROM people WHERE user_id = $1 AND rootspace_id = $2
       UNION ALL
       SELECT l.parent_id, up.generation + 1, up.path || l.parent_id
         FROM up JOIN parent_links l ON l.child_id = up.person_id
        WHERE up.generation < $3 AND NOT l.parent_id = ANY(up.path)
     )
     SELECT p.village_id, up.person_id, MIN(up.generation)::int AS generation
       FROM up JOIN people p ON p.id = up.person_id
      WHERE p.village_id IS NOT NULL
      GROUP BY p.village_id, up.person_id
      ORDER BY generation, up.person_id`,
    [userId, rootspaceId, ROOTS_MAX_GENERATIONS],
  );
  const roots = new Map<string, MemberRoot>();
  const add = (villageId: string, reason: RootReason) => {
    const root = roots.get(villageId) ?? { villageId, reasons: [] };
    root.reasons.push(reason);
    roots.set(villageId, root);
  };
  for (const row of tree) {
    add(
      row.village_id,
      row.generation === 0
        ? { kind: "SELF", personId: row.person_id }
        : { kind: "ANCESTOR", personId: row.person_id, generation: row.generation },
    );
  }
  const [user]: { village_of_origin: string | null }[] = await db.query(`SELECT village_of_origin FROM users WHERE id = $1`, [userId]);
  const declared = user?.village_of_origin?.trim();
  if (declared)
    for (const villageId of await villagesNamed(db, declared, rootspaceId)) add(villageId, { kind: "DECLARED", text: declared });
  return [...roots.values()];
}

/**
 * Of `userIds`, those whose roots (as memberRoots defines them) include `villageId`, each with
 * their nearest tie: the same definition for many members at once, in two statements whatever
 * their number (a village's members list).
 */
export async function membersRootedIn(
  db: Db,
  villageId: string,
  rootspaceId: string,
  userIds: string[],
): Promise<Map<string, RootReason["kind"]>> {
  const ties = new Map<string, RootReason["kind"]>();
  if (!userIds.length) return ties;
  const tree: { user_id: string; generation: number }[] = await db.query(
    `WITH RECURSIVE up(user_id, person_id, generation, path) AS (
       SELECT user_id, id, 0, ARRAY[id] FROM people WHERE user_id = ANY($1::uuid[]) AND rootspace_id = $2
       UNION ALL
       SELECT up.user_id, l.parent_id, up.generation + 1, up.path || l.parent_id
         FROM up JOIN parent_links l ON l.child_id = up.person_id
        WHERE up.generation < $3 AND NOT l.parent_id = ANY(up.path)
     )
     SELECT up.user_id, MIN(up.generation)::int AS generation
       FROM up JOIN people p ON p.id = up.person_id
      WHERE p.village_id = $4
      GROUP BY up.user_id`,
    [userIds, rootspaceId, ROOTS_MAX_GENERATIONS, villageId],
  );
  for (const row of tree) ties.set(row.user_id, row.generation === 0 ? "SELF" : "ANCESTOR");
  const declared: { id: string; village_of_origin: string; names: (string | null)[] }[] = await db.query(
    `SELECT u.id, u.village_of_origin, ARRAY[v.name, v.name_fr, v.name_ar, v.slug] || v.alternate_names AS names
       FROM users u, villages v
      WHERE u.id = ANY($1::uuid[]) AND u.village_of_origin IS NOT NULL AND v.id = $2 AND v.rootspace_id = $3 AND v.is_public`,
    [userIds, villageId, rootspaceId],
  );
  for (const u of declared) if (!ties.has(u.id) && isNameOf(u.village_of_origin.trim(), u.names)) ties.set(u.id, "DECLARED");
  return ties;
}

/** Whether `text` is exactly one of a village's `names`, accents and Arabic letter forms folded. */
function isNameOf(text: string, villageNames: (string | null)[]): boolean {
  const key = spellingKey(text);
  return Boolean(key) && villageNames.some((name) => name && spellingKey(name) === key);
}

/** Public villages of the rootspace that `text` names exactly, in any of their spellings. */
async function villagesNamed(db: Db, text: string, rootspaceId: string): Promise<string[]> {
  const rows: { id: string; names: (string | null)[] }[] = await db.query(
    `SELECT id, ARRAY[name, name_fr, name_ar, slug] || alternate_names AS names
       FROM villages WHERE rootspace_id = $1 AND is_public`,
    [rootspaceId],
  );
  return rows.filter((v) => isNameOf(text, v.names)).map((v) => v.id);
}
