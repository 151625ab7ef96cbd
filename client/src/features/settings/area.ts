import { lazy } from "react";
import type { ClientArea } from "../../app/area";

export const settingsArea: ClientArea = {
  name: "settings",
  routes: [
    { path: "/settings", page: lazy(() => import("./pages/SettingsPage")), access: "member" },
    { path: "/settings/oauth-info", page: lazy(() => import("./pages/OAuthInfoPage")), access: "member" },
  ],
};
