import type { EntityManager } from "typeorm";
import { mergeVillageReferences, moveVillageColumn, moveVillageUnique } from "../../../common/area-hooks.js";
import type { VillageMove } from "../../../common/area.js";
import type { Context } from "../../../common/context.js";
import { AppError, ErrorCode, forbidden, unauthenticated } from "../../../common/errors.js";
import { newId } from "../../../common/uuid.js";
import { audit } from "../../audit/index.js";
import { mayReview } from "../curation/curation.policy.js";
import { nameKeys } from "../names/normalize.js";
import { rawIdOf } from "../people/person.service.js";

type VillageRow = Record<string, unknown> & {
  id: string;
  rootspace_id: string;
  slug: string;
  name: string;
  name_fr: string | null;
  name_ar: string | null;
  alternate_names: string[];
  source_ref: string | null;
};

/**
 * Genealogy's columns that point at a village, and how a merge moves them. Other areas' columns
 * are moved by their own `onVillageMerge` hooks (common/area-hooks.ts).
 */
export const genealogyVillageMoves: Readonly<Record<string, VillageMove>> = {
  "people.village_id": moveVillageColumn("people"),
  "people.registration_village_id": moveVillageColumn("people", "registration_village_id"),
  "families.village_id": moveVillageColumn("families"),
  "events.village_ids": async (tx, { from, into }) => {
    const [, n] = await tx.query(
      `UPDATE events SET village_ids = ARRAY(SELECT DISTINCT x FROM unnest(array_replace(village_ids, $1::uuid, $2::uuid)) x)
        WHERE $1::uuid = ANY(village_ids)`,
      [from.id, into.id],
    );
    return Number(n) || 0;
  },
  "assets.village_id": moveVillageColumn("assets"),
  "registries.village_id": moveVillageColumn("registries"),
  "village_curators.village_id": moveVillageUnique("village_curators", "user_id"),
  "village_slug_aliases.village_id": moveVillageColumn("village_slug_aliases"),
  "village_merges.into_village_id": moveVillageColumn("village_merges", "into_village_id"),
  // The record of an earlier merge names a village that no longer exists: nothing to move.
  "village_merges.from_village_id": async () => 0,
};

/** Facts the kept village lacks are taken from the merged-away one; its names become alternates. */
const FILLED = [
  "name_ar",
  "name_fr",
  "latitude",
  "longitude",
  "description",
  "description_ar",
  "description_fr",
  "population_current",
  "diaspora_count",
  "wikidata_id",
];

async function absorbFacts(tx: EntityManager, from: VillageRow, into: VillageRow): Promise<void> {
  const alternates = [
    ...new Set([...into.alternate_names, from.name, from.name_fr, from.name_ar, ...from.alternate_names].filter((n): n is string => !!n)),
  ].filter((n) => n !== into.name && n !== into.name_ar && n !== into.name_fr);
  const filled = Object.fromEntries(FILLED.map((c) => [c, into[c] ?? from[c] ?? null]));
  const keys = nameKeys(
    [into.name, (filled.name_fr as string | null) ?? null, ...alternates],
    [(filled.name_ar as string | null) ?? null, ...alternates],
  );
  await tx.query(
    `UPDATE villages SET ${FILLED.map((c, i) => `"${c}" = $${i + 2}`).join(", ")}, alternate_names = $${FILLED.length + 2},
       has_registry = has_registry OR $${FILLED.length + 3}, has_church = has_church OR $${FILLED.length + 4},
       has_mosque = has_mosque OR $${FILLED.length + 5}, has_school = has_school OR $${FILLED.length + 6},
       key_latin = $${FILLED.length + 7}, key_arabic = $${FILLED.length + 8}, key_skeleton = $${FILLED.length + 9}, updated_at = now()
     WHERE id = $1`,
    [
      into.id,
      ...FILLED.map((c) => filled[c]),
      alternates,
      from.has_registry,
      from.has_church,
      from.has_mosque,
      from.has_school,
      keys.latin,
      keys.arabic,
      keys.skeleton,
    ],
  );
}

export interface MergeOutcome {
  intoId: string;
  moved: Record<string, number>;
}

/**
 * Merges village `fromId` into `intoId` inside the caller's transaction: every reference moves,
 * facts the kept village lacks are filled in, the old slug (and the old village's aliases) lead
 * to the kept village, the merged-away village is deleted, and the merge is recorded and audited.
 */
export async function mergeVillagesTx(
  tx: EntityManager,
  rootspaceId: string,
  intoId: string,
  fromId: string,
  userId: string | null,
): Promise<MergeOutcome> {
  if (intoId === fromId)
    throw new AppError(ErrorCode.BAD_USER_INPUT, "errors.village_merge_self", {}, [{ field: "fromId", key: "errors.village_merge_self" }]);
  const rows: VillageRow[] = await tx.query(`SELECT * FROM villages WHERE id = ANY($1) AND rootspace_id = $2 ORDER BY id FOR UPDATE`, [
    [intoId, fromId],
    rootspaceId,
  ]);
  const into = rows.find((r) => r.id === intoId);
  const from = rows.find((r) => r.id === fromId);
  if (!into || !from)
    throw new AppError(ErrorCode.NOT_FOUND, "errors.village_merge_missing", {}, [
      { field: into ? "fromId" : "intoId", key: "errors.village_merge_missing" },
    ]);
  const moved = await mergeVillageReferences(tx, { from, into });
  await absorbFacts(tx, from, into);
  await tx.query(`DELETE FROM villages WHERE id = $1`, [from.id]);
  await tx.query(
    `INSERT INTO village_slug_aliases (rootspace_id, slug, village_id) VALUES ($1, $2, $3)
     ON CONFLICT (rootspace_id, slug) DO UPDATE SET village_id = EXCLUDED.village_id`,
    [rootspaceId, from.slug, into.id],
  );
  const mergeId = newId();
  await tx.query(
    `INSERT INTO village_merges (id, rootspace_id, into_village_id, from_village_id, from_slug, from_name, from_source_ref, merged_by, moved)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [mergeId, rootspaceId, into.id, from.id, from.slug, from.name, from.source_ref, userId, JSON.stringify(moved)],
  );
  await audit(tx, {
    tableName: "villages",
    recordId: into.id,
    userId,
    action: "merge",
    before: { merged: from, into },
    after: { mergeId, moved, aliasSlug: from.slug },
  });
  return { intoId: into.id, moved };
}

/** Merges village B into A: curators of both villages, editors and admins; one transaction. */
export async function mergeVillages(ctx: Context, intoGlobalId: string, fromGlobalId: string): Promise<MergeOutcome> {
  if (!ctx.viewer.userId) throw unauthenticated();
  const intoId = rawIdOf(intoGlobalId, "Village");
  const fromId = rawIdOf(fromGlobalId, "Village");
  if (!intoId || !fromId)
    throw new AppError(ErrorCode.NOT_FOUND, "errors.village_merge_missing", {}, [
      { field: intoId ? "fromId" : "intoId", key: "errors.village_merge_missing" },
    ]);
  if (intoId !== fromId && !(mayReview(ctx.principal, [intoId]) && mayReview(ctx.principal, [fromId]))) throw forbidden();
  return ctx.ds.transaction((tx) => mergeVillagesTx(tx, ctx.rootspace.id, intoId, fromId, ctx.viewer.userId));
}
