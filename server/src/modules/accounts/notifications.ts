import { defineNotification } from "../../common/notifications.js";

declare module "../../common/notifications.js" {
  interface NotificationKinds {
    /** An administrator gave the member a role (or changed its expiry). */
    "accounts.role_granted": { role: string; reason: string };
    /** An administrator took a role away. */
    "accounts.role_revoked": { role: string; reason: string };
  }
}

/** The role's name in the reader's language, and the administrator's reason as written. */
const roleText = (p: { role: string; reason: string }, t: (key: string) => string) => ({ role: t(`roles.${p.role}`), reason: p.reason });

export const roleGranted = defineNotification({
  kind: "accounts.role_granted",
  link: () => "/dashboard",
  text: roleText,
  defaults: { inApp: true, email: "immediate" },
});
export const roleRevoked = defineNotification({
  kind: "accounts.role_revoked",
  link: () => "/dashboard",
  text: roleText,
  defaults: { inApp: true, email: "immediate" },
});

export const accountNotifications = [roleGranted, roleRevoked];
