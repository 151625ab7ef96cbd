import { lazyPage, type ClientArea } from "../../app/area";

export const rootspacesArea: ClientArea = {
  name: "rootspaces",
  routes: [{ path: "/admin/rootspace", page: lazyPage(() => import("./pages/RootspaceSettingsPage")), access: "admin" }],
};
