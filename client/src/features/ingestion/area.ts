import { lazy } from "react";
import type { ClientArea } from "../../app/area";

export const ingestionArea: ClientArea = {
  name: "ingestion",
  flag: "familyTree",
  routes: [
    { path: "/roots/import", page: lazy(() => import("./pages/GedcomImportPage")), access: "member" },
    { path: "/roots/export", page: lazy(() => import("./pages/GedcomExportPage")), access: "member" },
    { path: "/excel", page: lazy(() => import("./pages/SpreadsheetImportPage")), access: "data", flag: "excelIngestion" },
  ],
};
