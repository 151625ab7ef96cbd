import {
  getNamedType,
  isAbstractType,
  isLeafType,
  isObjectType,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLSchema,
} from "graphql";
import type { Hidden } from "../../server/src/modules/genealogy/people/person.policy.js";
import {
  POLICY_CONTAINERS,
  POLICY_PATHS,
  POLICY_TYPES,
  auditColumnHidden,
  hides,
  type Rule,
} from "../../server/src/modules/genealogy/people/person.policy-table.js";

/**
 * The schema side of the policy walk: which types and paths carry person data, what the table
 * misses, the selection a path is queried with, and the check of one viewer's answer against
 * the table (with an admin's answer to the same query as what full access shows).
 */

const carriers = new Set(Object.keys(POLICY_TYPES));
const containers = new Set<string>(POLICY_CONTAINERS);

/** True when the field returns a type of the table (or an interface one of them implements, as Node). */
export function returnsPersonData(schema: GraphQLSchema, field: GraphQLField<unknown, unknown>): boolean {
  const named = getNamedType(field.type);
  if (carriers.has(named.name)) return true;
  return isAbstractType(named) && schema.getPossibleTypes(named).some((t) => carriers.has(t.name));
}

/** Everything the schema has and the table does not say (and the reverse). */
export function tableGaps(schema: GraphQLSchema): string[] {
  const gaps: string[] = [];
  const objects = Object.values(schema.getTypeMap()).filter((t): t is GraphQLObjectType => isObjectType(t) && !t.name.startsWith("__"));
  const same = (what: string, actual: string[], declared: string[]) => {
    for (const a of actual) if (!declared.includes(a)) gaps.push(`${what}.${a} is missing from the policy table`);
    for (const d of declared) if (!actual.includes(d)) gaps.push(`${what}.${d} is in the policy table but not in the schema`);
  };
  for (const type of objects) {
    const fields = Object.values(type.getFields());
    if (carriers.has(type.name)) {
      same(
        type.name,
        fields.map((f) => f.name),
        Object.keys(POLICY_TYPES[type.name].fields),
      );
      for (const f of fields) {
        const rule = POLICY_TYPES[type.name].fields[f.name];
        const named = getNamedType(f.type);
        if ((named.name === "Person" || isAbstractType(named)) && rule !== "person" && rule !== "visible")
          gaps.push(`${type.name}.${f.name} returns people: its rule must be "person" or "visible"`);
      }
    } else if (containers.has(type.name)) {
      for (const f of fields.filter((x) => returnsPersonData(schema, x))) {
        const path = POLICY_PATHS[`${type.name}.${f.name}`];
        if (!path) gaps.push(`${type.name}.${f.name} returns person data but is missing from POLICY_PATHS`);
        else
          same(
            `${type.name}.${f.name}(args)`,
            f.args.map((a) => a.name),
            Object.keys(path.args),
          );
      }
    } else {
      for (const f of fields.filter((x) => returnsPersonData(schema, x)))
        gaps.push(`${type.name}.${f.name} returns person data but ${type.name} is neither in POLICY_TYPES nor a container`);
    }
  }
  for (const name of carriers)
    if (!isObjectType(schema.getType(name))) gaps.push(`${name} is in the policy table but not an object type of the schema`);
  for (const path of Object.keys(POLICY_PATHS)) {
    const [type, field] = path.split(".");
    const f = (schema.getType(type) as GraphQLObjectType | undefined)?.getFields()[field];
    if (!f || !returnsPersonData(schema, f)) gaps.push(`${path} is in POLICY_PATHS but returns no person data`);
  }
  return gaps;
}

/** Fields that say what the viewer may do, not what the record is: they differ by viewer. */
const VIEWER_SPECIFIC = new Set(["viewerCan", "isViewer", "canRevert", "canMerge", "cursor", "pageInfo"]);

