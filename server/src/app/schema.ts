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
import { buildSchema } from "type-graphql";
import { authChecker } from "../common/auth/authorized.js";
import { Role } from "../common/auth/roles.js";
import type { EventBus } from "../common/event-bus.js";
import { AuthResolver, RolesResolver } from "../modules/accounts/index.js";
import { CurationResolver, DedupeResolver, FamilyResolver, HistoryResolver, PersonFamilyResolver, PersonResolver, RelationshipResolver, VillageResolver } from "../modules/genealogy/index.js";
import * as hub from "../modules/genealogy/index.js";
import { ImportJobResolver, PersonFileRecordsResolver } from "../modules/ingestion/index.js";
import { OutboxResolver } from "../modules/mail/index.js";
import { RootspaceResolver } from "../modules/rootspaces/index.js";
import { JobsHealthResolver } from "./jobs-health.resolver.js";
import { NodeResolver } from "./node.resolver.js";

/** Every resolver of every area; an area adds its resolvers here. */
const resolvers = [
  NodeResolver,
  RootspaceResolver,
  AuthResolver,
  RolesResolver,
  OutboxResolver,
  JobsHealthResolver,
  VillageResolver,
  PersonResolver,
  FamilyResolver,
  PersonFamilyResolver,
  hub.EventResolver,
  hub.VillageEventsResolver,
  hub.PersonEventsResolver,
  hub.RegistryResolver,
  hub.RegistryCountryResolver,
  hub.VillageRegistryResolver,
  hub.AssetResolver,
  hub.VillageAssetResolver,
  CurationResolver,
  HistoryResolver,
  DedupeResolver,
  RelationshipResolver,
  ImportJobResolver,
  PersonFileRecordsResolver,
] as const;

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
export const printRootsSchema = (schema: GraphQLSchema): string =>
  printSchemaWithDirectives(lexicographicSortSchema(schema)).trim() + "\n";
