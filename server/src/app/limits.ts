import { costLimitRule } from "@escape.tech/graphql-armor-cost-limit";
import { maxAliasesRule } from "@escape.tech/graphql-armor-max-aliases";
import { maxDepthRule } from "@escape.tech/graphql-armor-max-depth";
import type { ValidationRule } from "graphql";
import type { Config } from "../config.js";

/**
 * Query limits shared by HTTP (Apollo validationRules) and WebSocket (graphql-ws
 * onSubscribe), so neither transport is a way around them.
 */
export function limitRules(config: Config): ValidationRule[] {
  return [
    maxDepthRule({ n: config.GRAPHQL_MAX_DEPTH, ignoreIntrospection: true, exposeLimits: true }),
    maxAliasesRule({ n: config.GRAPHQL_MAX_ALIASES, exposeLimits: true }),
    costLimitRule({ maxCost: config.GRAPHQL_MAX_COST, ignoreIntrospection: true, exposeLimits: true }),
  ] as unknown as ValidationRule[];
}

/** Parser token cap: refuses giant documents before any validation work. */
export const parseOptions = (config: Config) => ({ maxTokens: config.GRAPHQL_MAX_TOKENS });
