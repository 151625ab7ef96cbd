import { lazyPage, type ClientArea } from "../../app/area";

export const adminArea: ClientArea = {
  name: "admin",
  routes: [
    { path: "/admin", page: lazyPage(() => import("./pages/AdminHomePage")), access: "admin" },
    { path: "/admin/roles", page: lazyPage(() => import("./pages/AdminRolesPage")), access: "admin" },
    { path: "/admin/outbox", page: lazyPage(() => import("./pages/AdminOutboxPage")), access: "admin" },
    { path: "/admin/health", page: lazyPage(() => import("./pages/AdminHealthPage")), access: "admin" },
    { path: "/admin/backoffice", page: lazyPage(() => import("./pages/AdminBackofficePage")), access: "admin" },
  ],
};
