import { publicVillageJoin } from "../villages/public-village.js";
import DataLoader from "dataloader";
import type { EntityManager } from "typeorm";
import type { Context } from "../../../common/context.js";
import { AppError, ErrorCode, notFound, unauthenticated, type FieldError } from "../../../common/errors.js";
import { isUuid } from "../../../common/global-id.js";
import { insertRow } from "../../../common/sql.js";
import { newId } from "../../../common/uuid.js";
import { audit } from "../../audit/index.js";
import { viewerCan } from "../../../common/auth/policy.js";
import { accessTo, canEdit, hiddenParts, POLICY_COLUMNS, recordPolicy } from "../people/person.policy.js";
import { maskFields } from "../people/person.policy-table.js";
import { PERSON_COLUMNS, presentPerson, type PersonRow } from "../people/person.present.js";
import { rawIdOf } from "../people/person.service.js";
import { seesPersonSql, viewerParams } from "../people/person.visibility.js";
import { Provenance } from "../provenance.js";
import { REGISTRY_TYPES } from "./registry.entity.js";
import { RegistryEntryView, RegistryView, type RegistryCountry, type RegistryEntryInput, type RegistryInput } from "./registry.types.js";

interface RegistryRow {
  id: string;
  type: string;
  village_id: string;
  title: string | null;
  title_ar: string | null;
  title_fr: string | null;
  created_by: string | null;
}
type EntryRow = PersonRow & {
  entry_id: string;
  registry_id: string;
  village_id: string;
  destination_country: string;
  departure_year: number | null;
  notes: string | null;
  entry_sources: string | null;
  entry_provenance: Provenance;
  entry_confidence: number;
  entry_created_by: string | null;
};

const REGISTRY_COLUMNS = `r.id, r.type, r.village_id, r.title, r.title_ar, r.title_fr, r.created_by`;
const ENTRY_SELECT = `SELECT re.id AS entry_id, re.registry_id, r.village_id, re.destination_country, re.departure_year, re.notes, re.sources AS entry_sources,
    re.provenance AS entry_provenance, re.confidence AS entry_confidence, re.created_by AS entry_created_by, ${POLICY_COLUMNS}, ${PERSON_COLUMNS}
  FROM registry_entries re JOIN registries r ON r.id = re.registry_id JOIN people p ON p.id = re.person_id`;
/** Entries whose person the viewer sees as more than Private ($1–$3: viewerParams). */
const VISIBLE = seesPersonSql("p", "$1", "$2", "$3");
const ENTRY_ORDER = `re.destination_country, re.departure_year NULLS LAST, p.full_name, re.id`;

const regionNames = new Intl.DisplayNames(["en"], { type: "region", fallback: "code" });
/** True for an assigned ISO 3166-1 alpha-2 code (ICU knows its name). */
export const isCountryCode = (code: string): boolean =>
  /^[A-Z]{2}$/.test(code) && regionNames.of(code) !== code && !["ZZ", "XA", "XB", "EU", "UN"].includes(code);

const edit = (ctx: Context, createdBy: string | null) => viewerCan(recordPolicy, ctx.principal, { created_by: createdBy });

const presentRegistry = (ctx: Context, r: RegistryRow): RegistryView =>
  Object.assign(new RegistryView(), {
    rawId: r.id,
    villageId: r.village_id,
    type: r.type,
    title: r.title,
    titleAr: r.title_ar,
    titleFr: r.title_fr,
    viewerCan: edit(ctx, r.created_by),
  });

/** Shapes entries; the SQL already left out hidden people, this re-checks with the policy. */
function presentEntries(ctx: Context, rows: EntryRow[]): RegistryEntryView[] {
  return rows.flatMap((r) => {
    const access = accessTo(ctx.principal, r);
    const hidden = hiddenParts(access, r.privacy_settings);
    if (hidden.all) return [];
    return [
      maskFields(
        "RegistryEntry",
        Object.assign(new RegistryEntryView(), {
          rawId: r.entry_id,
          person: presentPerson(r, ctx.principal, ctx.language, access),
          destinationCountry: r.destination_country,
          departureYear: r.departure_year,
          notes: r.notes,
          sources: r.entry_sources,
          provenance: r.entry_provenance,
          confidence: r.entry_confidence,
          viewerCan: edit(ctx, r.entry_created_by),
        }),
        hidden,
      ),
    ];
  });
}

