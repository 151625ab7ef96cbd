import DataLoader from "dataloader";
import type { EntityManager } from "typeorm";
import type { TranslationKey } from "../../../common/translation-keys.js";
import type { Context } from "../../../common/context.js";
import { AppError, ErrorCode, notFound, unauthenticated, type FieldError } from "../../../common/errors.js";
import { isUuid, toGlobalId } from "../../../common/global-id.js";
import { type Connection, DEFAULT_PAGE_SIZE, keysetPageInfo } from "../../../common/pagination.js";
import { bind, insertRow, keyset, sql, type KeyColumn } from "../../../common/sql.js";
import { newId } from "../../../common/uuid.js";
import { audit } from "../../audit/index.js";
import { parseGenealogicalDate, shownYear } from "../dates/index.js";
import { viewerCan } from "../../../common/auth/policy.js";
import { accessTo, hiddenParts, livingSql, recordPolicy, type Hidden } from "../people/person.policy.js";
import { maskFields } from "../people/person.policy-table.js";
import { presentPerson, type PersonRow } from "../people/person.present.js";
import { rawIdOf } from "../people/person.service.js";
import type { GenealogicalDateView } from "../people/person.types.js";
import { createPersonRowLoaders, seesPersonSql, viewerParams } from "../people/person.visibility.js";
import { Provenance } from "../provenance.js";
import { EVENT_TYPES } from "./event.entity.js";
import type { EventInput, EventsArgs } from "./event.inputs.js";
import { EventView } from "./event.types.js";
import { editableRow, updateAudited, deleteAudited } from "../records/audited-edit.js";

/** Events about one person's life: they need a person and may not be in the future. */
const LIFE_TYPES = ["birth", "baptism", "marriage", "engagement", "emigration", "immigration", "death", "burial"];
/** Events a person cannot take part in once dead. */
const ALIVE_TYPES = ["birth", "baptism", "marriage", "engagement", "emigration", "immigration"];
export const FESTIVAL_TYPES = ["festival", "commemoration"];
/** At most this many events per village on its page (most recent first … the list query pages the rest). */
export const VILLAGE_PAGE_EVENTS = 50;

export interface EventRow {
  id: string;
  type: string;
  date_text: string | null;
  date_qualifier: string | null;
  date_from: string | null;
  date_to: string | null;
  place: string | null;
  primary_person_id: string | null;
  secondary_person_id: string | null;
  family_ids: string[];
  village_ids: string[];
  title: string | null;
  title_ar: string | null;
  title_fr: string | null;
  description: string | null;
  description_ar: string | null;
  description_fr: string | null;
  sources: string | null;
  provenance: Provenance;
  confidence: number;
  created_by: string | null;
}

const COLUMNS = `e.id, e.type, e.date_text, e.date_qualifier, e.date_from::text, e.date_to::text, e.place, e.primary_person_id, e.secondary_person_id,
  e.family_ids::text[] AS family_ids, e.village_ids::text[] AS village_ids, e.title, e.title_ar, e.title_fr, e.description, e.description_ar,
  e.description_fr, e.sources, e.provenance, e.confidence, e.created_by`;

/** Only events whose people the viewer sees as more than "Private" ($1–$3: viewerParams). */
const VISIBLE = `NOT EXISTS (SELECT 1 FROM people p WHERE p.id IN (e.primary_person_id, e.secondary_person_id) AND NOT ${seesPersonSql("p", "$1", "$2", "$3")})`;
/**
 * The event `e` is in the rootspace `$n`: its primary person's, or (an event of places, with no
 * person) its villages'. Writes keep an event's people, villages and families in one rootspace.
 */
const IN_ROOTSPACE = (n: string) =>
  `(CASE WHEN e.primary_person_id IS NOT NULL THEN EXISTS (SELECT 1 FROM people rp WHERE rp.id = e.primary_person_id AND rp.rootspace_id = ${n})
         ELSE EXISTS (SELECT 1 FROM villages rv WHERE rv.id = ANY(e.village_ids) AND rv.rootspace_id = ${n}) END)`;

