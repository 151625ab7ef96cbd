import type { EntityManager } from "typeorm";
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

/** Moves one table's references from `from` to `into`; returns how many rows moved. */
type Move = (tx: EntityManager, from: VillageRow, into: VillageRow) => Promise<number>;

const count = (result: unknown): number => (Array.isArray(result) && typeof result[1] === "number" ? result[1] : 0);

/** A plain `UPDATE … SET column = into WHERE column = from`. */
const update =
  (table: string, column = "village_id"): Move =>
  async (tx, from, into) =>
    count(await tx.query(`UPDATE "${table}" SET "${column}" = $2 WHERE "${column}" = $1`, [from.id, into.id]));

/** Rows unique per (something, village): the merged-away village's duplicates go, the rest move. */
const updateUnique =
  (table: string, key: string, where = "TRUE"): Move =>
  async (tx, from, into) => {
    await tx.query(
      `DELETE FROM "${table}" b WHERE b.village_id = $1 AND ${where.replaceAll("$t", "b")}
         AND EXISTS (SELECT 1 FROM "${table}" a WHERE a.village_id = $2 AND a."${key}" = b."${key}" AND ${where.replaceAll("$t", "a")})`,
      [from.id, into.id],
    );
    return update(table)(tx, from, into);
  };

/**
 * Every column that points at a village, and how a merge moves it. A table added with a village
 * reference must be listed here: tests/integration/village-merge.test.ts reads information_schema
 * and fails otherwise.
 */
export const VILLAGE_REFERENCES: Record<string, Move> = {
  "people.village_id": update("people"),
  "people.registration_village_id": update("people", "registration_village_id"),
  "families.village_id": update("families"),
  "events.village_ids": async (tx, from, into) =>
    count(
      await tx.query(
        `UPDATE events SET village_ids = ARRAY(SELECT DISTINCT x FROM unnest(array_replace(village_ids, $1::uuid, $2::uuid)) x)
          WHERE $1::uuid = ANY(village_ids)`,
        [from.id, into.id],
      ),
    ),
  "assets.village_id": update("assets"),
  "registries.village_id": update("registries"),
  "media.village_id": update("media"),
  "import_staged.village_id": update("import_staged"),
  "village_curators.village_id": updateUnique("village_curators", "user_id"),
  "rootpedia_articles.village_id": moveArticles,
  "rootpedia_watches.village_id": updateUnique("rootpedia_watches", "user_id"),
  // Ballots: only their village changes (the ballots area's rules stay its own).
  "ballot_proposals.village_id": update("ballot_proposals"),
  "ballots.village_id": update("ballots"),
  // A member with a live passport to both keeps the kept village's; the other is revoked, not lost.
  "roots_passports.village_id": async (tx, from, into) => {
    await tx.query(
      `UPDATE roots_passports b SET revoked_at = now(), revoke_reason = 'village_merged'
        WHERE b.village_id = $1 AND b.revoked_at IS NULL
          AND EXISTS (SELECT 1 FROM roots_passports a WHERE a.village_id = $2 AND a.user_id = b.user_id AND a.revoked_at IS NULL)`,
      [from.id, into.id],
    );
    return update("roots_passports")(tx, from, into);
  },
  "village_slug_aliases.village_id": update("village_slug_aliases"),
  "village_merges.into_village_id": update("village_merges", "into_village_id"),
  // The record of an earlier merge names a village that no longer exists: nothing to move.
  "village_merges.from_village_id": async () => 0,
};

/**
 * Rootpedia articles: the kept village keeps one outline per language, so the merged-away
 * village's generated outline goes when nobody changed it (one revision, no proposal), and
 * otherwise stays as an ordinary article; an article whose slug the kept village already uses in
 * that language is renamed `<slug>-<old village slug>`.
 */
async function moveArticles(tx: EntityManager, from: VillageRow, into: VillageRow): Promise<number> {
  const articles: { id: string; language: string; slug: string; kind: string; revisions: number; proposals: number }[] = await tx.query(
    `SELECT a.id, a.language, a.slug, a.kind,
            (SELECT count(*)::int FROM rootpedia_revisions r WHERE r.article_id = a.id) AS revisions,
            (SELECT count(*)::int FROM ballot_proposals p WHERE p.article_id = a.id) AS proposals
       FROM rootpedia_articles a WHERE a.village_id = $1 ORDER BY a.created_at`,
    [from.id],
  );
  const kept: { language: string; slug: string; kind: string }[] = await tx.query(
    `SELECT language, slug, kind FROM rootpedia_articles WHERE village_id = $1`,
    [into.id],
  );
  const taken = new Set(kept.map((a) => `${a.language}:${a.slug}`));
  const hasOutline = new Set(kept.filter((a) => a.kind === "outline").map((a) => a.language));
  let moved = 0;
  for (const a of articles) {
    let kind = a.kind;
    if (a.kind === "outline" && hasOutline.has(a.language)) {
      if (a.revisions <= 1 && a.proposals === 0) {
        await tx.query(`DELETE FROM rootpedia_articles WHERE id = $1`, [a.id]);
        continue;
      }
      kind = "article";
    }
    let slug = a.slug;
    for (let n = 2; taken.has(`${a.language}:${slug}`); n++) slug = n === 2 ? `${a.slug}-${from.slug}` : `${a.slug}-${from.slug}-${n}`;
    taken.add(`${a.language}:${slug}`);
    await tx.query(`UPDATE rootpedia_articles SET village_id = $2, slug = $3, kind = $4, updated_at = now() WHERE id = $1`, [
      a.id,
      into.id,
      slug,
      kind,
    ]);
    moved++;
  }
  return moved;
}

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
  const moved: Record<string, number> = {};
  for (const [column, move] of Object.entries(VILLAGE_REFERENCES)) moved[column] = await move(tx, from, into);
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
  if (intoId !== fromId && !(mayReview(ctx.viewer, [intoId]) && mayReview(ctx.viewer, [fromId]))) throw forbidden();
  return ctx.ds.transaction((tx) => mergeVillagesTx(tx, ctx.rootspace.id, intoId, fromId, ctx.viewer.userId));
}
