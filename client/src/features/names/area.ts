import { lazyPage, type ClientArea } from "../../app/area";

/** Finding people by name in any language or spelling, and the curated list of equivalent names behind it. */
export const namesArea: ClientArea = {
  name: "names",
  flag: "familyTree",
  routes: [
    { path: "/people", page: lazyPage(() => import("./pages/PeopleSearchPage")), access: "data" },
    { path: "/management/names", page: lazyPage(() => import("./pages/NameEquivalentsPage")), access: "staff" },
  ],
};
