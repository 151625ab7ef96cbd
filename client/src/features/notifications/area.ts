import { lazy } from "react";
import type { ClientArea } from "../../app/area";

export const notificationsArea: ClientArea = {
  name: "notifications",
  routes: [{ path: "/notifications", page: lazy(() => import("./pages/NotificationsPage")), access: "member" }],
  memberHeader: [{ name: "bell", component: lazy(() => import("./components/NotificationBell")) }],
};
