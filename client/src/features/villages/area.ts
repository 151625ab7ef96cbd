import { lazy } from "react";
import type { ClientArea } from "../../app/area";

export const villagesArea: ClientArea = {
  name: "villages",
  routes: [
    { path: "/villages", page: lazy(() => import("./pages/VillagesPage")), access: "data" },
    { path: "/libanpedia/:villageId", page: lazy(() => import("./pages/VillagePage")), access: "data" },
    { path: "/management/villages/merge", page: lazy(() => import("./pages/VillageMergePage")), access: "member" },
    { path: "/root-hubs", page: lazy(() => import("./pages/RootHubsPage")), access: "data", flag: "villageHubs" },
  ],
  nav: [{ to: "/villages", labelKey: "nav.villages", order: 20 }],
};
