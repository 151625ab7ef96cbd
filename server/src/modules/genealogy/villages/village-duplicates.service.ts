import type { Context } from "../../../common/context.js";
import { forbidden, unauthenticated } from "../../../common/errors.js";
import { curatedIds, isReviewStaff, mayReview } from "../curation/curation.policy.js";
import { rawIdOf } from "../people/person.service.js";
import { Village } from "./village.entity.js";
import { DuplicateReason, type VillageDuplicate } from "./village.types.js";

/** Two points of one caza closer than this, with one name skeleton, are likely one place. */
export const DUPLICATE_KM = 3;

/**
 * Likely duplicate villages: same caza, a name skeleton in common (Zahle, Zahlé and زحلة share
 * "zhl") and points under 3 km apart (or a point missing). Staff see every pair; a curator the
 * pairs that touch a village they curate (merging needs both). Nearest first.
 */
export async function villageDuplicates(
  ctx: Context,
  villageGlobalId: string | null | undefined,
  first: number,
): Promise<VillageDuplicate[]> {
  if (!ctx.viewer.userId) throw unauthenticated();
  const staff = isReviewStaff(ctx.principal);
  const mine = curatedIds(ctx.principal);
  if (!staff && !mine.length) throw forbidden();
  const villageId = villageGlobalId ? rawIdOf(villageGlobalId, Village.typeName) : null;
  const rows: { a: string; b: string; km: number | null; skeleton: string }[] = await ctx.ds.query(
    `SELECT a.id AS a, b.id AS b,
            CASE WHEN a.latitude IS NULL OR b.latitude IS NULL THEN NULL
                 ELSE 6371 * 2 * asin(sqrt(power(sin(radians(b.latitude - a.latitude) / 2), 2)
                      + cos(radians(a.latitude)) * cos(radians(b.latitude)) * power(sin(radians(b.longitude - a.longitude) / 2), 2))) END AS km,
            (SELECT s FROM unnest(string_to_array(a.key_skeleton, ' | ')) s WHERE s = ANY(string_to_array(b.key_skeleton, ' | ')) ORDER BY length(s) DESC LIMIT 1) AS skeleton
       FROM villages a JOIN villages b ON b.rootspace_id = a.rootspace_id AND b.district = a.district AND a.id < b.id
      WHERE a.rootspace_id = $1 AND a.is_public AND b.is_public AND a.key_skeleton <> '' AND b.key_skeleton <> ''
        AND ($2::uuid IS NULL OR $2::uuid IN (a.id, b.id))
        AND ($3::boolean OR a.id = ANY($4::uuid[]) OR b.id = ANY($4::uuid[]))
        AND (a.latitude IS NULL OR b.latitude IS NULL OR (abs(a.latitude - b.latitude) < 0.03 AND abs(a.longitude - b.longitude) < 0.035))
        AND string_to_array(a.key_skeleton, ' | ') && string_to_array(b.key_skeleton, ' | ')`,
    [ctx.rootspace.id, villageId, staff, mine],
  );
  const pairs = rows
    .filter((r) => r.km === null || r.km < DUPLICATE_KM)
    .sort((x, y) => (x.km ?? DUPLICATE_KM) - (y.km ?? DUPLICATE_KM))
    .slice(0, first);
  const villages = await ctx.ds.getRepository(Village).findBy(pairs.flatMap((p) => [{ id: p.a }, { id: p.b }]));
  const byId = new Map(villages.map((v) => [v.id, v]));
  return pairs.map((p) => ({
    a: byId.get(p.a)!,
    b: byId.get(p.b)!,
    distanceKm: p.km === null ? null : Math.round(p.km * 100) / 100,
    skeleton: p.skeleton,
    reasons: [DuplicateReason.SAME_NAME_SKELETON, DuplicateReason.SAME_DISTRICT, ...(p.km === null ? [] : [DuplicateReason.NEARBY])],
    canMerge: mayReview(ctx.principal, [p.a]) && mayReview(ctx.principal, [p.b]),
  }));
}