function buildLoaders(ctx: Context) {
  // $1–$3 what the viewer sees, $4 the request's rootspace (entries: their person's).
  const params = viewerParams(ctx).then((p) => [...p, ctx.rootspace.id]);
  return {
    /** Countries with counts of visible entries, for every village asked for, in one query. */
    summary: new DataLoader<string, RegistryCountry[]>(async (villageIds) => {
      const rows: { village_id: string; country: string; count: number }[] = await ctx.ds.query(
        `SELECT r.village_id, re.destination_country AS country, count(*)::int AS count
           FROM registry_entries re JOIN registries r ON r.id = re.registry_id JOIN people p ON p.id = re.person_id
          WHERE r.village_id = ANY($5) AND p.rootspace_id = $4 AND ${VISIBLE}
          GROUP BY r.village_id, re.destination_country ORDER BY count(*) DESC, re.destination_country`,
        [...(await params), [...villageIds]],
      );
      return villageIds.map((id) =>
        rows.filter((r) => r.village_id === id).map((r) => ({ villageId: id, country: r.country, count: r.count })),
      );
    }),
    /** Visible entries of (village, country) pairs, keyed "villageId:CC". */
    byCountry: new DataLoader<string, EntryRow[]>(async (keys) => {
      const pairs = keys.map((k) => k.split(":"));
      const rows: EntryRow[] = await ctx.ds.query(
        `${ENTRY_SELECT} JOIN unnest($5::uuid[], $6::text[]) AS k(vid, cc) ON k.vid = r.village_id AND k.cc = re.destination_country
          WHERE p.rootspace_id = $4 AND ${VISIBLE} ORDER BY ${ENTRY_ORDER}`,
        [...(await params), pairs.map((p) => p[0]), pairs.map((p) => p[1])],
      );
      return keys.map((k) => rows.filter((r) => `${r.village_id}:${r.destination_country}` === k));
    }),
    byRegistry: new DataLoader<string, EntryRow[]>(async (ids) => {
      const rows: EntryRow[] = await ctx.ds.query(
        `${ENTRY_SELECT} WHERE re.registry_id = ANY($5) AND p.rootspace_id = $4 AND ${VISIBLE} ORDER BY ${ENTRY_ORDER}`,
        [...(await params), [...ids]],
      );
      return ids.map((id) => rows.filter((r) => r.registry_id === id));
    }),
  };
}

/** Per-request, per-viewer registry loaders. */
export const registryLoaders = (ctx: Context) => ctx.use(buildLoaders);

export const countryEntries = async (ctx: Context, c: RegistryCountry): Promise<RegistryEntryView[]> =>
  presentEntries(ctx, await registryLoaders(ctx).byCountry.load(`${c.villageId}:${c.country}`));

export const registryEntries = async (ctx: Context, registryRawId: string): Promise<RegistryEntryView[]> =>
  presentEntries(ctx, await registryLoaders(ctx).byRegistry.load(registryRawId));

/** The registers of a village. */
export async function registriesOf(ctx: Context, villageGlobalId: string): Promise<RegistryView[]> {
  const villageId = rawIdOf(villageGlobalId, "Village");
  if (!villageId) throw notFound();
  const rows: RegistryRow[] = await ctx.ds.query(
    `SELECT ${REGISTRY_COLUMNS} FROM registries r ${publicVillageJoin("r", "$2")} WHERE r.village_id = $1 ORDER BY r.type, r.id`,
    [villageId, ctx.rootspace.id],
  );
  return rows.map((r) => presentRegistry(ctx, r));
}

/** A village's emigrants grouped by destination country (counts of what the viewer may see). */
export async function byCountry(ctx: Context, villageGlobalId: string): Promise<RegistryCountry[]> {
  const villageId = rawIdOf(villageGlobalId, "Village");
  if (!villageId) throw notFound();
  return registryLoaders(ctx).summary.load(villageId);
}

const bad = (errors: FieldError[]) => new AppError(ErrorCode.BAD_USER_INPUT, "errors.bad_input", {}, errors);
const text = (v: string | null | undefined) => (v === undefined ? undefined : v?.trim() || null);

