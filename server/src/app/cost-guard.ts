import { GraphQLError, type DocumentNode, type GraphQLSchema } from "graphql";
import { addressKey } from "../common/client-address.js";
import type { Context } from "../common/context.js";
import { translate, type Language } from "../common/i18n.js";
import type { Config } from "../config.js";
import { LocalBudgets, type BudgetStore } from "./cost-budgets.js";
import { CostCalculator } from "./cost.js";

/**
 * The cost rules of every operation, on both transports (HTTP: an Apollo plugin; WebSocket:
 * onSubscribe): one operation may not cost more than GRAPHQL_MAX_COST (introspection: its own
 * limit, see cost.ts), and one client (a member by account, a visitor by address, an IPv6 one by
 * its /64) may not spend more than GRAPHQL_COST_PER_MINUTE a minute (0 turns the budget off,
 * as the benchmarks do). The budgets are shared by every server instance: in Redis when
 * REDIS_URL is set, in PostgreSQL otherwise, one atomic operation per request (cost-budgets.ts).
 * A refusal says why in the reader's language.
 */
/** What a partner app's budget is charged for one introspection operation. */
export const INTROSPECTION_CHARGE = 100;

export class CostGuard {
  private readonly calculator: CostCalculator;

  constructor(
    schema: GraphQLSchema,
    private readonly config: Config,
    private readonly budgets: BudgetStore = new LocalBudgets(),
  ) {
    this.calculator = new CostCalculator(schema, config.ROOTPEDIA_MAX_CHARS);
  }

  async check(
    document: DocumentNode,
    operationName: string | null | undefined,
    variables: Record<string, unknown> | null | undefined,
    ctx: Pick<Context, "viewer" | "client" | "principal">,
    lang: Language,
  ): Promise<GraphQLError | null> {
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
    const { allowed, retryAfterSeconds } = await this.budgets.spend(key, cost, budget);
    if (allowed) return null;
    return new GraphQLError(translate("errors.cost_budget", lang, { wait: Math.ceil(retryAfterSeconds / 60) }), {
      extensions: {
        code: "RATE_LIMITED",
        retryAfterSeconds,
        http: { status: 429, headers: new Map([["retry-after", String(retryAfterSeconds)]]) },
      },
    });
  }

  /**
   * What an operation costs (its variables counted), as partner apps' budgets charge it. An
   * introspection operation is charged a flat INTROSPECTION_CHARGE: the standard introspection
   * query of this schema counts more than an app's whole default hour, and tools (the explorer,
   * codegen) ask it on every start. Its size is still held by `check`.
   */
  costOf(document: DocumentNode, operationName: string | null | undefined, variables: Record<string, unknown> | null | undefined): number {
    const { cost, introspection } = this.calculator.cost(document, operationName, variables);
    return introspection ? Math.min(cost, INTROSPECTION_CHARGE) : cost;
  }

  async close(): Promise<void> {
    await this.budgets.close();
  }
}
