import { lazyPage, type ClientArea } from "../../app/area";

/** Ancestry documents: request official records, follow them, and the officers' desk (server area `modules/ancestry`). */
export const ancestryArea: ClientArea = {
  name: "ancestry",
  flag: "ancestryDocuments",
  nav: [{ to: "/ancestry", labelKey: "nav.ancestry", order: 40 }],
  routes: [
    { path: "/ancestry", page: lazyPage(() => import("./pages/AncestryPage")), access: "data" },
    { path: "/ancestry/enhanced", page: lazyPage(() => import("./pages/RequestFormPage")), access: "member" },
    { path: "/ancestry/requests/:id", page: lazyPage(() => import("./pages/RequestPage")), access: "member" },
    {
      path: "/management/ancestry",
      page: lazyPage(() => import("./pages/DeskPage")),
      access: "member",
      permission: "handleDocumentRequests",
    },
  ],
};
