import { lazyPage, type ClientArea } from "../../app/area";

const HomePage = lazyPage(() => import("./pages/HomePage"));

export const homeArea: ClientArea = {
  name: "home",
  routes: [
    { path: "/", page: HomePage, access: "public" },
    { path: "/full", page: HomePage, access: "public" },
  ],
  nav: [{ to: "/", labelKey: "nav.home", order: 10, end: true }],
};
