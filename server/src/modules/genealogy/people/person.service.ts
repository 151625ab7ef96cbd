import type { EntityManager } from "typeorm";
import type { Context } from "../../../common/context.js";
import { AppError, ErrorCode, notFound, unauthenticated, type FieldError } from "../../../common/errors.js";
import { fromGlobalId, isUuid, toGlobalId } from "../../../common/global-id.js";
import { insertRow } from "../../../common/sql.js";
import { newId } from "../../../common/uuid.js";
import { track } from "../../analytics/index.js";
import { audit } from "../../audit/index.js";
import { parseGenealogicalDate, type GenealogicalDate } from "../dates/genealogical-date.js";
import { hasArabic, nameKeys } from "../names/normalize.js";
import type { PersonInput } from "./person.inputs.js";
import { accessTo, canEdit, POLICY_COLUMNS, seesEveryone } from "./person.policy.js";
import { PERSON_COLUMNS, personColumnsFor, presentPerson, type PersonRow } from "./person.present.js";
import { withRelatives } from "./person.relatives.js";
import type { LineageEntry, PersonView } from "./person.types.js";
import { updateAudited } from "../records/audited-edit.js";

/**
 * One writer of parent links at a time per rootspace (inside the caller's transaction): two
 * link changes at once could each pass the cycle check and together close a cycle.
 */
