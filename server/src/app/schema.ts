import { printSchemaWithDirectives } from "@graphql-tools/utils";
import {
  DirectiveLocation,
  GraphQLDirective,
  GraphQLEnumType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLSchema,
  lexicographicSortSchema,
} from "graphql";
import { buildSchema, UseMiddleware } from "type-graphql";
import { authChecker } from "../common/auth/authorized.js";
import { Role } from "../common/auth/roles.js";
import type { EventBus } from "../common/event-bus.js";
import { flagGuard } from "../common/flags.js";
import { isKnownFlag } from "../modules/admin/index.js";
import { AREAS } from "../modules/areas.js";
import { JobsHealthResolver } from "./jobs-health.resolver.js";
import { NodeResolver } from "./node.resolver.js";

/** Every resolver: the platform's own, then each area's (from its manifest). */
const resolvers = [NodeResolver, JobsHealthResolver, ...AREAS.flatMap((area) => area.resolvers ?? [])] as const;

/** Each area's flagged resolvers: the area-wide flag covers all of them, a part's flag its own. */
export function flaggedResolvers(): { flag: string; resolvers: readonly Function[] }[] {
  const parts = AREAS.flatMap((area) => [
    ...(area.flag ? [{ flag: area.flag, resolvers: area.resolvers ?? [] }] : []),
    ...(area.flagged ?? []).map((part) => ({ flag: part.flag, resolvers: part.resolvers ?? [] })),
  ]);
  for (const { flag } of parts)
    if (!isKnownFlag(flag))
      throw new Error(`An area names the unknown feature flag "${flag}": add it to modules/admin/flags.catalog.ts with its default.`);
  return parts;
}

/** Resolver classes already guarded, by flag: the schema may be built several times in one process (tests). */
const guarded = new WeakMap<Function, Set<string>>();

/** Puts the flag guard on every flagged resolver class (type-graphql class middleware), once per class and flag. */
function guardFlaggedResolvers(): void {
  for (const { flag, resolvers: classes } of flaggedResolvers()) {
    for (const cls of classes) {
      const flags = guarded.get(cls) ?? new Set<string>();
      if (flags.has(flag)) continue;
      UseMiddleware(flagGuard(flag))(cls);
      flags.add(flag);
      guarded.set(cls, flags);
    }
  }
}

/**
 * Adds the `@auth(requires: [Role!]!)` directive definition so the role rules that
 * `RequireRoles` prints on fields are valid SDL for partners and codegen.
 */
function withAuthDirective(schema: GraphQLSchema): GraphQLSchema {
  const config = schema.toConfig();
  const types = [...config.types];
  let roleType = schema.getType("Role") as GraphQLEnumType | undefined;
  if (!roleType) {
    roleType = new GraphQLEnumType({
      name: "Role",
      description: "Platform roles, highest rank first.",
      values: Object.fromEntries(Object.entries(Role).map(([key, value]) => [key, { value }])),
    });
    types.push(roleType);
  }
  const auth = new GraphQLDirective({
    name: "auth",
    description: "The caller must hold one of these roles (admin passes every check).",
    locations: [DirectiveLocation.FIELD_DEFINITION, DirectiveLocation.OBJECT],
    args: { requires: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(roleType))) } },
  });
  return new GraphQLSchema({ ...config, types, directives: [...config.directives, auth] });
}

export async function buildRootsSchema(bus: EventBus): Promise<GraphQLSchema> {
  guardFlaggedResolvers();
  const schema = await buildSchema({
    resolvers,
    authChecker,
    pubSub: bus,
    validate: { forbidUnknownValues: false },
    emitSchemaFile: false,
  });
  return withAuthDirective(schema);
}

/** The committed SDL: sorted, with directives, so diffs stay readable. */
export const printRootsSchema = (schema: GraphQLSchema): string => printSchemaWithDirectives(lexicographicSortSchema(schema)).trim() + "\n";