async function villageExists(db: EntityManager, id: string | null, rootspaceId: string): Promise<boolean> {
  return Boolean(
    id &&
    ((await db.query(`SELECT 1 FROM villages WHERE id = $1 AND rootspace_id = $2 AND is_public`, [id, rootspaceId])) as unknown[]).length,
  );
}

/** Opens a register for a village (members). */
export async function createRegistry(ctx: Context, input: RegistryInput): Promise<RegistryView> {
  if (!ctx.viewer.userId) throw unauthenticated();
  const type = input.type ?? "emigrant";
  const errors: FieldError[] = [];
  if (!(REGISTRY_TYPES as readonly string[]).includes(type)) errors.push({ field: "type", key: "errors.validation.isIn" });
  const villageId = rawIdOf(input.villageId, "Village");
  const id = newId();
  const row = {
    id,
    type,
    village_id: villageId,
    title: text(input.title) ?? null,
    title_ar: text(input.titleAr) ?? null,
    title_fr: text(input.titleFr) ?? null,
    created_by: ctx.viewer.userId,
  };
  await ctx.ds.transaction(async (tx) => {
    if (!(await villageExists(tx, villageId, ctx.rootspace.id))) errors.push({ field: "villageId", key: "errors.not_found" });
    if (errors.length) throw bad(errors);
    await insertRow(tx, "registries", row);
    await audit(tx, { tableName: "registries", recordId: id, userId: ctx.viewer.userId, action: "create", after: row });
  });
  return presentRegistry(ctx, row as RegistryRow);
}

async function lockRegistry(ctx: Context, tx: EntityManager, globalId: string): Promise<RegistryRow> {
  const id = rawIdOf(globalId, "Registry");
  const [row]: RegistryRow[] = id
    ? await tx.query(
        `SELECT ${REGISTRY_COLUMNS} FROM registries r JOIN villages v ON v.id = r.village_id AND v.rootspace_id = $2 WHERE r.id = $1 FOR UPDATE OF r`,
        [id, ctx.rootspace.id],
      )
    : [];
  if (!row) throw notFound();
  if (!canEdit(ctx.principal, { created_by: row.created_by, user_id: null })) throw new AppError(ErrorCode.FORBIDDEN, "errors.forbidden");
  return row;
}

/** Renames or retypes a register (its creator, editors, admins). */
export async function updateRegistry(ctx: Context, globalId: string, input: RegistryInput): Promise<RegistryView> {
  if (!ctx.viewer.userId) throw unauthenticated();
  return ctx.ds.transaction(async (tx) => {
    const current = await lockRegistry(ctx, tx, globalId);
    if (input.type && !(REGISTRY_TYPES as readonly string[]).includes(input.type))
      throw bad([{ field: "type", key: "errors.validation.isIn" }]);
    const next = {
      ...current,
      type: input.type ?? current.type,
      title: text(input.title) ?? current.title,
      title_ar: text(input.titleAr) ?? current.title_ar,
      title_fr: text(input.titleFr) ?? current.title_fr,
    };
    await tx.query(`UPDATE registries SET type = $2, title = $3, title_ar = $4, title_fr = $5, updated_at = now() WHERE id = $1`, [
      current.id,
      next.type,
      next.title,
      next.title_ar,
      next.title_fr,
    ]);
    await audit(tx, {
      tableName: "registries",
      recordId: current.id,
      userId: ctx.viewer.userId,
      action: "update",
      before: { ...current },
      after: { ...next },
    });
    return presentRegistry(ctx, next);
  });
}

/** Deletes a register and its entries (its creator, editors, admins). */
export async function deleteRegistry(ctx: Context, globalId: string): Promise<boolean> {
  if (!ctx.viewer.userId) throw unauthenticated();
  await ctx.ds.transaction(async (tx) => {
    const current = await lockRegistry(ctx, tx, globalId);
    const entries: unknown[] = await tx.query(
      `SELECT id, person_id, destination_country, departure_year FROM registry_entries WHERE registry_id = $1`,
      [current.id],
    );
    await tx.query(`DELETE FROM registries WHERE id = $1`, [current.id]);
    await audit(tx, {
      tableName: "registries",
      recordId: current.id,
      userId: ctx.viewer.userId,
      action: "delete",
      before: { ...current, entries },
    });
  });
  return true;
}

