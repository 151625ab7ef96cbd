import type { EntityManager } from "typeorm";
import { mergePersonReferences } from "../../../common/area-hooks.js";
import type { Context } from "../../../common/context.js";
import { AppError, ErrorCode, forbidden, notFound, unauthenticated, type FieldError } from "../../../common/errors.js";
import { audit } from "../../audit/index.js";
import { curates, isReviewStaff } from "../curation/curation.policy.js";
import { appendSource } from "../curation/review.service.js";
import { hasArabic, nameKeys } from "../names/normalize.js";
import { accessTo, livingSql } from "./person.policy.js";
import { getPerson, lockParentLinks, MIN_PARENT_GAP_YEARS, rawIdOf } from "./person.service.js";
import type { PersonView } from "./person.types.js";

/** Columns filled from the merged record when the kept one has none. */
const FILLABLE = [
  "full_name_ar",
  "given_name",
  "father_name",
  "grandfather_name",
  "mother_name",
  "birth_date_text",
  "birth_date_qualifier",
  "birth_date_from",
  "birth_date_to",
  "birth_place",
  "death_date_text",
  "death_date_qualifier",
  "death_date_from",
  "death_date_to",
  "death_place",
  "occupation",
  "bio",
  "current_location",
  "current_country",
  "registration_village_id",
  "registration_number",
  "family_id",
  "village_id",
  "user_id",
] as const;
/** Birth and death dates move as a whole: never a text from one record with a range from the other. */
const DATE_GROUPS: Record<string, string[]> = {
  birth_date_text: ["birth_date_text", "birth_date_qualifier", "birth_date_from", "birth_date_to"],
  death_date_text: ["death_date_text", "death_date_qualifier", "death_date_from", "death_date_to"],
};

type Row = Record<string, unknown> & {
  id: string;
  created_by: string | null;
  user_id: string | null;
  village_id: string | null;
  full_name: string;
  full_name_ar: string | null;
  name_variants: string[];
  sources: string | null;
  is_deceased: boolean;
};

/** Editors and admins; curators of both people's villages; a member only for two records they own. */
export function mayMerge(
  ctx: Context,
  keep: Pick<Row, "created_by" | "village_id">,
  gone: Pick<Row, "created_by" | "village_id">,
): boolean {
  if (isReviewStaff(ctx.principal)) return true;
  if (curates(ctx.principal, keep.village_id) && curates(ctx.principal, gone.village_id)) return true;
  return ctx.viewer.userId !== null && keep.created_by === ctx.viewer.userId && gone.created_by === ctx.viewer.userId;
}

/**
 * Moves the records hung on people from `gone` to `keep`: events where the merged person is the
 * primary or secondary person, registry entries and trees drawn from them here, then every
 * area's rows through its `onPersonMerge` hook. An event between the two (e.g. their "marriage")
 * keeps the kept person once, as primary, like createEvent refuses a person twice.
 */
async function moveOtherRecords(tx: EntityManager, keepId: string, goneId: string, goneCreator: string | null): Promise<void> {
  await tx.query(
    `UPDATE events SET
       primary_person_id = CASE WHEN primary_person_id = $2 THEN $1 ELSE primary_person_id END,
       secondary_person_id = CASE WHEN secondary_person_id IN ($1, $2) AND primary_person_id IN ($1, $2) THEN NULL
                                  WHEN secondary_person_id = $2 THEN $1 ELSE secondary_person_id END
     WHERE primary_person_id = $2 OR secondary_person_id = $2`,
    [keepId, goneId],
  );
  await tx.query(`UPDATE registry_entries SET person_id = $1 WHERE person_id = $2`, [keepId, goneId]);
  // A tree drawn from the merged person opens on the kept one.
  await tx.query(`UPDATE member_tree_roots SET person_id = $1 WHERE person_id = $2`, [keepId, goneId]);
  // Other areas' rows (pictures, what imports recorded) follow through their own hooks.
  await mergePersonReferences(tx, { keepId, goneId, goneCreator });
}

