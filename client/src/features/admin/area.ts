import { lazy } from "react";
import type { ClientArea } from "../../app/area";

export const adminArea: ClientArea = {
  name: "admin",
  routes: [
    { path: "/admin", page: lazy(() => import("./pages/AdminHomePage")), access: "admin" },
    { path: "/admin/roles", page: lazy(() => import("./pages/AdminRolesPage")), access: "admin" },
    { path: "/admin/outbox", page: lazy(() => import("./pages/AdminOutboxPage")), access: "admin" },
    { path: "/admin/health", page: lazy(() => import("./pages/AdminHealthPage")), access: "admin" },
    { path: "/admin/backoffice", page: lazy(() => import("./pages/AdminBackofficePage")), access: "admin" },
  ],
};
