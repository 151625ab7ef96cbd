import { costLimitRule } from "@escape.tech/graphql-armor-cost-limit";
import { maxAliasesRule } from "@escape.tech/graphql-armor-max-aliases";
import { maxDepthRule } from "@escape.tech/graphql-armor-max-depth";
import type { GraphQLError, ValidationContext, ValidationRule } from "graphql";
import type { Config } from "../config.js";

/**
 * Query limits shared by HTTP (Apollo validationRules) and WebSocket (graphql-ws
 * onSubscribe), so neither transport is a way around them.
 */
export function limitRules(config: Config): ValidationRule[] {
  // Report as ordinary validation errors (400, GRAPHQL_VALIDATION_FAILED) instead of
  // throwing, which Apollo would turn into a 500.
  const report = {
    exposeLimits: true,
    propagateOnRejection: false,
    onReject: [(ctx: ValidationContext | null, err: GraphQLError) => ctx?.reportError(err)],
  };
  return [
    // A fragment is counted where it is spread, as if written inline: clients built with
    // fragments (ours, partners' codegen) pay the same as the same query written out.
    maxDepthRule({ n: config.GRAPHQL_MAX_DEPTH, ignoreIntrospection: true, flattenFragments: true, ...report }),
    maxAliasesRule({ n: config.GRAPHQL_MAX_ALIASES, ...report }),
    costLimitRule({ maxCost: config.GRAPHQL_MAX_COST, ignoreIntrospection: true, flattenFragments: true, ...report }),
  ] as unknown as ValidationRule[];
}

/** Parser token cap: refuses giant documents before any validation work. */
export const parseOptions = (config: Config) => ({ maxTokens: config.GRAPHQL_MAX_TOKENS });