/** Moves parent links and unions from `gone` to `keep`, dropping links that would then be duplicates. */
async function moveLinks(tx: EntityManager, keepId: string, goneId: string): Promise<void> {
  await tx.query(
    `DELETE FROM parent_links g WHERE g.parent_id = $2 AND EXISTS (SELECT 1 FROM parent_links k WHERE k.parent_id = $1 AND k.child_id = g.child_id)`,
    [keepId, goneId],
  );
  await tx.query(`UPDATE parent_links SET parent_id = $1 WHERE parent_id = $2`, [keepId, goneId]);
  await tx.query(
    `DELETE FROM parent_links g WHERE g.child_id = $2 AND EXISTS (SELECT 1 FROM parent_links k WHERE k.child_id = $1 AND k.parent_id = g.parent_id)`,
    [keepId, goneId],
  );
  await tx.query(`UPDATE parent_links SET child_id = $1 WHERE child_id = $2`, [keepId, goneId]);
  const other = `CASE WHEN u.partner1_id = $2 THEN u.partner2_id ELSE u.partner1_id END`;
  await tx.query(
    `DELETE FROM unions u WHERE (u.partner1_id = $2 OR u.partner2_id = $2)
       AND (${other} = $1 OR EXISTS (SELECT 1 FROM unions x WHERE x.partner1_id = least($1, ${other}) AND x.partner2_id = greatest($1, ${other}) AND x.kind = u.kind))`,
    [keepId, goneId],
  );
  await tx.query(
    `UPDATE unions u SET partner1_id = least($1, ${other}), partner2_id = greatest($1, ${other}) WHERE u.partner1_id = $2 OR u.partner2_id = $2`,
    [keepId, goneId],
  );
}

/**
 * The merged person must still make sense: at most two birth parents, and every parent
 * at least 12 years older than every child (dates may have come from the merged record).
 * Throwing rolls the whole merge back.
 */
async function checkMergedLinks(tx: EntityManager, id: string): Promise<void> {
  const [check]: { birth_parents: number; too_young: boolean }[] = await tx.query(
    `SELECT (SELECT count(*)::int FROM parent_links WHERE child_id = $1 AND kind = 'birth') AS birth_parents,
            EXISTS (SELECT 1 FROM parent_links pl JOIN people par ON par.id = pl.parent_id JOIN people ch ON ch.id = pl.child_id
                     WHERE (pl.parent_id = $1 OR pl.child_id = $1) AND ch.birth_date_to IS NOT NULL AND par.birth_date_from IS NOT NULL
                       AND extract(year FROM ch.birth_date_to) - extract(year FROM par.birth_date_from) < $2) AS too_young`,
    [id, MIN_PARENT_GAP_YEARS],
  );
  const errors: FieldError[] = [];
  if (check.birth_parents > 2) errors.push({ field: "mergeId", key: "errors.too_many_birth_parents" });
  if (check.too_young) errors.push({ field: "mergeId", key: "errors.parent_too_young", params: { years: MIN_PARENT_GAP_YEARS } });
  if (errors.length) throw new AppError(ErrorCode.BAD_USER_INPUT, "errors.bad_input", {}, errors);
}

/**
 * Merges `mergeId` into `keepId` in one transaction: every parent link and union moves
 * to the kept person (duplicates dropped), and so do events and registry entries; sources
 * are joined without repeats, name variants united (the merged names become variants),
 * empty fields filled from the merged record. Refused when one is the other's ancestor
 * (the merge would make a person their own parent). The merged record is deleted; its global id then answers NOT_FOUND, and
 * its history stays readable through the kept person (a `merge` audit entry maps old → new).
 */
