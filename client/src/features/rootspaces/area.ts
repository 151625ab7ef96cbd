import { lazy } from "react";
import type { ClientArea } from "../../app/area";

export const rootspacesArea: ClientArea = {
  name: "rootspaces",
  routes: [{ path: "/admin/rootspace", page: lazy(() => import("./pages/RootspaceSettingsPage")), access: "admin" }],
};