/** Checks an entry's country and year against the person's life; returns column values. */
function checkEntry(
  input: RegistryEntryInput,
  person: PersonRow | null,
  current: { destination_country: string; departure_year: number | null } | null,
  errors: FieldError[],
  now: Date,
) {
  const country =
    input.destinationCountry === undefined || input.destinationCountry === null
      ? current?.destination_country
      : input.destinationCountry.trim().toUpperCase();
  if (!country || !isCountryCode(country)) errors.push({ field: "destinationCountry", key: "errors.country_invalid" });
  const year = input.departureYear === undefined ? (current?.departure_year ?? null) : input.departureYear;
  if (year !== null) {
    if (year > now.getUTCFullYear()) errors.push({ field: "departureYear", key: "errors.date_in_future" });
    if (person?.birth_date_from && year < Number(person.birth_date_from.slice(0, 4)))
      errors.push({ field: "departureYear", key: "errors.departure_before_birth" });
    if (person?.death_date_to && year > Number(person.death_date_to.slice(0, 4)))
      errors.push({ field: "departureYear", key: "errors.departure_after_death" });
  }
  return { destination_country: country, departure_year: year };
}

/** Adds a person to a register (members); the person must be someone the writer may see. */
export async function addRegistryEntry(ctx: Context, input: RegistryEntryInput): Promise<RegistryEntryView> {
  if (!ctx.viewer.userId) throw unauthenticated();
  const errors: FieldError[] = [];
  const personId = rawIdOf(input.personId, "Person");
  const id = newId();
  await ctx.ds.transaction(async (tx) => {
    let registryId = input.registryId ? rawIdOf(input.registryId, "Registry") : null;
    if (input.registryId) {
      if (
        !registryId ||
        !(
          (await tx.query(`SELECT 1 FROM registries r JOIN villages v ON v.id = r.village_id AND v.rootspace_id = $2 WHERE r.id = $1`, [
            registryId,
            ctx.rootspace.id,
          ])) as unknown[]
        ).length
      )
        errors.push({ field: "registryId", key: "errors.not_found" });
    } else {
      const villageId = rawIdOf(input.villageId, "Village");
      if (!(await villageExists(tx, villageId, ctx.rootspace.id))) errors.push({ field: "villageId", key: "errors.not_found" });
      else {
        // The village's emigrant register, opened on its first entry (serialised per village).
        await tx.query(`SELECT pg_advisory_xact_lock(hashtext('registries:' || $1))`, [villageId]);
        const [found]: { id: string }[] = await tx.query(
          `SELECT id FROM registries WHERE village_id = $1 AND type = 'emigrant' ORDER BY created_at LIMIT 1`,
          [villageId],
        );
        registryId = found?.id ?? null;
        if (!registryId) {
          registryId = newId();
          const reg = { id: registryId, type: "emigrant", village_id: villageId, created_by: ctx.viewer.userId };
          await insertRow(tx, "registries", reg);
          await audit(tx, { tableName: "registries", recordId: registryId, userId: ctx.viewer.userId, action: "create", after: reg });
        }
      }
    }
    const [person]: PersonRow[] = personId
      ? await tx.query(`SELECT ${POLICY_COLUMNS}, ${PERSON_COLUMNS} FROM people p WHERE p.id = $1 AND p.rootspace_id = $2`, [
          personId,
          ctx.rootspace.id,
        ])
      : [];
    const access = person ? accessTo(ctx.principal, person) : "none";
    if (access === "none" || access === "private") errors.push({ field: "personId", key: "errors.not_found" });
    const checked = checkEntry(input, person ?? null, null, errors, ctx.clock.now());
    if (errors.length) throw bad(errors);
    const row = {
      id,
      registry_id: registryId,
      person_id: personId,
      ...checked,
      notes: text(input.notes) ?? null,
      sources: text(input.sources) ?? null,
      provenance: Provenance.COMMUNITY,
      created_by: ctx.viewer.userId,
    };
    await insertRow(tx, "registry_entries", row);
    await audit(tx, { tableName: "registry_entries", recordId: id, userId: ctx.viewer.userId, action: "create", after: row });
  });
  return (await entryById(ctx, id))!;
}