const dateView = (r: EventRow): GenealogicalDateView | null => {
  if (!r.date_text) return null;
  return {
    text: r.date_text,
    qualifier: r.date_qualifier ?? "exact",
    from: r.date_from,
    to: r.date_to,
    year: shownYear(r.date_qualifier, r.date_from, r.date_to, r.date_text),
  };
};

/**
 * Shapes events for the viewer. Privacy choice: an event involving someone the viewer may
 * only see as Private is left out entirely (its title or description could name them);
 * with partial access (a curator, a relative) the date and place follow that person's privacy
 * settings, and what it says of their life (title, description, sources) is left out.
 */
export async function presentEvents(ctx: Context, rows: EventRow[]): Promise<EventView[]> {
  const ids = [...new Set(rows.flatMap((r) => [r.primary_person_id, r.secondary_person_id]).filter((id): id is string => Boolean(id)))];
  const loaded = await ctx.use(createPersonRowLoaders).personRow.loadMany(ids);
  const people = new Map<string, PersonRow>();
  for (const p of loaded) if (p && !(p instanceof Error)) people.set(p.id, p);
  const out: EventView[] = [];
  for (const r of rows) {
    // What both people's access hides, together (hiddenParts of each, joined).
    const hidden: Hidden = { all: false, dates: false, places: false, life: false };
    const show = (id: string | null) => {
      if (!id) return null;
      const p = people.get(id);
      const access = p ? accessTo(ctx.principal, p) : "none";
      const parts = p ? hiddenParts(access, p.privacy_settings) : { all: true, dates: true, places: true, life: true };
      for (const k of Object.keys(hidden) as (keyof Hidden)[]) hidden[k] ||= parts[k];
      return p && !parts.all ? presentPerson(p, ctx.principal, ctx.language, access) : null;
    };
    const primaryPerson = show(r.primary_person_id);
    const secondaryPerson = show(r.secondary_person_id);
    if (hidden.all) continue;
    // What an event of a living person says of their life (its title may name an illness, its description an address) follows the table.
    out.push(
      maskFields(
        "Event",
        Object.assign(new EventView(), {
          rawId: r.id,
          villageIds: r.village_ids,
          type: r.type,
          date: dateView(r),
          place: r.place,
          primaryPerson,
          secondaryPerson,
          familyIds: r.family_ids.map((id) => toGlobalId("Family", id)),
          title: r.title,
          titleAr: r.title_ar,
          titleFr: r.title_fr,
          description: r.description,
          descriptionAr: r.description_ar,
          descriptionFr: r.description_fr,
          sources: r.sources,
          provenance: r.provenance,
          confidence: r.confidence,
          viewerCan: viewerCan(recordPolicy, ctx.principal, r),
        }),
        hidden,
      ),
    );
  }
  return out;
}

function buildLoaders(ctx: Context) {
  const params = viewerParams(ctx);
  return {
    /** Each village's festivals, then its latest events, for its page: one query for every village asked for. */
    byVillage: new DataLoader<string, EventRow[]>(async (villageIds) => {
      const rows: (EventRow & { of_village: string })[] = await ctx.ds.query(
        `SELECT * FROM (
           SELECT ${COLUMNS}, k.vid::text AS of_village, row_number() OVER (PARTITION BY k.vid ORDER BY e.type IN ('festival', 'commemoration') DESC, ${ORDER}) AS n
             FROM unnest($4::uuid[]) AS k(vid) JOIN events e ON k.vid = ANY(e.village_ids)
            WHERE ${VISIBLE}) x
          WHERE n <= ${VILLAGE_PAGE_EVENTS} ORDER BY n`,
        [...(await params), [...villageIds]],
      );
      return villageIds.map((id) => rows.filter((r) => r.of_village === id));
    }),
    /** Events a person takes part in, earliest first. */
    byPerson: new DataLoader<string, EventRow[]>(async (personIds) => {
      const rows: EventRow[] = await ctx.ds.query(
        `SELECT ${COLUMNS} FROM events e WHERE (e.primary_person_id = ANY($4) OR e.secondary_person_id = ANY($4)) AND ${VISIBLE}
          ORDER BY e.date_from NULLS LAST, e.id`,
        [...(await params), [...personIds]],
      );
      return personIds.map((id) => rows.filter((r) => r.primary_person_id === id || r.secondary_person_id === id));
    }),
  };
}

