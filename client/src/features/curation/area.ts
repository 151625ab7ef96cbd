import { lazyPage, type ClientArea } from "../../app/area";

/** Village curators manage their villages; the page shows what the member's roles allow. */
export const curationArea: ClientArea = {
  name: "curation",
  flag: "familyTree",
  routes: [{ path: "/management/villages", page: lazyPage(() => import("./pages/ManageVillagesPage")), access: "member" }],
};
