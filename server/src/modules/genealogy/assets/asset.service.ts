import DataLoader from "dataloader";
import type { DataSource, EntityManager } from "typeorm";
import type { Context } from "../../../common/context.js";
import { AppError, ErrorCode, notFound, unauthenticated, type FieldError } from "../../../common/errors.js";
import { isUuid } from "../../../common/global-id.js";
import { insertRow } from "../../../common/sql.js";
import { newId } from "../../../common/uuid.js";
import { audit } from "../../audit/index.js";
import { viewerCan } from "../../../common/auth/policy.js";
import { recordPolicy } from "../people/person.policy.js";
import { rawIdOf } from "../people/person.service.js";
import { Provenance } from "../provenance.js";
import { ASSET_TYPES } from "./asset.entity.js";
import { AssetView, type AssetInput } from "./asset.types.js";
import { editableRow, updateAudited, deleteAudited } from "../records/audited-edit.js";

interface AssetRow {
  id: string;
  type: string;
  village_id: string;
  owner_id: string | null;
  name: string;
  name_ar: string | null;
  name_fr: string | null;
  description: string | null;
  description_ar: string | null;
  description_fr: string | null;
  latitude: number | null;
  longitude: number | null;
  sources: string | null;
  provenance: Provenance;
  confidence: number;
}

const COLUMNS = `a.id, a.type, a.village_id, a.owner_id, a.name, a.name_ar, a.name_fr, a.description, a.description_ar, a.description_fr,
  a.latitude, a.longitude, a.sources, a.provenance, a.confidence`;
const FROM = `FROM assets a JOIN villages v ON v.id = a.village_id AND v.is_public`;
/** A landmark is in its village's rootspace. */
const IN_ROOTSPACE = (n: string) => `v.rootspace_id = ${n}`;
const ORDER = `a.type, a.name, a.id`;

const present = (ctx: Context, r: AssetRow): AssetView =>
  Object.assign(new AssetView(), {
    rawId: r.id,
    villageId: r.village_id,
    type: r.type,
    name: r.name,
    nameAr: r.name_ar,
    nameFr: r.name_fr,
    description: r.description,
    descriptionAr: r.description_ar,
    descriptionFr: r.description_fr,
    latitude: r.latitude,
    longitude: r.longitude,
    sources: r.sources,
    provenance: r.provenance,
    confidence: r.confidence,
    viewerCan: viewerCan(recordPolicy, ctx.principal, { created_by: r.owner_id }),
  });

/** Per-request loader: the landmarks of every village on a page, in one query. */
export function createAssetLoaders({ ds }: { ds: DataSource }) {
  return {
    byVillage: new DataLoader<string, AssetRow[]>(async (ids) => {
      const rows: AssetRow[] = await ds.query(`SELECT ${COLUMNS} ${FROM} WHERE a.village_id = ANY($1) ORDER BY ${ORDER}`, [[...ids]]);
      return ids.map((id) => rows.filter((r) => r.village_id === id));
    }),
  };
}

export const landmarksOf = async (ctx: Context, villageRawId: string): Promise<AssetView[]> =>
  (await ctx.use(createAssetLoaders).byVillage.load(villageRawId)).map((r) => present(ctx, r));

async function loadRow(db: DataSource | EntityManager, id: string, rootspaceId: string, lock = false): Promise<AssetRow | null> {
  const rows: AssetRow[] = await db.query(
    `SELECT ${COLUMNS} ${FROM} WHERE a.id = $1 AND ${IN_ROOTSPACE("$2")}${lock ? " FOR UPDATE OF a" : ""}`,
    [id, rootspaceId],
  );
  return rows[0] ?? null;
}

export async function getAsset(ctx: Context, globalId: string): Promise<AssetView> {
  const id = rawIdOf(globalId, "Asset");
  const row = id ? await loadRow(ctx.ds, id, ctx.rootspace.id) : null;
  if (!row) throw notFound();
  return present(ctx, row);
}

/** Landmarks of a village, optionally of one type. */
export async function listAssets(ctx: Context, villageGlobalId: string, type: string | null): Promise<AssetView[]> {
  const villageId = rawIdOf(villageGlobalId, "Village");
  if (!villageId) throw notFound();
  if (type && !(ASSET_TYPES as readonly string[]).includes(type))
    throw new AppError(ErrorCode.BAD_USER_INPUT, "errors.bad_input", {}, [{ field: "type", key: "errors.validation.isIn" }]);
  const rows: AssetRow[] = await ctx.ds.query(
    `SELECT ${COLUMNS} ${FROM} WHERE a.village_id = $1 AND ($2::text IS NULL OR a.type = $2) AND ${IN_ROOTSPACE("$3")} ORDER BY ${ORDER} LIMIT 500`,
    [villageId, type, ctx.rootspace.id],
  );
  return rows.map((r) => present(ctx, r));
}

