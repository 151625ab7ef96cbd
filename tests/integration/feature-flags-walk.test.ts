import "reflect-metadata";
import { beforeAll, describe, expect, it } from "@jest/globals";
import { getNamedType, isObjectType, type GraphQLField, type GraphQLNamedType, type GraphQLSchema } from "graphql";
import { getMetadataStorage } from "type-graphql";
import { buildRootsSchema } from "../../server/src/app/schema.js";
import { createEventBus } from "../../server/src/common/event-bus.js";
import { AppError } from "../../server/src/common/errors.js";
import type { FeatureFlags } from "../../server/src/common/flags.js";
import { AREAS } from "../../server/src/modules/areas.js";

/**
 * Walks the areas' manifests and the schema: every member of a flagged part (its area's flag or
 * its part's) refuses with `errors.area_disabled` while that flag is off. The members are found
 * here, from the manifests, independently of the guard: each query, mutation, subscription and
 * field resolver of the part's resolver classes, and every field of any area that answers one of
 * the part's types (directly, in a list, or as the nodes of a connection).
 */

interface Part {
  area: string;
  flag: string;
  classes: Function[];
  types: Set<string>;
}

const parts: Part[] = AREAS.flatMap((area) => [
  ...(area.flag
    ? [{ area: area.name, flag: area.flag, classes: [...(area.resolvers ?? [])], types: new Set(Object.keys(area.nodes ?? {})) }]
    : []),
  ...(area.flagged ?? []).map((p) => ({ area: area.name, flag: p.flag, classes: [...(p.resolvers ?? [])], types: new Set(p.nodes ?? []) })),
]);

/** A type, or the node type of a connection or an edge. */
function itemType(type: GraphQLNamedType): string {
  if (!isObjectType(type)) return type.name;
  const fields = type.getFields();
  if (fields.edges) {
    const edge = getNamedType(fields.edges.type);
    if (isObjectType(edge) && edge.getFields().node) return getNamedType(edge.getFields().node.type).name;
  }
  if (type.name.endsWith("Edge") && fields.node) return getNamedType(fields.node.type).name;
  return type.name;
}

function membersOf(schema: GraphQLSchema, part: Part): Map<string, GraphQLField<unknown, unknown>> {
  const storage = getMetadataStorage();
  const mine = new Set(part.classes);
  const out = new Map<string, GraphQLField<unknown, unknown>>();
  const add = (typeName: string, fieldName: string) => {
    const type = schema.getType(typeName);
    const field = isObjectType(type) ? type.getFields()[fieldName] : undefined;
    if (!field) throw new Error(`${typeName}.${fieldName} is declared by a flagged class but is not in the schema`);
    out.set(`${typeName}.${fieldName}`, field);
  };
  for (const q of storage.queries) if (mine.has(q.target)) add("Query", q.schemaName);
  for (const m of storage.mutations) if (mine.has(m.target)) add("Mutation", m.schemaName);
  for (const s of storage.subscriptions) if (mine.has(s.target)) add("Subscription", s.schemaName);
  for (const f of storage.fieldResolvers) {
    if (!mine.has(f.target)) continue;
    const owner = storage.objectTypes.find((o) => o.target === f.getObjectType?.())?.name;
    if (owner) add(owner, f.schemaName);
  }
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith("__")) continue;
    for (const field of Object.values(type.getFields()))
      if (part.types.has(itemType(getNamedType(field.type)))) out.set(`${type.name}.${field.name}`, field);
  }
  return out;
}

const allOnBut = (off: string): FeatureFlags => ({ isOn: (flag) => flag !== off, invalidate: () => {} });

/** Runs a resolver and tells what it refused with (synchronously or as a rejected promise), or "answered". */
async function outcome(run: () => unknown): Promise<string> {
  try {
    await run();
    return "answered";
  } catch (err) {
    return err instanceof AppError ? err.key : String(err);
  }
}

let schema: GraphQLSchema;
beforeAll(async () => {
  const bus = createEventBus();
  schema = await buildRootsSchema(bus);
  await bus.close();
});

describe("feature flags cover every member of a flagged part", () => {
  it("finds the parts and their members in the manifests (the walk below checks something)", () => {
    const members = (flag: string) => new Set(parts.filter((p) => p.flag === flag).flatMap((p) => [...membersOf(schema, p).keys()]));
    const tree = members("familyTree");
    const hubs = members("villageHubs");
    for (const field of ["Query.people", "Query.myRoots", "Mutation.createPerson", "Subscription.importJobUpdated", "Query.person"])
      expect([field, tree.has(field)]).toEqual([field, true]);
    // Fields of other parts and areas that answer the part's records belong to it too.
    expect(hubs.has("Person.events")).toBe(true);
    expect(hubs.has("Village.events")).toBe(true);
    expect(tree.size).toBeGreaterThan(30);
    expect(hubs.size).toBeGreaterThan(10);
  });

  for (const part of parts)
    it(`every member of ${part.area}'s ${part.flag} part refuses while ${part.flag} is off`, async () => {
      const context = { flags: allOnBut(part.flag) };
      const answered: string[] = [];
      for (const [coordinate, field] of membersOf(schema, part)) {
        const resolve = field.resolve;
        if (!resolve) {
          answered.push(`${coordinate} (no resolver)`);
          continue;
        }
        const got = await outcome(() => resolve({}, {}, context, {} as never));
        if (got !== "errors.area_disabled") answered.push(`${coordinate}: ${got}`);
        if (field.subscribe) {
          const subscribe = field.subscribe;
          const sub = await outcome(() => subscribe({}, {}, context, {} as never));
          if (sub !== "errors.area_disabled") answered.push(`${coordinate} (subscribe): ${sub}`);
        }
      }
      expect(answered).toEqual([]);
    });
});
