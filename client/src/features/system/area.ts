import { lazy } from "react";
import type { ClientArea } from "../../app/area";

export const systemArea: ClientArea = {
  name: "system",
  routes: [
    { path: "/health", page: lazy(() => import("./pages/HealthPage")), access: "public" },
    { path: "/diagnostics", page: lazy(() => import("./pages/DiagnosticsPage")), access: "data" },
  ],
  footer: [
    { to: "/health", labelKey: "footer.status", order: 40 },
    { to: "/diagnostics", labelKey: "footer.diagnostics", order: 50 },
  ],
};
