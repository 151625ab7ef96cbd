import { lazy } from "react";
import { lazyPage, type ClientArea } from "../../app/area";

export const notificationsArea: ClientArea = {
  name: "notifications",
  routes: [{ path: "/notifications", page: lazyPage(() => import("./pages/NotificationsPage")), access: "member" }],
  memberHeader: [{ name: "bell", component: lazy(() => import("./components/NotificationBell")) }],
};
