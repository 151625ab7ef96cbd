import { all, connection, type ReadTags } from "../../common/auth/reads.js";

const list = connection("self");

/** A member's notifications and their settings are theirs alone. */
export const notificationsReads: ReadTags = {
  Notification: all("self", "body createdAt id kind link read title"),
  NotificationConnection: list.connection,
  NotificationEdge: list.edge,
  NotificationSetting: all("self", "email inApp kind label"),
};
