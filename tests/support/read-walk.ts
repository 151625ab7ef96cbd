import {
  getNamedType,
  isAbstractType,
  isEnumType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
} from "graphql";
import type { ReadTag, ReadTags } from "../../server/src/common/auth/reads.js";

/**
 * The schema side of the read walk (issue 37): every field of every object type is tagged with
 * who may read it (areas' `reads`, people's types by the person policy table, root fields by
 * their `@auth` rule), and an answer shows no field to a reader its tag leaves out.
 */

export const ROOTS = ["Query", "Mutation", "Subscription"];

export type Reader = "visitor" | "member" | "moderator" | "editor" | "admin";

/** The tags each reader may read (a curator's `reviewers` depends on the village, so curators are walked by the person walk). */
export const MAY_READ: Record<Reader, readonly ReadTag[]> = {
  visitor: ["anyone"],
  member: ["anyone", "members", "self"],
  moderator: ["anyone", "members", "self", "staff"],
  editor: ["anyone", "members", "self", "staff", "reviewers"],
  admin: ["anyone", "members", "self", "staff", "reviewers", "admins"],
};

/** All areas' tags in one table, and every type two areas both tag. */
export function mergeTags(areas: readonly { name: string; reads?: ReadTags }[]): {
  tags: Map<string, Map<string, ReadTag>>;
  twice: string[];
} {
  const tags = new Map<string, Map<string, ReadTag>>();
  const owner = new Map<string, string>();
  const twice: string[] = [];
  for (const area of areas)
    for (const [type, fields] of Object.entries(area.reads ?? {})) {
      if (owner.has(type)) twice.push(`${type} is tagged by ${owner.get(type)} and ${area.name}`);
      owner.set(type, area.name);
      tags.set(type, new Map(Object.entries(fields)));
    }
  return { tags, twice };
}

/** A root field's tag, from the `@auth(requires: […])` rule the schema prints. */
export function rootTag(field: GraphQLField<unknown, unknown>): ReadTag {
  const auth = field.astNode?.directives?.find((d) => d.name.value === "auth");
  if (!auth) return "anyone";
  const arg = auth.arguments?.find((a) => a.name.value === "requires")?.value;
  const roles = arg?.kind === Kind.LIST ? arg.values.map((v) => (v.kind === Kind.ENUM ? v.value : "")) : [];
  if (roles.includes("MEMBER")) return "members";
  if (roles.includes("MODERATOR") || roles.includes("EDITOR")) return "staff";
  if (roles.includes("LOCAL_ROOT_CURATOR")) return "reviewers";
  return "admins";
}

/** Fields no tag covers, tags of fields the schema does not have (`byPolicyTable`: types the person table governs). */
export function tagGaps(schema: GraphQLSchema, tags: Map<string, Map<string, ReadTag>>, byPolicyTable: ReadonlySet<string>): string[] {
  const gaps: string[] = [];
  const objects = Object.values(schema.getTypeMap()).filter(
    (t): t is GraphQLObjectType => isObjectType(t) && !t.name.startsWith("__") && !ROOTS.includes(t.name),
  );
  for (const type of objects) {
    if (byPolicyTable.has(type.name)) {
      if (tags.has(type.name)) gaps.push(`${type.name} is governed by the person policy table and tagged again`);
      continue;
    }
    const tagged = tags.get(type.name);
    for (const f of Object.keys(type.getFields())) if (!tagged?.has(f)) gaps.push(`${type.name}.${f} has no read tag`);
    for (const f of tagged?.keys() ?? []) if (!type.getFields()[f]) gaps.push(`${type.name}.${f} is tagged but not in the schema`);
  }
  for (const name of tags.keys())
    if (!objects.some((t) => t.name === name)) gaps.push(`${name} is tagged but is no object type of the schema`);
  return gaps;
}

const hasRequiredArgs = (f: GraphQLField<unknown, unknown>) => f.args.some((a) => isNonNullType(a.type) && a.defaultValue === undefined);

/** Every field of `type` a query can ask without arguments, to `depth` levels, with `__typename` on each object. */
export function fullSelection(schema: GraphQLSchema, type: GraphQLNamedType, depth: number): string {
  if (isLeafType(type)) return "";
  const objects = isAbstractType(type) ? schema.getPossibleTypes(type) : isObjectType(type) ? [type] : [];
  const parts = objects.map((o) => {
    const fields = Object.values(o.getFields())
      .filter((f) => !hasRequiredArgs(f))
      .flatMap((f) => {
        const named = getNamedType(f.type);
        if (isLeafType(named)) return [f.name];
        if (depth <= 1) return [];
        const inner = fullSelection(schema, named, depth - 1);
        return inner ? [`${f.name} { ${inner} }`] : [];
      });
    return `... on ${o.name} { ${fields.join(" ")} }`;
  });
  return `__typename ${parts.join(" ")}`;
}

/** True when a value shows nothing: null, false, an empty string or list, or an object whose every field shows nothing. */
export function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === "" || value === 0) return true;
  if (Array.isArray(value)) return value.every(isEmpty);
  if (typeof value === "object") return Object.entries(value as object).every(([k, v]) => k === "__typename" || isEmpty(v));
  return false;
}

/**
 * The fields of an answer a reader was shown against their tags: `Type.field` for each object
 * (found by its `__typename`) whose field is tagged for readers other than `reader` and holds
 * something. `tagOf` gives a field's tag (undefined: not walked here, the person table's).
 */
export function leaksIn(
  value: unknown,
  reader: Reader,
  tagOf: (type: string, field: string) => ReadTag | undefined,
  shown: Set<string> = new Set(),
): Set<string> {
  if (Array.isArray(value)) {
    for (const v of value) leaksIn(v, reader, tagOf, shown);
    return shown;
  }
  if (!value || typeof value !== "object") return shown;
  const row = value as Record<string, unknown>;
  const type = typeof row.__typename === "string" ? row.__typename : null;
  for (const [field, v] of Object.entries(row)) {
    if (field === "__typename") continue;
    const tag = type ? tagOf(type, field) : undefined;
    if (tag && !MAY_READ[reader].includes(tag) && !isEmpty(v)) shown.add(`${type}.${field}`);
    leaksIn(v, reader, tagOf, shown);
  }
  return shown;
}

/** A literal for an argument of a root field from the walk's fixtures, or undefined when it has none. */
export function argumentLiteral(type: GraphQLOutputType | Parameters<typeof isEnumType>[0], value: unknown): string {
  if (isNonNullType(type)) return argumentLiteral(type.ofType, value);
  if (isListType(type)) return `[${(value as unknown[]).map((v) => argumentLiteral(type.ofType, v)).join(", ")}]`;
  if (isEnumType(type)) return String(value);
  return JSON.stringify(value);
}
