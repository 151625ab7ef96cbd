import { lazy } from "react";
import type { ClientArea } from "../../app/area";

export const dashboardArea: ClientArea = {
  name: "dashboard",
  routes: [{ path: "/dashboard", page: lazy(() => import("./pages/DashboardPage")), access: "member" }],
};