/** Per-request, per-viewer event loaders (their SQL filters by what the viewer may see). */
export const eventLoaders = (ctx: Context) => ctx.use(buildLoaders);

/** An event of the rootspace `rootspaceId`; one of another rootspace is absent. */
async function loadRow(db: Context["ds"] | EntityManager, id: string, rootspaceId: string, lock = false): Promise<EventRow | null> {
  const rows: EventRow[] = await db.query(
    `SELECT ${COLUMNS} FROM events e WHERE e.id = $1 AND ${IN_ROOTSPACE("$2")}${lock ? " FOR UPDATE OF e" : ""}`,
    [id, rootspaceId],
  );
  return rows[0] ?? null;
}

/** One event; NOT_FOUND when absent or when it involves someone the viewer may not see. */
export async function getEvent(ctx: Context, globalId: string): Promise<EventView> {
  const id = rawIdOf(globalId, "Event");
  const row = id ? await loadRow(ctx.ds, id, ctx.rootspace.id) : null;
  const [view] = row ? await presentEvents(ctx, [row]) : [];
  if (!view) throw notFound();
  return view;
}

/** Latest first, undated last (the village page's lists). */
const ORDER = `e.date_from DESC NULLS LAST, e.id`;

/** The list's order: latest first (undated last), then by id; the cursor holds both. */
const LIST_KEYS: KeyColumn[] = [
  { expr: `coalesce(e.date_from, '-infinity'::date)`, type: "date", desc: true },
  { expr: "e.id", type: "uuid" },
];

/** Events of a village or a person, or of a type, latest first; hidden people's events are not counted. */
export async function listEvents(ctx: Context, args: EventsArgs): Promise<Connection<EventView>> {
  const first = args.first ?? DEFAULT_PAGE_SIZE;
  const params: unknown[] = await viewerParams(ctx);
  const where = [VISIBLE, IN_ROOTSPACE(bind(params, sql`${ctx.rootspace.id}`))];
  if (args.villageId) where.push(bind(params, sql`${rawIdOf(args.villageId, "Village")} = ANY(e.village_ids)`));
  if (args.personId) {
    const person = rawIdOf(args.personId, "Person");
    where.push(bind(params, sql`(e.primary_person_id = ${person} OR e.secondary_person_id = ${person})`));
  }
  if (args.type) where.push(bind(params, sql`e.type = ${args.type}`));
  const filter = where.join(" AND ");
  const [{ n }]: { n: number }[] = await ctx.ds.query(`SELECT count(*)::int AS n FROM events e WHERE ${filter}`, params);
  const page = keyset(params, LIST_KEYS, args.after);
  const rows: (EventRow & object)[] =
    first === 0
      ? []
      : await ctx.ds.query(
          `SELECT ${COLUMNS}, ${page.select} FROM events e WHERE ${filter} AND ${page.after} ORDER BY ${page.orderBy} LIMIT ${first + 1}`,
          params,
        );
  const shown = rows.slice(0, first);
  const byId = new Map(shown.map((r) => [r.id, r]));
  const edges = (await presentEvents(ctx, shown)).map((node) => ({ cursor: page.cursor(byId.get(node.rawId)!), node }));
  // The next page starts after the last row read, shown or not.
  const endCursor = shown.length ? page.cursor(shown.at(-1)!) : null;
  return { edges, totalCount: n, pageInfo: keysetPageInfo(edges, rows.length > first, args.after, endCursor) };
}

const text = (v: string | null | undefined) => (v === undefined ? undefined : v?.trim() || null);

/**
 * Merges input into the current row and checks the result: a known type, a readable date,
 * people and villages that exist and that the writer may see, and dates that fit the
 * people's lives. Throws one BAD_USER_INPUT with every problem; nothing is written.
 */