const text = (v: string | null | undefined) => (v === undefined ? undefined : v?.trim() || null);

/** Merges input into the current row and checks it; throws every problem at once. */
async function normalise(
  tx: EntityManager,
  input: AssetInput,
  current: AssetRow | null,
  rootspaceId: string,
): Promise<Record<string, unknown>> {
  const errors: FieldError[] = [];
  const type = input.type ?? current?.type;
  if (!type || !(ASSET_TYPES as readonly string[]).includes(type)) errors.push({ field: "type", key: "errors.validation.isIn" });
  let villageId = current?.village_id ?? null;
  if (input.villageId !== undefined) {
    villageId = rawIdOf(input.villageId, "Village");
    if (
      !villageId ||
      !((await tx.query(`SELECT 1 FROM villages WHERE id = $1 AND rootspace_id = $2 AND is_public`, [villageId, rootspaceId])) as unknown[])
        .length
    )
      errors.push({ field: "villageId", key: "errors.not_found" });
  }
  const name = text(input.name) === undefined ? current?.name : text(input.name);
  const nameAr = text(input.nameAr) === undefined ? current?.name_ar : text(input.nameAr);
  if (!name && !nameAr) errors.push({ field: "name", key: "errors.asset_name_required" });
  const lat = input.latitude === undefined ? (current?.latitude ?? null) : input.latitude;
  const lng = input.longitude === undefined ? (current?.longitude ?? null) : input.longitude;
  if ((lat === null) !== (lng === null))
    errors.push({ field: lat === null ? "latitude" : "longitude", key: "errors.coordinates_incomplete" });
  if (errors.length) throw new AppError(ErrorCode.BAD_USER_INPUT, "errors.bad_input", {}, errors);
  const fields: Record<string, unknown> = {
    type,
    village_id: villageId,
    name: name ?? nameAr,
    name_ar: nameAr ?? null,
    latitude: lat,
    longitude: lng,
  };
  const copy: [keyof AssetInput, string][] = [
    ["nameFr", "name_fr"],
    ["description", "description"],
    ["descriptionAr", "description_ar"],
    ["descriptionFr", "description_fr"],
    ["sources", "sources"],
  ];
  for (const [k, col] of copy) if (input[k] !== undefined) fields[col] = text(input[k] as string | null);
  return fields;
}

/** Records a landmark (members); the member becomes its owner. */
export async function createAsset(ctx: Context, input: AssetInput): Promise<AssetView> {
  if (!ctx.viewer.userId) throw unauthenticated();
  const id = newId();
  await ctx.ds.transaction(async (tx) => {
    if (input.villageId === undefined || input.villageId === null)
      throw new AppError(ErrorCode.BAD_USER_INPUT, "errors.bad_input", {}, [{ field: "villageId", key: "errors.not_found" }]);
    const row = {
      id,
      ...(await normalise(tx, input, null, ctx.rootspace.id)),
      owner_id: ctx.viewer.userId,
      provenance: Provenance.COMMUNITY,
    };
    await insertRow(tx, "assets", row);
    await audit(tx, { tableName: "assets", recordId: id, userId: ctx.viewer.userId, action: "create", after: row });
  });
  return (await getAssetRaw(ctx, id))!;
}

const getAssetRaw = async (ctx: Context, id: string) => {
  const row = await loadRow(ctx.ds, id, ctx.rootspace.id);
  return row && present(ctx, row);
};

async function lockEditable(ctx: Context, tx: EntityManager, globalId: string): Promise<AssetRow> {
  const id = rawIdOf(globalId, "Asset");
  return editableRow(ctx, id ? await loadRow(tx, id, ctx.rootspace.id, true) : null, (r) => r.owner_id);
}

/** Changes a landmark (its owner, editors, admins). */
export async function updateAsset(ctx: Context, globalId: string, input: AssetInput): Promise<AssetView> {
  if (!ctx.viewer.userId) throw unauthenticated();
  const id = await ctx.ds.transaction(async (tx) => {
    const current = await lockEditable(ctx, tx, globalId);
    const fields = await normalise(tx, input, current, ctx.rootspace.id);
    await updateAudited(tx, ctx, "assets", current, fields);
    return current.id;
  });
  return (await getAssetRaw(ctx, id))!;
}

/** Deletes a landmark (its owner, editors, admins). */
export async function deleteAsset(ctx: Context, globalId: string): Promise<boolean> {
  if (!ctx.viewer.userId) throw unauthenticated();
  await ctx.ds.transaction(async (tx) => {
    const current = await lockEditable(ctx, tx, globalId);
    await deleteAudited(tx, ctx, "assets", current);
  });
  return true;
}

/** `node(id)` for landmarks. */
export const assetNode = async (ctx: Context, rawId: string): Promise<AssetView | null> => (isUuid(rawId) ? getAssetRaw(ctx, rawId) : null);
