import type { Context } from "../../common/context.js";
import { logger } from "../../common/logger.js";
import { defineNotification, type NotificationKinds, type NotificationTemplate } from "../../common/notifications.js";
import { notify } from "../notifications/index.js";

declare module "../../common/notifications.js" {
  interface NotificationKinds {
    /** A member's document request changed state. */
    "ancestry.status": { requestId: string; reference: string; state: string };
    /** The officer working a request let its step run past the due day. */
    "ancestry.overdue": { requestId: string; reference: string; days: number };
  }
}

export const statusChanged = defineNotification({
  kind: "ancestry.status",
  link: (p) => `/ancestry/requests/${p.requestId}`,
  text: (p, t) => ({ reference: p.reference, state: t(`ancestry.state.${p.state}`) }),
  defaults: { inApp: true, email: "immediate" },
});

export const overdue = defineNotification({
  kind: "ancestry.overdue",
  link: (p) => `/management/ancestry?request=${p.requestId}`,
  defaults: { inApp: true, email: "immediate" },
});

export const ancestryNotifications = [statusChanged, overdue];

type Deps = Pick<Context, "ds" | "jobs" | "bus" | "config">;

/** Tells a member after the change committed; a failure to notify is logged, never undoes the change. */
export async function tell<K extends "ancestry.status" | "ancestry.overdue">(
  deps: Deps,
  template: NotificationTemplate<K>,
  memberId: string,
  params: NotificationKinds[K],
): Promise<void> {
  await notify({ db: deps.ds, jobs: deps.jobs, bus: deps.bus, config: deps.config }, template, memberId, params).catch((err: unknown) =>
    logger.error("Ancestry notification failed", { kind: template.kind, err: String(err) }),
  );
}