async function normalise(ctx: Context, tx: EntityManager, input: EventInput, current: EventRow | null): Promise<Record<string, unknown>> {
  const errors: FieldError[] = [];
  const bad = (field: string, key: TranslationKey, params?: Record<string, string | number>) => errors.push({ field, key, params });
  const type = input.type === undefined || input.type === null ? current?.type : input.type;
  if (!type || !(EVENT_TYPES as readonly string[]).includes(type)) bad("type", "errors.validation.isIn");
  let date = current?.date_text
    ? { text: current.date_text, qualifier: current.date_qualifier ?? "exact", from: current.date_from!, to: current.date_to! }
    : null;
  if (input.date !== undefined) {
    date = input.date?.trim() ? parseGenealogicalDate(input.date) : null;
    if (input.date?.trim() && !date) bad("date", "errors.date_invalid");
  }
  const idOf = (value: string | null | undefined, kind: string, field: string, fallback: string | null | undefined) => {
    if (value === undefined) return fallback ?? null;
    if (!value) return null;
    const id = rawIdOf(value, kind);
    if (!id) bad(field, "errors.not_found");
    return id;
  };
  const primary = idOf(input.primaryPersonId, "Person", "primaryPersonId", current?.primary_person_id);
  const secondary = idOf(input.secondaryPersonId, "Person", "secondaryPersonId", current?.secondary_person_id);
  const ids = (values: string[] | null | undefined, kind: string, field: string, fallback: string[] | undefined) =>
    values === undefined || values === null
      ? (fallback ?? [])
      : [...new Set(values.map((v) => idOf(v, kind, field, null)).filter((v): v is string => Boolean(v)))];
  const villageIds = ids(input.villageIds, "Village", "villageIds", current?.village_ids);
  const familyIds = ids(input.familyIds, "Family", "familyIds", current?.family_ids);
  if (primary && primary === secondary) bad("secondaryPersonId", "errors.event_same_person");
  if (type && LIFE_TYPES.includes(type) && !primary && !errors.some((e) => e.field === "primaryPersonId"))
    bad("primaryPersonId", "errors.event_person_required");
  if (!primary && !villageIds.length && !errors.some((e) => e.field === "villageIds")) bad("villageIds", "errors.event_village_required");
  const titles = { title: text(input.title), title_ar: text(input.titleAr), title_fr: text(input.titleFr) };
  const hasTitle = (["title", "title_ar", "title_fr"] as const).some((k) => (titles[k] === undefined ? current?.[k] : titles[k]));
  if (type && !LIFE_TYPES.includes(type) && !hasTitle) bad("title", "errors.event_title_required");
  const today = ctx.clock.now().toISOString().slice(0, 10);
  if (date && type && LIFE_TYPES.includes(type) && date.from > today) bad("date", "errors.date_in_future");

  const people: PersonRow[] =
    primary || secondary
      ? await tx.query(
          `SELECT p.id, p.created_by, p.user_id, p.is_public, p.privacy_settings, ${livingSql("p")} AS living,
         p.birth_date_from::text, p.birth_date_to::text, p.death_date_from::text, p.death_date_to::text FROM people p WHERE p.id = ANY($1) AND p.rootspace_id = $2`,
          [[primary, secondary].filter(Boolean), ctx.rootspace.id],
        )
      : [];
  for (const [id, field] of [
    [primary, "primaryPersonId"],
    [secondary, "secondaryPersonId"],
  ] as const) {
    if (!id) continue;
    const p = people.find((r) => r.id === id);
    const access = p ? accessTo(ctx.principal, p) : "none";
    // Linking someone the writer may only see as Private would reveal them: treat as unknown.
    if (!p || access === "none" || access === "private") {
      bad(field, "errors.not_found");
      continue;
    }
    if (!date || !type) continue;
    if (p.birth_date_from && date.to < p.birth_date_from) bad("date", "errors.event_before_birth");
    if (ALIVE_TYPES.includes(type) && p.death_date_to && date.from > p.death_date_to) bad("date", "errors.event_after_death");
    if (field === "primaryPersonId" && type === "burial" && p.death_date_from && date.to < p.death_date_from)
      bad("date", "errors.burial_before_death");
  }
  if (villageIds.length || familyIds.length) {
    const [found]: { v: number; f: number }[] = await tx.query(
      `SELECT (SELECT count(*)::int FROM villages WHERE id = ANY($1) AND rootspace_id = $4 AND is_public) AS v,
              (SELECT count(*)::int FROM families WHERE id = ANY($2) AND rootspace_id = $4 AND (is_public OR created_by = $3)) AS f`,
      [villageIds, familyIds, ctx.viewer.userId, ctx.rootspace.id],
    );
    if (found.v !== villageIds.length) bad("villageIds", "errors.not_found");
    if (found.f !== familyIds.length) bad("familyIds", "errors.not_found");
  }
  if (errors.length) {
    const seen = new Set<string>();
    throw new AppError(
      ErrorCode.BAD_USER_INPUT,
      "errors.bad_input",
      {},
      errors.filter((e) => !seen.has(e.field + e.key) && seen.add(e.field + e.key)),
    );
  }
  const fields: Record<string, unknown> = {
    type,
    date_text: date?.text ?? null,
    date_qualifier: date?.qualifier ?? null,
    date_from: date?.from ?? null,
    date_to: date?.to ?? null,
    primary_person_id: primary,
    secondary_person_id: secondary,
    village_ids: villageIds,
    family_ids: familyIds,
  };
  for (const [k, v] of Object.entries(titles)) if (v !== undefined) fields[k] = v;
  const copy: [keyof EventInput, string][] = [
    ["place", "place"],
    ["description", "description"],
    ["descriptionAr", "description_ar"],
    ["descriptionFr", "description_fr"],
    ["sources", "sources"],
  ];
  for (const [k, col] of copy) if (input[k] !== undefined) fields[col] = text(input[k] as string | null);
  if (input.confidence !== undefined && input.confidence !== null) fields.confidence = input.confidence;
  return fields;
}

