import { maxAliasesRule } from "@escape.tech/graphql-armor-max-aliases";
import { maxDepthRule } from "@escape.tech/graphql-armor-max-depth";
import { GraphQLError, type ValidationContext, type ValidationRule } from "graphql";
import { translate, type Language } from "../common/i18n.js";
import type { Config } from "../config.js";

/**
 * Query limits shared by HTTP (Apollo validationRules) and WebSocket (graphql-ws
 * onSubscribe), so neither transport is a way around them. Cost is not a validation rule: it
 * needs the variables (cost.ts, cost-guard.ts).
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
  ] as unknown as ValidationRule[];
}

/** Parser token cap: refuses giant documents before any validation work. */
export const parseOptions = (config: Config) => ({ maxTokens: config.GRAPHQL_MAX_TOKENS });

/** What a response over GRAPHQL_MAX_RESPONSE_BYTES becomes: an error saying so, and nothing of it. */
export function responseTooLarge(config: Config, lang: Language): GraphQLError {
  return new GraphQLError(translate("errors.response_too_large", lang, { max: config.GRAPHQL_MAX_RESPONSE_BYTES }), {
    extensions: { code: "RESPONSE_TOO_LARGE" },
  });
}
