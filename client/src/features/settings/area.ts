import { lazyPage, type ClientArea } from "../../app/area";

export const settingsArea: ClientArea = {
  name: "settings",
  routes: [{ path: "/settings", page: lazyPage(() => import("./pages/SettingsPage")), access: "member" }],
};
