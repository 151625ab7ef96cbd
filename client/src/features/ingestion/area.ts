import { lazyPage, type ClientArea } from "../../app/area";

export const ingestionArea: ClientArea = {
  name: "ingestion",
  flag: "familyTree",
  routes: [
    { path: "/roots/import", page: lazyPage(() => import("./pages/GedcomImportPage")), access: "member" },
    { path: "/roots/export", page: lazyPage(() => import("./pages/GedcomExportPage")), access: "member" },
    { path: "/excel", page: lazyPage(() => import("./pages/SpreadsheetImportPage")), access: "data", flag: "excelIngestion" },
  ],
};
