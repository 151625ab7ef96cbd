import { lazyPage, type ClientArea } from "../../app/area";

/** The partner API: the developer portal and explorer, developers' apps, the consent page, members' grants, and staff review (server area `modules/partners`). */
export const partnersArea: ClientArea = {
  name: "partners",
  routes: [
    { path: "/developers", page: lazyPage(() => import("./pages/DevelopersPage")), access: "public" },
    { path: "/developers/explorer", page: lazyPage(() => import("./pages/ExplorerPage")), access: "member" },
    { path: "/developers/apps", page: lazyPage(() => import("./pages/DeveloperAppsPage")), access: "member" },
    { path: "/oauth/consent/:uid", page: lazyPage(() => import("./pages/ConsentPage")), access: "member" },
    { path: "/settings/oauth-info", page: lazyPage(() => import("./pages/GrantsPage")), access: "member" },
    {
      path: "/management/partners",
      page: lazyPage(() => import("./pages/PartnersDeskPage")),
      access: "member",
      permission: "reviewPartnerApps",
    },
  ],
};
