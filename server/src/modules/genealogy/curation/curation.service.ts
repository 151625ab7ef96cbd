import type { Context } from "../../../common/context.js";
import { AppError, ErrorCode, forbidden, notFound, unauthenticated } from "../../../common/errors.js";
import { toGlobalId } from "../../../common/global-id.js";
import { newId } from "../../../common/uuid.js";
import { audit } from "../../audit/index.js";
import { rawIdOf } from "../people/person.service.js";
import { hasArabic } from "../names/normalize.js";
import { refreshVillageKeys } from "../villages/village.keys.js";
import { Village } from "../villages/village.entity.js";
import { curatedIds, mayReview } from "./curation.policy.js";
import type { CuratorAssignmentInput, VillageCuratorView, VillageUpdateInput } from "./curation.types.js";

interface CuratorRow {
  user_id: string;
  display_name: string;
  village_id: string;
  name: string;
  name_ar: string | null;
  name_fr: string | null;
  slug: string;
  expires_at: Date | null;
  active: boolean;
}

const CURATOR_SELECT = `SELECT vc.user_id, u.display_name, vc.village_id, v.name, v.name_ar, v.name_fr, v.slug, vc.expires_at,
    (EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = vc.user_id AND r.role = 'local_root_curator' AND (r.expires_at IS NULL OR r.expires_at > now()))
     AND (vc.expires_at IS NULL OR vc.expires_at > now())) AS active
  FROM village_curators vc JOIN users u ON u.id = vc.user_id JOIN villages v ON v.id = vc.village_id`;

const present = (r: CuratorRow): VillageCuratorView => ({
  userId: toGlobalId("User", r.user_id),
  displayName: r.display_name,
  villageId: toGlobalId(Village.typeName, r.village_id),
  villageName: r.name,
  villageNameAr: r.name_ar,
  villageNameFr: r.name_fr,
  villageSlug: r.slug,
  expiresAt: r.expires_at,
  active: r.active,
});

/** Curator assignments to villages of the request's rootspace, optionally of one member (admins). */
export async function listCurators(ctx: Context, userGlobalId: string | null): Promise<VillageCuratorView[]> {
  const userId = userGlobalId ? rawIdOf(userGlobalId, "User") : null;
  if (userGlobalId && !userId) throw notFound();
  const rows: CuratorRow[] = await ctx.ds.query(
    `${CURATOR_SELECT} WHERE ($1::uuid IS NULL OR vc.user_id = $1) AND v.rootspace_id = $2 ORDER BY v.name, u.display_name`,
    [userId, ctx.rootspace.id],
  );
  return rows.map(present);
}

/** Assigns a member to curate a village (or changes the end date). Audited. */
export async function assignCurator(ctx: Context, input: CuratorAssignmentInput): Promise<VillageCuratorView[]> {
  const userId = rawIdOf(input.userId, "User");
  const villageId = rawIdOf(input.villageId, Village.typeName);
  if (!userId || !villageId) throw notFound();
  if (input.expiresAt && input.expiresAt <= ctx.clock.now()) {
    throw new AppError(ErrorCode.BAD_USER_INPUT, "errors.bad_input", {}, [{ field: "expiresAt", key: "errors.expiry_in_past" }]);
  }
  await ctx.ds.transaction(async (tx) => {
    const [found]: { u: boolean; v: boolean }[] = await tx.query(
      `SELECT EXISTS (SELECT 1 FROM users WHERE id = $1) AS u, EXISTS (SELECT 1 FROM villages WHERE id = $2 AND rootspace_id = $3) AS v`,
      [userId, villageId, ctx.rootspace.id],
    );
    if (!found.u || !found.v) throw notFound();
    const before: unknown[] = await tx.query(`SELECT expires_at FROM village_curators WHERE user_id = $1 AND village_id = $2`, [
      userId,
      villageId,
    ]);
    await tx.query(
      `INSERT INTO village_curators (id, user_id, village_id, granted_by, expires_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (user_id, village_id) DO UPDATE SET expires_at = EXCLUDED.expires_at, granted_by = EXCLUDED.granted_by`,
      [newId(), userId, villageId, ctx.viewer.userId, input.expiresAt ?? null],
    );
    await audit(tx, {
      tableName: "village_curators",
      recordId: `${userId}:${villageId}`,
      userId: ctx.viewer.userId,
      action: before.length ? "update" : "create",
      before: (before[0] as Record<string, unknown>) ?? null,
      after: { expires_at: input.expiresAt ?? null },
    });
  });
  return listCurators(ctx, input.userId);
}

