import { lazyPage, type ClientArea } from "../../app/area";

export const villagesArea: ClientArea = {
  name: "villages",
  routes: [
    { path: "/villages", page: lazyPage(() => import("./pages/VillagesPage")), access: "public" },
    { path: "/libanpedia/:villageId", page: lazyPage(() => import("./pages/VillagePage")), access: "data", serverRendered: true },
    { path: "/management/villages/merge", page: lazyPage(() => import("./pages/VillageMergePage")), access: "member" },
    { path: "/root-hubs", page: lazyPage(() => import("./pages/RootHubsPage")), access: "data", flag: "villageHubs" },
  ],
  nav: [{ to: "/villages", labelKey: "nav.villages", order: 20 }],
};
