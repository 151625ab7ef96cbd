import type { Context } from "../../../common/context.js";
import { notFound, unauthenticated } from "../../../common/errors.js";
import { accessTo, POLICY_COLUMNS } from "../people/person.policy.js";
import { PERSON_COLUMNS, presentPerson, type PersonRow } from "../people/person.present.js";
import { withRelatives } from "../people/person.relatives.js";
import { rawIdOf } from "../people/person.service.js";
import { TreeStartReason, type TreeStartView } from "./tree-start.types.js";

const SELECT = `SELECT ${POLICY_COLUMNS}, ${PERSON_COLUMNS} FROM people p`;

/**
 * The member's record with the most links among the people they recorded: parents, children and
 * partners. After a first import that is the family's centre (a patriarch with many children),
 * not whoever comes first in the alphabet; ties go to the earliest recorded.
 */
const MOST_CONNECTED = `${SELECT}
  JOIN LATERAL (
    SELECT (SELECT count(*) FROM parent_links pl WHERE pl.parent_id = p.id OR pl.child_id = p.id)
         + (SELECT count(*) FROM unions u WHERE u.partner1_id = p.id OR u.partner2_id = p.id) AS links
  ) l ON true
  WHERE p.created_by = $1 AND p.rootspace_id = $2
  ORDER BY l.links DESC, p.created_at, p.id LIMIT 1`;

/**
 * Where the member's tree opens: their "This is me" record; else the root they last chose;
 * else the most connected of the people they recorded (after an import, with the picker
 * open so they can choose themselves). Null when they have recorded nobody.
 */
export async function treeStart(ctx: Context): Promise<TreeStartView | null> {
  const uid = ctx.viewer.userId;
  if (!uid) throw unauthenticated();
  await withRelatives(ctx);
  const tries: [TreeStartReason, string, unknown[]][] = [
    [TreeStartReason.SELF, `${SELECT} WHERE p.user_id = $1 AND p.rootspace_id = $2 ORDER BY p.created_at LIMIT 1`, [uid, ctx.rootspace.id]],
    [
      TreeStartReason.CHOSEN,
      `${SELECT} JOIN member_tree_roots r ON r.person_id = p.id WHERE r.user_id = $1 AND r.rootspace_id = $2 AND p.rootspace_id = $2`,
      [uid, ctx.rootspace.id],
    ],
    [TreeStartReason.MOST_CONNECTED, MOST_CONNECTED, [uid, ctx.rootspace.id]],
  ];
  for (const [reason, sql, params] of tries) {
    const [row]: PersonRow[] = await ctx.ds.query(sql, params);
    if (row && accessTo(ctx.principal, row) !== "none") {
      return { reason, person: presentPerson(row, ctx.principal, ctx.language), openPicker: reason === TreeStartReason.MOST_CONNECTED };
    }
  }
  return null;
}

/** Remembers the person the member chose to draw their tree from (any person they may see). */
export async function rememberTreeRoot(ctx: Context, personGlobalId: string): Promise<boolean> {
  const uid = ctx.viewer.userId;
  if (!uid) throw unauthenticated();
  const id = rawIdOf(personGlobalId, "Person");
  if (!id) throw notFound();
  await withRelatives(ctx);
  const [row]: PersonRow[] = await ctx.ds.query(`${SELECT} WHERE p.id = $1 AND p.rootspace_id = $2`, [id, ctx.rootspace.id]);
  if (!row || accessTo(ctx.principal, row) === "none") throw notFound();
  await ctx.ds.query(
    `INSERT INTO member_tree_roots (user_id, rootspace_id, person_id) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, rootspace_id) DO UPDATE SET person_id = EXCLUDED.person_id, updated_at = now()`,
    [uid, ctx.rootspace.id, id],
  );
  return true;
}
