import { lazy } from "react";
import type { ClientArea } from "../../app/area";

export const managementArea: ClientArea = {
  name: "management",
  routes: [{ path: "/management", page: lazy(() => import("./pages/ManagementPage")), access: "staff" }],
};