export async function mergePeople(ctx: Context, keepGlobalId: string, mergeGlobalId: string): Promise<PersonView> {
  if (!ctx.viewer.userId) throw unauthenticated();
  const keepId = rawIdOf(keepGlobalId, "Person");
  const goneId = rawIdOf(mergeGlobalId, "Person");
  if (!keepId || !goneId) throw notFound();
  if (keepId === goneId)
    throw new AppError(ErrorCode.BAD_USER_INPUT, "errors.merge_same", {}, [{ field: "mergeId", key: "errors.merge_same" }]);
  await ctx.ds.transaction(async (tx) => {
    // The same lock as addParent: no link may be written while links move.
    await lockParentLinks(tx, ctx.rootspace.id);
    const rows: (Row & { living: boolean; privacy_settings: never; is_public: boolean })[] = await tx.query(
      `SELECT p.*, ${livingSql("p")} AS living, p.birth_date_from::text AS birth_date_from, p.birth_date_to::text AS birth_date_to,
              p.death_date_from::text AS death_date_from, p.death_date_to::text AS death_date_to
         FROM people p WHERE p.id = ANY($1) AND p.rootspace_id = $2 ORDER BY p.id FOR UPDATE`,
      [[keepId, goneId], ctx.rootspace.id],
    );
    const keep = rows.find((r) => r.id === keepId);
    const gone = rows.find((r) => r.id === goneId);
    if (!keep || !gone || accessTo(ctx.principal, keep) === "none" || accessTo(ctx.principal, gone) === "none") throw notFound();
    if (!mayMerge(ctx, keep, gone)) throw forbidden();
    const [{ related }]: { related: boolean }[] = await tx.query(
      `WITH RECURSIVE below(id) AS (
         SELECT child_id FROM parent_links WHERE parent_id = $1
         UNION SELECT pl.child_id FROM parent_links pl JOIN below b ON pl.parent_id = b.id),
       above(id) AS (
         SELECT parent_id FROM parent_links WHERE child_id = $1
         UNION SELECT pl.parent_id FROM parent_links pl JOIN above a ON pl.child_id = a.id)
       SELECT EXISTS (SELECT 1 FROM below WHERE id = $2) OR EXISTS (SELECT 1 FROM above WHERE id = $2) AS related`,
      [keepId, goneId],
    );
    if (related) throw new AppError(ErrorCode.BAD_USER_INPUT, "errors.merge_cycle", {}, [{ field: "mergeId", key: "errors.merge_cycle" }]);

    const fields: Record<string, unknown> = {};
    for (const col of FILLABLE) {
      if (col in fields || (keep[col] !== null && keep[col] !== "")) continue;
      if (gone[col] === null || gone[col] === "") continue;
      for (const c of DATE_GROUPS[col] ?? [col]) fields[c] = gone[c];
    }
    if (gone.is_deceased && !keep.is_deceased) fields.is_deceased = true;
    let sources = keep.sources;
    for (const line of (gone.sources ?? "")
      .split("\n")
      .map((l) => l.trim())
      .filter(Boolean))
      sources = appendSource(sources, line);
    if (sources !== keep.sources) fields.sources = sources;
    const fullNameAr = (fields.full_name_ar as string | undefined) ?? keep.full_name_ar;
    const own = new Set([keep.full_name, fullNameAr].filter(Boolean));
    const variants = [
      ...new Set(
        [...keep.name_variants, ...gone.name_variants, gone.full_name, gone.full_name_ar].filter(
          (n): n is string => Boolean(n) && !own.has(n!),
        ),
      ),
    ];
    fields.name_variants = variants;
    const keys = nameKeys([keep.full_name, ...variants.filter((n) => !hasArabic(n))], [fullNameAr, ...variants.filter(hasArabic)]);
    Object.assign(fields, { key_latin: keys.latin, key_arabic: keys.arabic, key_skeleton: keys.skeleton });

    // Other areas' hooks see the two people's unions as they were, before links move.
    await moveOtherRecords(tx, keepId, goneId, gone.created_by);
    await moveLinks(tx, keepId, goneId);
    // The merged record goes first; its links already moved, so nothing cascades.
    await tx.query(`DELETE FROM people WHERE id = $1`, [goneId]);
    const cols = Object.keys(fields);
    await tx.query(`UPDATE people SET ${cols.map((c, i) => `"${c}" = $${i + 2}`).join(", ")}, updated_at = now() WHERE id = $1`, [
      keepId,
      ...Object.values(fields),
    ]);
    await checkMergedLinks(tx, keepId);
    const strip = ({ living: _l, living_until: _u, kin_until: _k, ...r }: Record<string, unknown>) => r;
    await audit(tx, {
      tableName: "people",
      recordId: goneId,
      userId: ctx.viewer.userId,
      action: "merge",
      before: strip(gone),
      after: { mergedInto: keepId },
    });
    await audit(tx, {
      tableName: "people",
      recordId: keepId,
      userId: ctx.viewer.userId,
      action: "merge",
      before: Object.fromEntries(cols.map((c) => [c, keep[c]])),
      after: { ...fields, mergedFrom: goneId },
    });
  });
  return getPerson(ctx, keepGlobalId);
}
