import { lazy } from "react";
import type { ClientArea } from "../../app/area";

/** Village curators manage their villages; the page shows what the member's roles allow. */
export const curationArea: ClientArea = {
  name: "curation",
  flag: "familyTree",
  routes: [{ path: "/management/villages", page: lazy(() => import("./pages/ManageVillagesPage")), access: "member" }],
};
