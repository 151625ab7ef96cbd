import { GraphQLError, type DocumentNode, type GraphQLSchema } from "graphql";
import { addressKey } from "../common/client-address.js";
import type { Context } from "../common/context.js";
import { translate, type Language } from "../common/i18n.js";
import type { Config } from "../config.js";
import { CostCalculator } from "./cost.js";

const MINUTE = 60_000;

/**
 * The cost rules of every operation, on both transports (HTTP: an Apollo plugin; WebSocket:
 * onSubscribe): one operation may not cost more than GRAPHQL_MAX_COST (introspection: its own
 * limit, see cost.ts), and one client (a member by account, a visitor by address, an IPv6 one by
 * its /64) may not spend more than GRAPHQL_COST_PER_MINUTE a minute (0 turns the budget off,
 * as the benchmarks do). Budgets are kept by each server; behind several, a client gets each
 * server's. A refusal says why in the reader's language.
 */
export class CostGuard {
  private readonly calculator: CostCalculator;
  private readonly spent = new Map<string, { since: number; cost: number }>();

  constructor(
    schema: GraphQLSchema,
    private readonly config: Config,
  ) {
    this.calculator = new CostCalculator(schema, config.ROOTPEDIA_MAX_CHARS);
  }

  check(
    document: DocumentNode,
    operationName: string | null | undefined,
    variables: Record<string, unknown> | null | undefined,
    ctx: Pick<Context, "viewer" | "client" | "principal">,
    lang: Language,
  ): GraphQLError | null {
    const { cost, introspection } = this.calculator.cost(document, operationName, variables);
    const max = introspection ? Math.max(this.calculator.introspectionLimit, this.config.GRAPHQL_MAX_COST) : this.config.GRAPHQL_MAX_COST;
    if (cost > max) {
      return new GraphQLError(translate("errors.query_cost", lang, { cost, max }), {
        extensions: { code: "GRAPHQL_VALIDATION_FAILED", cost, maxCost: max, http: { status: 400 } },
      });
    }
    const budget = this.config.GRAPHQL_COST_PER_MINUTE;
    // A partner app spends its own hourly budget, shared by every server (partners/budgets.ts).
    if (!budget || introspection || ctx.principal.kind === "app") return null;
    const key = ctx.viewer.userId ? `user:${ctx.viewer.userId}` : `ip:${addressKey(ctx.client.ip)}`;
    const now = Date.now();
    this.sweep(now);
    let entry = this.spent.get(key);
    if (!entry || now - entry.since >= MINUTE) this.spent.set(key, (entry = { since: now, cost: 0 }));
    if (entry.cost + cost > budget) {
      const retryAfterSeconds = Math.max(1, Math.ceil((entry.since + MINUTE - now) / 1000));
      return new GraphQLError(translate("errors.cost_budget", lang, { wait: Math.ceil(retryAfterSeconds / 60) }), {
        extensions: {
          code: "RATE_LIMITED",
          retryAfterSeconds,
          http: { status: 429, headers: new Map([["retry-after", String(retryAfterSeconds)]]) },
        },
      });
    }
    entry.cost += cost;
    return null;
  }

  /** What an operation costs (its variables counted), as the budgets charge it. */
  costOf(document: DocumentNode, operationName: string | null | undefined, variables: Record<string, unknown> | null | undefined): number {
    return this.calculator.cost(document, operationName, variables).cost;
  }

  /** Forgets windows that ended, now and then, so the map holds only the last minute's clients. */
  private sweep(now: number): void {
    if (this.spent.size < 10_000) return;
    for (const [key, entry] of this.spent) if (now - entry.since >= MINUTE) this.spent.delete(key);
  }
}
