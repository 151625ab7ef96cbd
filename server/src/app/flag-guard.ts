import { MapperKind, mapSchema } from "@graphql-tools/utils";
import {
  defaultFieldResolver,
  getNamedType,
  isObjectType,
  TypeInfo,
  visit,
  visitWithTypeInfo,
  type DocumentNode,
  type GraphQLFieldConfig,
  type GraphQLFieldResolver,
  type GraphQLNamedType,
  type GraphQLSchema,
} from "graphql";
import { getMetadataStorage } from "type-graphql";
import { areaDisabled, type FeatureFlags } from "../common/flags.js";

/** A flagged part of the product as the schema sees it: its resolver classes and its GraphQL types. */
export interface FlaggedMembers {
  flag: string;
  resolvers: readonly Function[];
  /** Types of the part (the manifest's `nodes`): every field answering one of them belongs to it too. */
  types: readonly string[];
}

/** The flags a field's resolver checks, kept in its extensions (read back by `operationFlags`). */
const FLAGS_EXTENSION = "rootsFlags";

/** "Type.field" of every field the classes define: queries, mutations, subscriptions and field resolvers. */
export function coordinatesOf(classes: readonly Function[]): Set<string> {
  const storage = getMetadataStorage();
  const mine = new Set(classes);
  const out = new Set<string>();
  for (const [root, list] of [
    ["Query", storage.queries],
    ["Mutation", storage.mutations],
    ["Subscription", storage.subscriptions],
  ] as const)
    for (const r of list) if (mine.has(r.target)) out.add(`${root}.${r.schemaName}`);
  for (const f of storage.fieldResolvers) {
    if (!mine.has(f.target)) continue;
    const cls = f.getObjectType?.();
    const type = storage.objectTypes.find((o) => o.target === cls)?.name;
    if (type) out.add(`${type}.${f.schemaName}`);
  }
  return out;
}

/**
 * The type a field answers with, seen through lists and Relay connections: `PersonConnection`
 * (its `edges { node }` or `nodes`) and `PersonEdge` answer people.
 */
export function answeredType(type: GraphQLNamedType): GraphQLNamedType {
  if (!isObjectType(type)) return type;
  const fields = type.getFields();
  const edge = fields.edges && getNamedType(fields.edges.type);
  if (edge && isObjectType(edge) && edge.getFields().node) return getNamedType(edge.getFields().node.type);
  if (fields.node && type.name.endsWith("Edge")) return getNamedType(fields.node.type);
  return type;
}

/** For each field coordinate, the flags that must be on for it to answer. */
export function fieldFlags(schema: GraphQLSchema, parts: readonly FlaggedMembers[]): Map<string, string[]> {
  const byField = new Map<string, Set<string>>();
  const add = (coordinate: string, flag: string) => byField.set(coordinate, (byField.get(coordinate) ?? new Set()).add(flag));
  for (const part of parts) {
    for (const coordinate of coordinatesOf(part.resolvers)) add(coordinate, part.flag);
    const types = new Set(part.types);
    for (const type of Object.values(schema.getTypeMap())) {
      if (!isObjectType(type) || type.name.startsWith("__")) continue;
      for (const field of Object.values(type.getFields()))
        if (types.has(answeredType(getNamedType(field.type)).name)) add(`${type.name}.${field.name}`, part.flag);
    }
  }
  return new Map([...byField].map(([coordinate, flags]) => [coordinate, [...flags]]));
}

const guarded =
  <S, C extends { flags: FeatureFlags }, A>(
    flags: readonly string[],
    inner: GraphQLFieldResolver<S, C, A>,
  ): GraphQLFieldResolver<S, C, A> =>
  (source, args, context, info) => {
    for (const flag of flags) if (!context.flags.isOn(flag)) throw areaDisabled();
    return inner(source, args, context, info);
  };

/**
 * Every field of a flagged part refuses (`errors.area_disabled`) while its flag is off: the fields
 * its resolver classes define, and every field, of any area, that answers one of its types (a
 * person's events are the village hubs'; a village's people the family tree's). Subscriptions
 * check at subscribe time and again on each event. The flags are kept in the field's extensions.
 */
export function guardFlaggedFields(schema: GraphQLSchema, parts: readonly FlaggedMembers[]): GraphQLSchema {
  const flagsOf = fieldFlags(schema, parts);
  return mapSchema(schema, {
    [MapperKind.OBJECT_FIELD]: (config: GraphQLFieldConfig<unknown, { flags: FeatureFlags }>, fieldName, typeName) => {
      const flags = flagsOf.get(`${typeName}.${fieldName}`);
      if (!flags) return config;
      const resolve = config.resolve ?? defaultFieldResolver;
      return {
        ...config,
        resolve: guarded(flags, resolve),
        ...(config.subscribe ? { subscribe: guarded(flags, config.subscribe) } : {}),
        extensions: { ...config.extensions, [FLAGS_EXTENSION]: flags },
      };
    },
  });
}

/** The flags an operation's fields need (a subscription ends when one of them is switched off). */
export function operationFlags(schema: GraphQLSchema, document: DocumentNode): string[] {
  const info = new TypeInfo(schema);
  const flags = new Set<string>();
  visit(
    document,
    visitWithTypeInfo(info, {
      Field() {
        const own = info.getFieldDef()?.extensions?.[FLAGS_EXTENSION] as string[] | undefined;
        for (const flag of own ?? []) flags.add(flag);
      },
    }),
  );
  return [...flags];
}
