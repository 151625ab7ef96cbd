import type { Context } from "../../../common/context.js";

/**
 * The viewer's close relatives, as recorded in the tree from their own person record
 * (people.user_id = viewer, in the request's rootspace): parents, children, siblings (sharing a parent), spouses
 * (any union), grandparents and grandchildren — through any kind of parent link
 * (birth, adoptive, step, unknown), since each link needed edit rights on both people.
 * One statement per request, only when a signed-in viewer's people are shown.
 */
const RELATIVES_SQL = `
  WITH me AS (SELECT id FROM people WHERE user_id = $1 AND rootspace_id = $2),
       par AS (SELECT pl.parent_id AS id FROM parent_links pl JOIN me ON me.id = pl.child_id),
       kid AS (SELECT pl.child_id AS id FROM parent_links pl JOIN me ON me.id = pl.parent_id)
  SELECT id FROM par
  UNION SELECT id FROM kid
  UNION SELECT pl.child_id FROM parent_links pl JOIN par ON par.id = pl.parent_id
  UNION SELECT pl.parent_id FROM parent_links pl JOIN par ON par.id = pl.child_id
  UNION SELECT pl.child_id FROM parent_links pl JOIN kid ON kid.id = pl.parent_id
  UNION SELECT CASE WHEN u.partner1_id = me.id THEN u.partner2_id ELSE u.partner1_id END
          FROM unions u JOIN me ON me.id IN (u.partner1_id, u.partner2_id)`;

const memo = () => ({ relatives: null as Promise<ReadonlySet<string>> | null });

/**
 * Loads the viewer's close relatives once per request into `ctx.viewer.relativeIds`,
 * which `accessTo` reads. Call before shaping people for a signed-in viewer.
 */
export function withRelatives(ctx: Context): Promise<ReadonlySet<string>> {
  if (!ctx.viewer.userId) return Promise.resolve(new Set());
  const m = ctx.use(memo);
  m.relatives ??= ctx.ds.query(RELATIVES_SQL, [ctx.viewer.userId, ctx.rootspace.id]).then((rows: { id: string }[]) => {
    const ids = new Set(rows.map((r) => r.id));
    ctx.viewer.relativeIds = ids;
    return ids;
  });
  return m.relatives;
}