/** The selection for a type: every field of the table's types (no arguments needed), leaves only of other objects. */
export function selection(schema: GraphQLSchema, type: GraphQLNamedType, depth: number, only?: string): string {
  if (isLeafType(type)) return "";
  if (isAbstractType(type)) {
    // One member at a time (`only`): the same field name may differ in type across members.
    const parts = schema
      .getPossibleTypes(type)
      .filter((t) => carriers.has(t.name) && (!only || t.name === only))
      .map((t) => `... on ${t.name} ${selection(schema, t, depth)}`);
    return `{ __typename ${parts.join(" ")} }`;
  }
  const object = type as GraphQLObjectType;
  const fields = Object.values(object.getFields()).filter((f) =>
    f.args.every((a) => a.defaultValue !== undefined || !a.type.toString().endsWith("!")),
  );
  const inner = fields.flatMap((f) => {
    const named = getNamedType(f.type);
    if (isLeafType(named)) return [f.name];
    if (!carriers.has(object.name) && !carriers.has(named.name)) return [];
    if (!carriers.has(named.name) && !isAbstractType(named)) return [`${f.name} ${leaves(named as GraphQLObjectType)}`];
    if (depth > 0) return [`${f.name} ${selection(schema, named, depth - 1)}`];
    // Deep enough: whom it is about, still (an event's people, a union's partner).
    return isObjectType(named) && named.getFields().id ? [`${f.name} { __typename id }`] : [];
  });
  return `{ __typename ${inner.join(" ")} }`;
}
const leaves = (t: GraphQLObjectType) =>
  `{ ${
    Object.values(t.getFields())
      .filter((f) => isLeafType(getNamedType(f.type)))
      .map((f) => f.name)
      .join(" ") || "__typename"
  } }`;

type Obj = Record<string, unknown> & { __typename?: string };

export interface WalkContext {
  /** Hidden parts of a seeded person (raw id) for this viewer; undefined when the person is not seeded. */
  hiddenOf: (personGid: string) => Hidden | undefined;
  /** True when the viewer may not see this person at all (not public). */
  noneFor: (personGid: string) => boolean;
  /** Person ids an argument of the case compares on, with the part it reads (bornFrom: dates, search: all). */
  argParts: (keyof Hidden)[];
}

const SEE_ALL: Hidden = { all: false, dates: false, places: false, life: false };
const join = (hs: Hidden[]): Hidden =>
  hs.reduce((a, h) => ({ all: a.all || h.all, dates: a.dates || h.dates, places: a.places || h.places, life: a.life || h.life }), SEE_ALL);
const idOf = (o: unknown) => (o && typeof o === "object" ? ((o as Obj).id as string | undefined) : undefined);

/** The key an object is matched by across viewers' answers. */
function keyOf(o: Obj, parent: Obj | null): string | null {
  const t = o.__typename;
  if (t === "Union") return `Union:${o.id}:${idOf(o.partner)}`;
  if (t === "PersonEdge" || t === "DuplicateSuggestion" || t === "AncestorEntry")
    return `${t}:${idOf(o.node ?? o.person)}:${o.generation ?? ""}`;
  if (t === "RegistryCountry") return `RegistryCountry:${o.country}`;
  if (t === "PersonFileRecords") return parent ? `PersonFileRecords:${idOf(parent)}` : null;
  return o.id ? `${t}:${o.id}` : null;
}

/** Every object of the table's types in an answer, keyed, with its parent. */
export function index(value: unknown, parent: Obj | null = null, out = new Map<string, { o: Obj; parent: Obj | null }[]>()) {
  if (Array.isArray(value)) for (const v of value) index(v, parent, out);
  else if (value && typeof value === "object") {
    const o = value as Obj;
    const key = o.__typename && carriers.has(o.__typename) ? (keyOf(o, parent) ?? `${o.__typename}:?`) : null;
    if (key) out.set(key, [...(out.get(key) ?? []), { o, parent }]);
    for (const [k, v] of Object.entries(o)) if (k !== "__typename") index(v, o.__typename && carriers.has(o.__typename) ? o : parent, out);
  }
  return out;
}

const empty = (v: unknown, field: string) =>
  v === null ||
  v === undefined ||
  (Array.isArray(v) && v.length === 0) ||
  (field === "displayName" && v === "Private") ||
  (typeof v === "object" &&
    !Array.isArray(v) &&
    Object.entries(v as Obj).every(([k, x]) => k === "__typename" || (Array.isArray(x) && x.length === 0)));
const strip = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(strip)
    : v && typeof v === "object"
      ? Object.fromEntries(
          Object.entries(v as Obj)
            .filter(([k]) => !VIEWER_SPECIFIC.has(k))
            .map(([k, x]) => [k, strip(x)]),
        )
      : v;