export async function lockParentLinks(tx: EntityManager, rootspaceId: string): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('parent_links:' || $1))`, [rootspaceId]);
}

/** Parents are at least this many years older than their children. */
export const MIN_PARENT_GAP_YEARS = 12;
export const MAX_GENERATIONS = 10;
/** The most people a lineage answers: all the ancestors ten generations can hold (2 + 4 + … + 1,024); descendants are cut there, nearest first. */
export const LINEAGE_MAX_PEOPLE = 2046;

const SELECT = `SELECT ${POLICY_COLUMNS}, ${PERSON_COLUMNS} FROM people p`;

/** The raw id behind a global id of `type`, or null. */
export function rawIdOf(globalId: string | null | undefined, type: string): string | null {
  const ref = globalId ? fromGlobalId(globalId) : null;
  return ref && ref.type === type && isUuid(ref.id) ? ref.id : null;
}

const requireId = (globalId: string, type: string, field: string): string => {
  const id = rawIdOf(globalId, type);
  if (!id) throw new AppError(ErrorCode.NOT_FOUND, "errors.not_found", {}, [{ field, key: "errors.not_found" }]);
  return id;
};

/** A person of the rootspace `rootspaceId`; one of another rootspace is absent. */
async function loadRow(db: Context["ds"] | EntityManager, id: string, rootspaceId: string, lock = false): Promise<PersonRow | null> {
  const rows: PersonRow[] = await db.query(`${SELECT} WHERE p.id = $1 AND p.rootspace_id = $2${lock ? " FOR UPDATE" : ""}`, [
    id,
    rootspaceId,
  ]);
  return rows[0] ?? null;
}

/** A person for this viewer; NOT_FOUND when absent or not theirs to see ("not found" and "no access" look alike). */
export async function getPerson(ctx: Context, globalId: string): Promise<PersonView> {
  const id = rawIdOf(globalId, "Person");
  const [row] = await Promise.all([id ? loadRow(ctx.ds, id, ctx.rootspace.id) : null, withRelatives(ctx)]);
  if (!row || accessTo(ctx.principal, row) === "none") throw notFound();
  return presentPerson(row, ctx.principal, ctx.language);
}

export async function personNode(ctx: Context, rawId: string): Promise<PersonView | null> {
  if (!isUuid(rawId)) return null;
  const [row] = await Promise.all([loadRow(ctx.ds, rawId, ctx.rootspace.id), withRelatives(ctx)]);
  return row && accessTo(ctx.principal, row) !== "none" ? presentPerson(row, ctx.principal, ctx.language) : null;
}

/**
 * Several people for this viewer in one query, in the order of `rawIds`: each as the viewer may
 * see it (null where absent or hidden), with its row for further policy checks (mayMerge).
 */
export async function personNodes(ctx: Context, rawIds: string[]): Promise<{ node: PersonView | null; row: PersonRow | null }[]> {
  const ids = rawIds.filter(isUuid);
  const [rows] = await Promise.all([
    ids.length
      ? (ctx.ds.query(`${SELECT} WHERE p.id = ANY($1) AND p.rootspace_id = $2`, [ids, ctx.rootspace.id]) as Promise<PersonRow[]>)
      : [],
    withRelatives(ctx),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return rawIds.map((id) => {
    const row = byId.get(id) ?? null;
    return { node: row && accessTo(ctx.principal, row) !== "none" ? presentPerson(row, ctx.principal, ctx.language) : null, row };
  });
}

interface Normalised {
  fields: Record<string, unknown>;
  birth: GenealogicalDate | null;
  death: GenealogicalDate | null;
}

/** Validates and turns input into column values; refuses impossible dates. */
async function normalise(ctx: Context, input: PersonInput, current: PersonRow | null): Promise<Normalised> {
  const errors: FieldError[] = [];
  const parseDate = (value: string | null | undefined, field: string) => {
    if (value === undefined) return undefined;
    if (value === null || !value.trim()) return null;
    const d = parseGenealogicalDate(value);
    if (!d) errors.push({ field, key: "errors.date_invalid" });
    return d;
  };
  const birth = parseDate(input.birthDate, "birthDate");
  const death = parseDate(input.deathDate, "deathDate");
  const fullName = input.fullName === undefined ? current?.full_name : input.fullName?.trim() || null;
  const fullNameAr = input.fullNameAr === undefined ? current?.full_name_ar : input.fullNameAr?.trim() || null;
  if (!fullName && !fullNameAr) errors.push({ field: "fullName", key: "errors.person_name_required" });
  const b = birth === undefined ? (current?.birth_date_from ? { from: current.birth_date_from, to: current.birth_date_to! } : null) : birth;
  const d = death === undefined ? (current?.death_date_from ? { from: current.death_date_from, to: current.death_date_to! } : null) : death;
  if (b && d && d.to < b.from) errors.push({ field: "deathDate", key: "errors.death_before_birth" });
  const today = ctx.clock.now().toISOString().slice(0, 10);
  if (b && b.from > today) errors.push({ field: "birthDate", key: "errors.date_in_future" });
  if (d && d.from > today) errors.push({ field: "deathDate", key: "errors.date_in_future" });
  const villageId = input.villageId === undefined ? undefined : input.villageId === null ? null : rawIdOf(input.villageId, "Village");
  if (input.villageId && !villageId) errors.push({ field: "villageId", key: "errors.not_found" });
  const familyId = input.familyId === undefined ? undefined : input.familyId === null ? null : rawIdOf(input.familyId, "Family");
  if (input.familyId && !familyId) errors.push({ field: "familyId", key: "errors.not_found" });
  if (villageId || familyId) {
    const [found]: { v: boolean; f: boolean }[] = await ctx.ds.query(
      `SELECT ($1::uuid IS NULL OR EXISTS (SELECT 1 FROM villages WHERE id = $1 AND rootspace_id = $4 AND is_public)) AS v,
              ($2::uuid IS NULL OR EXISTS (SELECT 1 FROM families WHERE id = $2 AND rootspace_id = $4 AND (is_public OR created_by = $3))) AS f`,
      [villageId ?? null, familyId ?? null, ctx.viewer.userId, ctx.rootspace.id],
    );
    if (!found.v) errors.push({ field: "villageId", key: "errors.not_found" });
    if (!found.f) errors.push({ field: "familyId", key: "errors.not_found" });
  }
  if (errors.length) throw new AppError(ErrorCode.BAD_USER_INPUT, "errors.bad_input", {}, errors);

  const variants =
    input.nameVariants === undefined ? (current?.name_variants ?? []) : (input.nameVariants ?? []).map((v) => v.trim()).filter(Boolean);
  const latinNames = [fullName, ...variants.filter((v) => !hasArabic(v))];
  const arabicNames = [fullNameAr, ...variants.filter(hasArabic)];
  const keys = nameKeys(latinNames, arabicNames);
  const fields: Record<string, unknown> = {
    full_name: fullName ?? fullNameAr,
    full_name_ar: fullNameAr ?? null,
    name_variants: variants,
    key_latin: keys.latin,
    key_arabic: keys.arabic,
    key_skeleton: keys.skeleton,
  };
  const copy: [keyof PersonInput, string][] = [
    ["givenName", "given_name"],
    ["fatherName", "father_name"],
    ["grandfatherName", "grandfather_name"],
    ["motherName", "mother_name"],
    ["gender", "gender"],
    ["birthPlace", "birth_place"],
    ["deathPlace", "death_place"],
    ["isDeceased", "is_deceased"],
    ["occupation", "occupation"],
    ["bio", "bio"],
    ["currentLocation", "current_location"],
    ["currentCountry", "current_country"],
    ["registrationNumber", "registration_number"],
    ["sources", "sources"],
    ["isPublic", "is_public"],
    ["confidence", "confidence"],
  ];
  for (const [k, col] of copy)
    if (input[k] !== undefined) fields[col] = typeof input[k] === "string" ? (input[k] as string).trim() || null : input[k];
  if (fields.gender === null) fields.gender = "U";
  if (fields.is_deceased === null) fields.is_deceased = false;
  if (fields.is_public === null) fields.is_public = true;
  if (villageId !== undefined) fields.village_id = villageId;
  if (familyId !== undefined) fields.family_id = familyId;
  for (const [prefix, value] of [
    ["birth", birth],
    ["death", death],
  ] as const) {
    if (value === undefined) continue;
    fields[`${prefix}_date_text`] = value?.text ?? null;
    fields[`${prefix}_date_qualifier`] = value?.qualifier ?? null;
    fields[`${prefix}_date_from`] = value?.from ?? null;
    fields[`${prefix}_date_to`] = value?.to ?? null;
  }
  return { fields, birth: birth ?? null, death: death ?? null };
}

/** Adds a person to the member's tree (provenance COMMUNITY until a curator verifies it). */
export async function createPerson(ctx: Context, input: PersonInput): Promise<PersonView> {
  if (!ctx.viewer.userId) throw unauthenticated();
  const { fields } = await normalise(ctx, input, null);
  const id = newId();
  const privacy = JSON.stringify({ showBirthDate: false, showLocation: false, showContact: false });
  const all = {
    id,
    rootspace_id: ctx.rootspace.id,
    created_by: ctx.viewer.userId,
    provenance: "COMMUNITY",
    privacy_settings: privacy,
    ...fields,
  };
  const firstPerson = await ctx.ds.transaction(async (tx) => {
    await insertRow(tx, "people", all);
    await audit(tx, { tableName: "people", recordId: id, userId: ctx.viewer.userId, action: "create", after: all });
    const [{ n }]: { n: number }[] = await tx.query(`SELECT count(*)::int AS n FROM people WHERE created_by = $1`, [ctx.viewer.userId]);
    return n === 1;
  });
  if (firstPerson)
    await track(ctx.ds, {
      eventType: "activation",
      action: "first_tree_person_added",
      rootspaceId: ctx.rootspace.id,
      userId: ctx.viewer.userId,
      entityId: id,
    });
  return presentPerson((await loadRow(ctx.ds, id, ctx.rootspace.id))!, ctx.principal, ctx.language);
}

/** Changes a person; only those who may edit it. Audited with before and after. */
export async function updatePerson(ctx: Context, globalId: string, input: PersonInput): Promise<PersonView> {
  if (!ctx.viewer.userId) throw unauthenticated();
  const id = requireId(globalId, "Person", "id");
  await ctx.ds.transaction(async (tx) => {
    const current = await loadRow(tx, id, ctx.rootspace.id, true);
    if (!current || accessTo(ctx.principal, current) === "none") throw notFound();
    if (!canEdit(ctx.principal, current)) throw new AppError(ErrorCode.FORBIDDEN, "errors.forbidden");
    const { fields } = await normalise(ctx, input, current);
    await updateAudited(tx, ctx, "people", current, fields);
    // New dates must still fit every existing parent–child link (the 12-year rule).
    const [{ bad }]: { bad: boolean }[] = await tx.query(
      `SELECT EXISTS (SELECT 1 FROM parent_links pl JOIN people par ON par.id = pl.parent_id JOIN people ch ON ch.id = pl.child_id
         WHERE (pl.parent_id = $1 OR pl.child_id = $1) AND ch.birth_date_to IS NOT NULL AND par.birth_date_from IS NOT NULL
           AND extract(year FROM ch.birth_date_to) - extract(year FROM par.birth_date_from) < $2) AS bad`,
      [id, MIN_PARENT_GAP_YEARS],
    );
    if (bad)
      throw new AppError(ErrorCode.BAD_USER_INPUT, "errors.bad_input", {}, [
        { field: "birthDate", key: "errors.parent_too_young", params: { years: MIN_PARENT_GAP_YEARS } },
      ]);
  });
  return presentPerson((await loadRow(ctx.ds, id, ctx.rootspace.id))!, ctx.principal, ctx.language);
}

/** Deletes a person and their links; only the creator, editors and admins. */
export async function deletePerson(ctx: Context, globalId: string): Promise<boolean> {
  if (!ctx.viewer.userId) throw unauthenticated();
  const id = requireId(globalId, "Person", "id");
  await ctx.ds.transaction(async (tx) => {
    const current = await loadRow(tx, id, ctx.rootspace.id, true);
    if (!current || accessTo(ctx.principal, current) === "none") throw notFound();
    if (!canEdit(ctx.principal, current)) throw new AppError(ErrorCode.FORBIDDEN, "errors.forbidden");
    const links: unknown[] = await tx.query(`SELECT parent_id, child_id, kind FROM parent_links WHERE parent_id = $1 OR child_id = $1`, [
      id,
    ]);
    await tx.query(`DELETE FROM people WHERE id = $1`, [id]);
    await audit(tx, {
      tableName: "people",
      recordId: id,
      userId: ctx.viewer.userId,
      action: "delete",
      before: { ...current, rootspace_id: ctx.rootspace.id, links } as unknown as Record<string, unknown>,
    });
  });
  return true;
}

/**
 * Links a parent to a child. Refuses a person as their own ancestor, a duplicate link,
 * a third birth parent, and a parent less than 12 years older than the child.
 */
export async function addParent(ctx: Context, childGlobalId: string, parentGlobalId: string, kind: string): Promise<PersonView> {
  if (!ctx.viewer.userId) throw unauthenticated();
  const childId = requireId(childGlobalId, "Person", "childId");
  const parentId = requireId(parentGlobalId, "Person", "parentId");
  if (childId === parentId)
    throw new AppError(ErrorCode.BAD_USER_INPUT, "errors.link_cycle", {}, [{ field: "parentId", key: "errors.link_cycle" }]);
  await ctx.ds.transaction(async (tx) => {
    await lockParentLinks(tx, ctx.rootspace.id);
    // Both ends in the request's rootspace: a person of another one is absent here.
    const rows: PersonRow[] = await tx.query(`${SELECT} WHERE p.id = ANY($1) AND p.rootspace_id = $2 ORDER BY p.id FOR UPDATE`, [
      [childId, parentId],
      ctx.rootspace.id,
    ]);
    const child = rows.find((r) => r.id === childId);
    const parent = rows.find((r) => r.id === parentId);
    if (!child || accessTo(ctx.principal, child) === "none") throw notFound();
    if (!parent || accessTo(ctx.principal, parent) === "none") throw notFound();
    // Both ends must be the viewer's to edit, checked before anything of the parent is read.
    if (!canEdit(ctx.principal, child) || !canEdit(ctx.principal, parent)) throw new AppError(ErrorCode.FORBIDDEN, "errors.forbidden");
    const errors: FieldError[] = [];
    if (child.birth_date_to && parent.birth_date_from) {
      // Refused only when even the widest reading of both dates leaves less than 12 years.
      const gap = Number(child.birth_date_to.slice(0, 4)) - Number(parent.birth_date_from.slice(0, 4));
      if (gap < MIN_PARENT_GAP_YEARS)
        errors.push({ field: "parentId", key: "errors.parent_too_young", params: { years: MIN_PARENT_GAP_YEARS } });
    }
    const [check]: { dup: boolean; cycle: boolean; birth_parents: number }[] = await tx.query(
      `WITH RECURSIVE below(id) AS (
         SELECT child_id FROM parent_links WHERE parent_id = $1
         UNION SELECT pl.child_id FROM parent_links pl JOIN below b ON pl.parent_id = b.id)
       SELECT EXISTS (SELECT 1 FROM parent_links WHERE parent_id = $2 AND child_id = $1) AS dup,
              EXISTS (SELECT 1 FROM below WHERE id = $2) AS cycle,
              (SELECT count(*)::int FROM parent_links WHERE child_id = $1 AND kind = 'birth') AS birth_parents`,
      [childId, parentId],
    );
    if (check.dup) errors.push({ field: "parentId", key: "errors.link_duplicate" });
    if (check.cycle) errors.push({ field: "parentId", key: "errors.link_cycle" });
    if (kind === "birth" && check.birth_parents >= 2) errors.push({ field: "kind", key: "errors.too_many_birth_parents" });
    if (errors.length) throw new AppError(ErrorCode.BAD_USER_INPUT, "errors.bad_input", {}, errors);
    const linkId = newId();
    await tx.query(`INSERT INTO parent_links (id, parent_id, child_id, kind, created_by) VALUES ($1, $2, $3, $4, $5)`, [
      linkId,
      parentId,
      childId,
      kind,
      ctx.viewer.userId,
    ]);
    await audit(tx, {
      tableName: "parent_links",
      recordId: linkId,
      userId: ctx.viewer.userId,
      action: "create",
      after: { parentId, childId, kind },
    });
  });
  return presentPerson((await loadRow(ctx.ds, childId, ctx.rootspace.id))!, ctx.principal, ctx.language);
}

const LINEAGE = {
  ancestors: { start: "child_id", next: "parent_id" },
  descendants: { start: "parent_id", next: "child_id" },
} as const;

/**
 * The one statement behind ancestors/descendants ($1 person, $2 generations, $3 viewer,
 * $4 staff, $5 rootspace; links never cross rootspaces, so the line stays in it): the starting person (generation 0, for the access check) and the line, with
 * the policy columns. Each step carries the person it came from (`via`); UNION over
 * (id, generation, via) keeps the walk to at most links × generations rows however many
 * paths join them (cousin marriages), and it never walks through a record the viewer may
 * not see. Each person is kept once, at their nearest generation, via the lowest id there.
 * `columns`: the person columns to return (personColumnsFor). Exported for the benchmark's
 * raw-pg baseline.
 */
export function lineageSql(direction: keyof typeof LINEAGE, columns = PERSON_COLUMNS): string {
  const { start, next } = LINEAGE[direction];
  return `WITH RECURSIVE line(id, generation, via) AS (
       SELECT id, 0, NULL::uuid FROM people WHERE id = $1 AND rootspace_id = $5
       UNION
       SELECT pl.${next}, l.generation + 1, l.id FROM parent_links pl JOIN line l ON pl.${start} = l.id
         JOIN people q ON q.id = pl.${next}
        WHERE l.generation < $2 AND ($4 OR q.is_public OR q.created_by = $3 OR q.user_id = $3)),
     nearest AS (SELECT DISTINCT ON (id) id, generation, via FROM line ORDER BY id, generation, via)
     SELECT ${POLICY_COLUMNS}, ${columns}, n.generation, n.via
       FROM nearest n JOIN people p ON p.id = n.id
      ORDER BY n.generation, p.id
      LIMIT ${LINEAGE_MAX_PEOPLE + 1}`;
}

/**
 * Ancestors or descendants up to `generations` (≤ 10) in one recursive query, with the
 * privacy columns, each person once at their nearest generation. `personFields`: the Person
 * fields the request selects (null: all), so a long line reads only the columns it shows.
 */
export async function lineage(
  ctx: Context,
  direction: keyof typeof LINEAGE,
  globalId: string,
  generations: number,
  personFields: ReadonlySet<string> | null = null,
): Promise<LineageEntry[]> {
  if (!Number.isInteger(generations) || generations < 1 || generations > MAX_GENERATIONS) {
    throw new AppError(ErrorCode.BAD_USER_INPUT, "errors.bad_input", {}, [
      { field: "generations", key: "errors.generations_range", params: { max: MAX_GENERATIONS } },
    ]);
  }
  const rootId = rawIdOf(globalId, "Person");
  if (!rootId) throw notFound();
  const staff = seesEveryone(ctx.principal);
  await withRelatives(ctx);
  const rows: (PersonRow & { generation: number; via: string | null })[] = await ctx.ds.query(
    lineageSql(direction, personColumnsFor(personFields)),
    [rootId, generations, ctx.viewer.userId, staff, ctx.rootspace.id],
  );
  const root = rows.find((r) => r.generation === 0);
  if (!root || accessTo(ctx.principal, root) === "none") throw notFound();
  const out: LineageEntry[] = [];
  const viaIds = new Map<string, string>(); // each person is the way to up to two others
  for (const r of rows) {
    const access = r.generation > 0 ? accessTo(ctx.principal, r) : "none";
    if (access === "none") continue;
    let viaId = viaIds.get(r.via!);
    if (viaId === undefined) viaIds.set(r.via!, (viaId = toGlobalId("Person", r.via!)));
    out.push({ generation: r.generation, viaId, person: presentPerson(r, ctx.principal, ctx.language, access) });
  }
  return out;
}
