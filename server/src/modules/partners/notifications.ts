import type { Context } from "../../common/context.js";
import { logger } from "../../common/logger.js";
import { defineNotification, type NotificationKinds, type NotificationTemplate } from "../../common/notifications.js";
import { notify } from "../notifications/index.js";

declare module "../../common/notifications.js" {
  interface NotificationKinds {
    /** A moderator approved or suspended a developer's app. */
    "partners.app_decided": { appId: string; name: string; state: "approved" | "suspended" };
    /** A member let an app read or change their tree. */
    "partners.access_granted": { name: string };
  }
}

export const appDecided = defineNotification({
  kind: "partners.app_decided",
  link: () => `/developers/apps`,
  text: (p, t) => ({ name: p.name, state: t(`partners.state.${p.state}`) }),
  defaults: { inApp: true, email: "immediate" },
});

export const accessGranted = defineNotification({
  kind: "partners.access_granted",
  link: () => `/settings/oauth-info`,
  text: (p) => ({ name: p.name }),
  defaults: { inApp: true, email: "immediate" },
});

export const partnerNotifications = [appDecided, accessGranted];

type Deps = Pick<Context, "ds" | "jobs" | "bus" | "config">;

/** Tells a member after the change committed; a failure to notify is logged, never undoes the change. */
export async function tell<K extends keyof NotificationKinds & `partners.${string}`>(
  deps: Deps,
  template: NotificationTemplate<K>,
  memberId: string,
  params: NotificationKinds[K],
): Promise<void> {
  await notify({ db: deps.ds, jobs: deps.jobs, bus: deps.bus, config: deps.config }, template, memberId, params).catch((err: unknown) =>
    logger.error("Partner notification failed", { kind: template.kind, err: String(err) }),
  );
}