async function entryById(
  ctx: Context,
  id: string,
  db: Context["ds"] | EntityManager = ctx.ds,
  lock = false,
): Promise<RegistryEntryView | null> {
  const rows: EntryRow[] = await db.query(`${ENTRY_SELECT} WHERE re.id = $1 AND p.rootspace_id = $2${lock ? " FOR UPDATE OF re" : ""}`, [
    id,
    ctx.rootspace.id,
  ]);
  return presentEntries(ctx, rows)[0] ?? null;
}

async function lockEntry(ctx: Context, tx: EntityManager, globalId: string): Promise<EntryRow> {
  const id = rawIdOf(globalId, "RegistryEntry");
  const [row]: EntryRow[] = id
    ? await tx.query(`${ENTRY_SELECT} WHERE re.id = $1 AND p.rootspace_id = $2 FOR UPDATE OF re`, [id, ctx.rootspace.id])
    : [];
  const access = row ? accessTo(ctx.principal, row) : "none";
  if (!row || access === "none" || access === "private") throw notFound();
  if (!canEdit(ctx.principal, { created_by: row.entry_created_by, user_id: null }))
    throw new AppError(ErrorCode.FORBIDDEN, "errors.forbidden");
  return row;
}

/** Changes an entry's country, year, notes or sources (its creator, editors, admins). */
export async function updateRegistryEntry(ctx: Context, globalId: string, input: RegistryEntryInput): Promise<RegistryEntryView> {
  if (!ctx.viewer.userId) throw unauthenticated();
  const id = await ctx.ds.transaction(async (tx) => {
    const current = await lockEntry(ctx, tx, globalId);
    const errors: FieldError[] = [];
    const checked = checkEntry(input, current, current, errors, ctx.clock.now());
    if (errors.length) throw bad(errors);
    const next = {
      ...checked,
      notes: text(input.notes) === undefined ? current.notes : text(input.notes),
      sources: text(input.sources) === undefined ? current.entry_sources : text(input.sources),
    };
    await tx.query(
      `UPDATE registry_entries SET destination_country = $2, departure_year = $3, notes = $4, sources = $5, updated_at = now() WHERE id = $1`,
      [current.entry_id, next.destination_country, next.departure_year, next.notes, next.sources],
    );
    const before = {
      destination_country: current.destination_country,
      departure_year: current.departure_year,
      notes: current.notes,
      sources: current.entry_sources,
    };
    await audit(tx, {
      tableName: "registry_entries",
      recordId: current.entry_id,
      userId: ctx.viewer.userId,
      action: "update",
      before,
      after: next,
    });
    return current.entry_id;
  });
  return (await entryById(ctx, id))!;
}

/** Removes an entry (its creator, editors, admins). */
export async function deleteRegistryEntry(ctx: Context, globalId: string): Promise<boolean> {
  if (!ctx.viewer.userId) throw unauthenticated();
  await ctx.ds.transaction(async (tx) => {
    const current = await lockEntry(ctx, tx, globalId);
    await tx.query(`DELETE FROM registry_entries WHERE id = $1`, [current.entry_id]);
    const before = {
      registry_id: current.registry_id,
      person_id: current.id,
      destination_country: current.destination_country,
      departure_year: current.departure_year,
      notes: current.notes,
    };
    await audit(tx, { tableName: "registry_entries", recordId: current.entry_id, userId: ctx.viewer.userId, action: "delete", before });
  });
  return true;
}

/** `node(id)` for registers. */
export async function registryNode(ctx: Context, rawId: string): Promise<RegistryView | null> {
  if (!isUuid(rawId)) return null;
  const [row]: RegistryRow[] = await ctx.ds.query(
    `SELECT ${REGISTRY_COLUMNS} FROM registries r ${publicVillageJoin("r", "$2")} WHERE r.id = $1`,
    [rawId, ctx.rootspace.id],
  );
  return row ? presentRegistry(ctx, row) : null;
}

/** `node(id)` for entries: null when the person is hidden from the viewer. */
export const registryEntryNode = (ctx: Context, rawId: string): Promise<RegistryEntryView | null> =>
  isUuid(rawId) ? entryById(ctx, rawId) : Promise.resolve(null);
