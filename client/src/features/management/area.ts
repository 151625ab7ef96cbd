import { lazyPage, type ClientArea } from "../../app/area";

export const managementArea: ClientArea = {
  name: "management",
  routes: [{ path: "/management", page: lazyPage(() => import("./pages/ManagementPage")), access: "staff" }],
};
