import { lazyPage, type ClientArea } from "../../app/area";

const RootsPage = lazyPage(() => import("./pages/RootsPage"));

export const peopleArea: ClientArea = {
  name: "people",
  flag: "familyTree",
  routes: [
    { path: "/roots", page: RootsPage, access: "member", serverRendered: true },
    { path: "/roots/cedar", page: lazyPage(() => import("./pages/CedarPage")), access: "member" },
    { path: "/family-tree", page: RootsPage, access: "data" },
    { path: "/treebuilder", page: RootsPage, access: "data" },
    { path: "/person/:personId", page: lazyPage(() => import("./pages/PersonPage")), access: "data", serverRendered: true },
  ],
  nav: [{ to: "/treebuilder", labelKey: "nav.treebuilder", order: 30 }],
};
