import type { Context } from "../../common/context.js";
import { logger } from "../../common/logger.js";
import type { NotificationKinds } from "../../common/notifications.js";
import type { NotificationTemplate } from "../../common/notifications.js";
import { track } from "../analytics/index.js";
import { notify } from "../notifications/index.js";
import type { MoneyDeps } from "./ledger.types.js";

export const depsOf = (ctx: Pick<Context, "ds" | "clock" | "config" | "jobs">): MoneyDeps => ({
  ds: ctx.ds,
  clock: ctx.clock,
  config: ctx.config,
  jobs: ctx.jobs,
});

/** A member's own key space: one member's keys never meet another's, nor staff's. */
export const memberKey = (userId: string, key: string): string => `m:${userId}:${key}`;
export const staffKey = (userId: string, key: string): string => `s:${userId}:${key}`;

type MoneyKind = "money.payment_confirmed" | "money.payout_sent" | "money.refunded";

/** Tells the member after the money committed; a failure to notify is logged, never undoes the money. */
export async function tellAfterCommit<K extends MoneyKind>(
  ctx: Pick<Context, "ds" | "jobs" | "bus" | "config">,
  template: NotificationTemplate<K>,
  memberId: string,
  params: NotificationKinds[K],
): Promise<void> {
  await notify({ db: ctx.ds, jobs: ctx.jobs, bus: ctx.bus, config: ctx.config }, template, memberId, params).catch((err: unknown) =>
    logger.error("Money notification failed", { kind: template.kind, err: String(err) }),
  );
}

/** Analytics `receipt_generated`, after the money committed: the receipt's type only (no member, no amount). */
export const receiptGenerated = (ds: Context["ds"], receiptType: "payment" | "refund" | "payout"): Promise<void> =>
  track(ds, { eventType: "economic", action: "receipt_generated", properties: { receiptType } });