/** Records an event (any member); COMMUNITY until verified. */
export async function createEvent(ctx: Context, input: EventInput): Promise<EventView> {
  if (!ctx.viewer.userId) throw unauthenticated();
  const id = newId();
  await ctx.ds.transaction(async (tx) => {
    const fields = await normalise(ctx, tx, input, null);
    const row = { id, ...fields, provenance: Provenance.COMMUNITY, created_by: ctx.viewer.userId };
    await insertRow(tx, "events", row);
    await audit(tx, { tableName: "events", recordId: id, userId: ctx.viewer.userId, action: "create", after: row });
  });
  return getEvent(ctx, toGlobalId("Event", id));
}

async function lockEditable(ctx: Context, tx: EntityManager, globalId: string): Promise<EventRow> {
  const id = rawIdOf(globalId, "Event");
  const current = id ? await loadRow(tx, id, ctx.rootspace.id, true) : null;
  if (!current || !(await presentEvents(ctx, [current])).length) throw notFound();
  return editableRow(ctx, current, (r) => r.created_by);
}

/** Changes an event (its creator, editors, admins). */
export async function updateEvent(ctx: Context, globalId: string, input: EventInput): Promise<EventView> {
  if (!ctx.viewer.userId) throw unauthenticated();
  await ctx.ds.transaction(async (tx) => {
    const current = await lockEditable(ctx, tx, globalId);
    const fields = await normalise(ctx, tx, input, current);
    await updateAudited(tx, ctx, "events", current, fields);
  });
  return getEvent(ctx, globalId);
}

/** Deletes an event (its creator, editors, admins). */
export async function deleteEvent(ctx: Context, globalId: string): Promise<boolean> {
  if (!ctx.viewer.userId) throw unauthenticated();
  await ctx.ds.transaction(async (tx) => {
    const current = await lockEditable(ctx, tx, globalId);
    await deleteAudited(tx, ctx, "events", current);
  });
  return true;
}

/** `node(id)` for events: null when absent or involving someone the viewer may not see. */
export async function eventNode(ctx: Context, rawId: string): Promise<EventView | null> {
  const row = isUuid(rawId) ? await loadRow(ctx.ds, rawId, ctx.rootspace.id) : null;
  return row ? ((await presentEvents(ctx, [row]))[0] ?? null) : null;
}
