import { lazyPage, type ClientArea } from "../../app/area";

export const settingsArea: ClientArea = {
  name: "settings",
  routes: [
    { path: "/settings", page: lazyPage(() => import("./pages/SettingsPage")), access: "member" },
    { path: "/settings/oauth-info", page: lazyPage(() => import("./pages/OAuthInfoPage")), access: "member" },
  ],
};
