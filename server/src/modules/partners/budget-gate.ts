import { GraphQLError } from "graphql";
import type { DataSource } from "typeorm";
import type { Clock } from "../../common/clock.js";
import type { Context } from "../../common/context.js";
import { translate, type Language } from "../../common/i18n.js";
import type { Config } from "../../config.js";
import { chargeApp, type AppCharge } from "./budgets.js";

/** What an answer tells the app of its budget (`extensions.cost`). */
export const costExtension = (c: AppCharge) => ({ requested: c.requested, remaining: c.remaining, resetAt: c.resetAt.toISOString() });

/**
 * The partner apps' hourly budgets on both transports: each operation of an app token is charged
 * before it runs; an exhausted budget refuses it (RATE_LIMITED, 429, Retry-After until the hour
 * turns, in the reader's language). The charge is kept per request for `extensions.cost`.
 */
export function appBudgetGate(deps: { ds: DataSource; clock: Clock; config: Config }) {
  const charges = new WeakMap<Context, AppCharge>();
  return {
    async charge(ctx: Context, cost: number, lang: Language): Promise<GraphQLError | null> {
      if (ctx.principal.kind !== "app") return null;
      const now = deps.clock.now();
      const c = await chargeApp(deps.ds, ctx.principal.app, cost, now, deps.config.PARTNER_POINTS_PER_HOUR);
      charges.set(ctx, c);
      if (c.allowed) return null;
      const retryAfterSeconds = Math.max(1, Math.ceil((c.resetAt.getTime() - now.getTime()) / 1000));
      return new GraphQLError(translate("partners.errors.budget", lang, { minutes: Math.ceil(retryAfterSeconds / 60) }), {
        extensions: {
          code: "RATE_LIMITED",
          retryAfterSeconds,
          cost: costExtension(c),
          http: { status: 429, headers: new Map([["retry-after", String(retryAfterSeconds)]]) },
        },
      });
    },
    chargeOf: (ctx: Context): AppCharge | undefined => charges.get(ctx),
  };
}
