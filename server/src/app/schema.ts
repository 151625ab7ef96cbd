import { printSchemaWithDirectives } from "@graphql-tools/utils";
import {
  DirectiveLocation,
  GraphQLDirective,
  GraphQLEnumType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLSchema,
  GraphQLString,
  lexicographicSortSchema,
} from "graphql";
import { buildSchema } from "type-graphql";
import { authChecker } from "../common/auth/authorized.js";
import { Role } from "../common/auth/roles.js";
import type { EventBus } from "../common/event-bus.js";
import { registerTypeFlags } from "../common/flags.js";
import { isKnownFlag } from "../common/flag-catalogue.js";
import { AREAS } from "../modules/areas.js";
import { guardFlaggedFields, type FlaggedMembers } from "./flag-guard.js";
import { JobsHealthResolver } from "./jobs-health.resolver.js";
import { NodeResolver } from "./node.resolver.js";

/** Every resolver: the platform's own, then each area's (from its manifest). */
const resolvers = [NodeResolver, JobsHealthResolver, ...AREAS.flatMap((area) => area.resolvers ?? [])] as const;

/**
 * Each area's flagged members: the area-wide flag covers all its resolvers and node types, a
 * part's flag its own. Checked against the flag catalog at start.
 */
export function flaggedParts(): FlaggedMembers[] {
  const parts = AREAS.flatMap((area) => [
    ...(area.flag ? [{ flag: area.flag, resolvers: area.resolvers ?? [], types: Object.keys(area.nodes ?? {}) }] : []),
    ...(area.flagged ?? []).map((part) => ({ flag: part.flag, resolvers: part.resolvers ?? [], types: part.nodes ?? [] })),
  ]);
  for (const { flag } of parts)
    if (!isKnownFlag(flag))
      throw new Error(`An area names the unknown feature flag "${flag}": declare it in its area's manifest (flags) with its default.`);
  return parts;
}

/**
 * Adds the `@auth(requires: [Role!]!)` and `@scope(requires: String!)` directive definitions so
 * the rules that `RequireRoles` and `OpenToApps` print on fields are valid SDL for partners and codegen.
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
  const scope = new GraphQLDirective({
    name: "scope",
    description:
      "Partner apps may call this root field with an access token granted this scope; every root field without it refuses app tokens.",
    locations: [DirectiveLocation.FIELD_DEFINITION],
    args: { requires: { type: new GraphQLNonNull(GraphQLString) } },
  });
  return new GraphQLSchema({ ...config, types, directives: [...config.directives, auth, scope] });
}

export async function buildRootsSchema(bus: EventBus): Promise<GraphQLSchema> {
  const parts = flaggedParts();
  registerTypeFlags(parts.flatMap((part) => part.types.map((type) => [type, part.flag] as const)));
  const schema = await buildSchema({
    resolvers,
    authChecker,
    pubSub: bus,
    validate: { forbidUnknownValues: false },
    emitSchemaFile: false,
  });
  return guardFlaggedFields(withAuthDirective(schema), parts);
}

/** The committed SDL: sorted, with directives, so diffs stay readable. */
export const printRootsSchema = (schema: GraphQLSchema): string => printSchemaWithDirectives(lexicographicSortSchema(schema)).trim() + "\n";