/** Whom an object is about (global ids of people), read from the admin's copy, which hides nothing. */
function subjectsOf(o: Obj, parent: Obj | null, full: Obj): string[] {
  switch (o.__typename) {
    case "Person":
      return [o.id as string];
    case "Union":
      return [idOf(parent), idOf(full.partner)].filter((x): x is string => Boolean(x));
    case "Event":
      return [idOf(full.primaryPerson), idOf(full.secondaryPerson)].filter((x): x is string => Boolean(x));
    case "RegistryEntry":
    case "DuplicateSuggestion":
    case "AncestorEntry":
      return [idOf(full.person)!];
    case "PersonEdge":
      return [idOf(full.node)!];
    case "PersonFileRecords":
      return parent ? [idOf(parent)!] : [];
    case "ReviewItem":
      return full.kind === "PERSON" ? [o.id as string] : [];
    case "AuditEntry": {
      const merged = (full.changes as Obj[] | undefined)?.find((c) => c.field === "mergedFrom")?.after;
      return [
        o.recordId as string,
        ...(typeof merged === "string" ? [Buffer.from(`Person:${JSON.parse(merged)}`).toString("base64url")] : []),
      ];
    }
    default:
      return [];
  }
}

/** What one viewer's answer breaks of the table, against the admin's answer to the same query. */
export function check(label: string, answer: unknown, adminAnswer: unknown, ctx: WalkContext): string[] {
  const problems: string[] = [];
  const full = index(adminAnswer);
  for (const [key, seen] of index(answer)) {
    for (const { o, parent } of seen) {
      const type = o.__typename!;
      // Every copy of it in the admin's answer, together (a person appears at several depths).
      const fullCopy = full.has(key) ? (Object.assign({}, ...full.get(key)!.map((x) => x.o)) as Obj) : undefined;
      if (!fullCopy) {
        if (!key.endsWith(":?")) problems.push(`${label}: ${key} is not in what full access sees`);
        continue;
      }
      const subjects = subjectsOf(o, parent, fullCopy);
      for (const s of subjects)
        if (ctx.noneFor(s) && type !== "AuditEntry") problems.push(`${label}: ${key} shows a person the viewer may not see (${s})`);
      const hidden = join(subjects.map((s) => ctx.hiddenOf(s) ?? SEE_ALL));
      if ((type === "Event" || type === "RegistryEntry") && hidden.all) problems.push(`${label}: ${key} of a Private person is listed`);
      for (const part of ctx.argParts)
        if (subjects.length && hidden[part] && type !== "AuditEntry") problems.push(`${label}: ${key} matched on a hidden ${part}`);
      if (type === "Person" && "isPrivate" in o && o.isPrivate !== hidden.all)
        problems.push(`${label}: ${key}.isPrivate is ${o.isPrivate}, the table says ${hidden.all}`);
      for (const [field, rule] of Object.entries(POLICY_TYPES[type].fields) as [string, Rule][]) {
        if (!(field in o)) continue;
        const value = o[field];
        if (field === "totalCount" && Array.isArray(o.edges) && !(o.pageInfo as Obj | undefined)?.hasNextPage && value !== o.edges.length)
          problems.push(`${label}: ${key}.totalCount ${value} counts ${String(value)} but lists ${o.edges.length}`);
        if (type === "RegistryCountry" && field === "count" && value !== (o.entries as unknown[] | undefined)?.length)
          problems.push(`${label}: ${key}.count ${value} but lists ${(o.entries as unknown[]).length}`);
        if (type === "AuditEntry" && field === "changes") {
          const names = (value as Obj[]).map((c) => c.field as string);
          const expected = (fullCopy.changes as Obj[]).map((c) => c.field as string).filter((f) => !auditColumnHidden(f, hidden));
          if (JSON.stringify(names) !== JSON.stringify(hidden.all ? [] : expected))
            problems.push(
              `${label}: ${key}.changes ${JSON.stringify(names)}, the table says ${JSON.stringify(hidden.all ? [] : expected)}`,
            );
        }
        if (rule === "shown" || rule === "person" || rule === "visible" || rule === "own" || VIEWER_SPECIFIC.has(field)) continue;
        if (hides(rule, hidden)) {
          if (!empty(value, field))
            problems.push(
              `${label}: ${key}.${field} shows ${JSON.stringify(value).slice(0, 80)} though the table hides it (${JSON.stringify(rule)})`,
            );
        } else if (JSON.stringify(strip(value)) !== JSON.stringify(strip(fullCopy[field]))) {
          problems.push(
            `${label}: ${key}.${field} is ${JSON.stringify(value)?.slice(0, 80)}, the table shows ${JSON.stringify(fullCopy[field])?.slice(0, 80)}`,
          );
        }
      }
    }
  }
  return problems;
}
