import { lazyPage, type ClientArea } from "../../app/area";

export const dashboardArea: ClientArea = {
  name: "dashboard",
  routes: [{ path: "/dashboard", page: lazyPage(() => import("./pages/DashboardPage")), access: "member" }],
};