/** Removes a curator from a village. Audited. */
export async function unassignCurator(ctx: Context, userGlobalId: string, villageGlobalId: string): Promise<VillageCuratorView[]> {
  const userId = rawIdOf(userGlobalId, "User");
  const villageId = rawIdOf(villageGlobalId, Village.typeName);
  if (!userId || !villageId) throw notFound();
  await ctx.ds.transaction(async (tx) => {
    const [[gone]]: [Record<string, unknown>[], number] = await tx.query(
      `DELETE FROM village_curators WHERE user_id = $1 AND village_id = $2 AND village_id IN (SELECT id FROM villages WHERE rootspace_id = $3)
       RETURNING expires_at, granted_by`,
      [userId, villageId, ctx.rootspace.id],
    );
    if (!gone) throw notFound();
    await audit(tx, {
      tableName: "village_curators",
      recordId: `${userId}:${villageId}`,
      userId: ctx.viewer.userId,
      action: "delete",
      before: gone,
    });
  });
  return listCurators(ctx, userGlobalId);
}

/** Villages of the request's rootspace the viewer curates (empty for those who curate none). */
export async function myCuratedVillages(ctx: Context): Promise<Village[]> {
  const ids = curatedIds(ctx.principal);
  if (!ids.length) return [];
  return ctx.ds
    .getRepository(Village)
    .createQueryBuilder("v")
    .where("v.id = ANY(:ids) AND v.rootspace_id = :rs", { ids, rs: ctx.rootspace.id })
    .orderBy("v.name")
    .getMany();
}

const VILLAGE_FIELDS: [keyof VillageUpdateInput, string, boolean][] = [
  ["nameAr", "name_ar", true],
  ["description", "description", true],
  ["descriptionAr", "description_ar", true],
  ["descriptionFr", "description_fr", true],
  ["hasRegistry", "has_registry", false],
  ["hasChurch", "has_church", false],
  ["hasMosque", "has_mosque", false],
  ["hasSchool", "has_school", false],
  ["populationCurrent", "population_current", true],
  ["diasporaCount", "diaspora_count", true],
];

/** Changes a village's descriptions and facts: curators of that village, editors, admins. Audited with before and after. */
export async function updateVillage(ctx: Context, globalId: string, input: VillageUpdateInput): Promise<Village> {
  if (!ctx.viewer.userId) throw unauthenticated();
  const id = rawIdOf(globalId, Village.typeName);
  if (!id) throw notFound();
  if (!mayReview(ctx.principal, [id])) throw forbidden();
  const fields: Record<string, unknown> = {};
  for (const [key, col, nullable] of VILLAGE_FIELDS) {
    const value = input[key];
    if (value === undefined || (value === null && !nullable)) continue;
    fields[col] = typeof value === "string" ? value.trim() || null : value;
  }
  if (typeof fields.name_ar === "string" && !hasArabic(fields.name_ar))
    throw new AppError(ErrorCode.BAD_USER_INPUT, "errors.bad_input", {}, [{ field: "nameAr", key: "errors.validation.matches" }]);
  // A curator's Arabic name is kept by the gazetteer re-import.
  if ("name_ar" in fields) fields.name_ar_curated = fields.name_ar !== null;
  await ctx.ds.transaction(async (tx) => {
    const cols = Object.keys(fields);
    const [current]: Record<string, unknown>[] = await tx.query(
      `SELECT ${cols.length ? cols.map((c) => `"${c}"`).join(", ") : "id"} FROM villages WHERE id = $1 AND rootspace_id = $2 AND is_public FOR UPDATE`,
      [id, ctx.rootspace.id],
    );
    if (!current) throw notFound();
    if (!cols.length) return;
    await tx.query(`UPDATE villages SET ${cols.map((c, i) => `"${c}" = $${i + 2}`).join(", ")}, updated_at = now() WHERE id = $1`, [
      id,
      ...Object.values(fields),
    ]);
    if ("name_ar" in fields) await refreshVillageKeys(tx, id);
    await audit(tx, { tableName: "villages", recordId: id, userId: ctx.viewer.userId, action: "update", before: current, after: fields });
  });
  return (await ctx.ds.getRepository(Village).findOneBy({ id }))!;
}
