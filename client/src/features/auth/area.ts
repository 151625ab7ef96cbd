import { lazy } from "react";
import type { ClientArea } from "../../app/area";

/** Sign-in pages; the session itself lives in app/auth (every page needs it). */
export const authArea: ClientArea = {
  name: "auth",
  routes: [
    { path: "/auth", page: lazy(() => import("./pages/AuthPage")), access: "guest" },
    { path: "/auth-check", page: lazy(() => import("./pages/AuthCheckPage")), access: "data" },
  ],
};
