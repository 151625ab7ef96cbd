/**
 * Public surface of the notifications area: what the platform tells a member, in the bell (with a
 * live unread count) and by email at once or in a daily digest, as the member chose in /settings.
 * Areas declare their kinds (`NotificationKinds`, `defineNotification`) and list the templates in
 * their manifest; they send one with `notify`.
 */
import { defineArea } from "../../common/area.js";
import { notificationDigest } from "./digest.js";
import { Notification, NotificationSetting } from "./notification.entity.js";
import { NotificationResolver } from "./notification.resolver.js";
import type { NotificationEvent } from "./notify.js";
import { notificationsReads } from "./notifications.reads.js";

declare module "../../common/event-bus.js" {
  interface Topics {
    /** A notification for `userId` was stored (the bell's live count). */
    NOTIFICATION_ADDED: [NotificationEvent];
  }
}

export { notify, type NotifyDeps } from "./notify.js";
export { notifyMany } from "./notify-many.js";
export { registerNotificationTemplates } from "./registry.js";
export { renderNotification } from "./render.js";

export const notificationsArea = defineArea({
  name: "notifications",
  reads: notificationsReads,
  tables: ["notifications", "notification_settings"],
  resolvers: [NotificationResolver],
  entities: [Notification, NotificationSetting],
  topics: ["NOTIFICATION_ADDED"],
  jobs: [notificationDigest],
});
