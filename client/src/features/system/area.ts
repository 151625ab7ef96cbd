import { lazyPage, type ClientArea } from "../../app/area";

export const systemArea: ClientArea = {
  name: "system",
  routes: [
    { path: "/health", page: lazyPage(() => import("./pages/HealthPage")), access: "public" },
    { path: "/diagnostics", page: lazyPage(() => import("./pages/DiagnosticsPage")), access: "data" },
  ],
  footer: [
    { to: "/health", labelKey: "footer.status", order: 40 },
    { to: "/diagnostics", labelKey: "footer.diagnostics", order: 50 },
  ],
};
