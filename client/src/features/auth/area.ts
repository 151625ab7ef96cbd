import { lazyPage, type ClientArea } from "../../app/area";

/** Sign-in pages; the session itself lives in app/auth (every page needs it). */
export const authArea: ClientArea = {
  name: "auth",
  routes: [
    { path: "/auth", page: lazyPage(() => import("./pages/AuthPage")), access: "guest" },
    { path: "/auth-check", page: lazyPage(() => import("./pages/AuthCheckPage")), access: "data" },
  ],
};
