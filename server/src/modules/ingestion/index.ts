/** Public surface of the ingestion area (GEDCOM and spreadsheet imports, GEDCOM export). */
import { defineArea } from "../../common/area.js";
import { ingestionHooks } from "./merge-hooks.js";
import { exportRouter } from "./gedcom-io/export.route.js";
import { ExternalId, ImportJob, ImportStaged, ImportWarning } from "./import-job.entity.js";
import { ImportJobResolver } from "./import-job.resolver.js";
import { ImportOutcome } from "./import-outcome.entity.js";
import { PersonFileRecordsResolver } from "./kept-person.resolver.js";
import { ingestionJobs } from "./jobs.js";
import { KeptMedia, KeptRecord } from "./kept-record.entity.js";
import { ingestionNotifications } from "./notifications.js";
import { ingestionReads } from "./ingestion.reads.js";

declare module "../../common/event-bus.js" {
  interface Topics {
    IMPORT_JOB_UPDATED: [{ id: string; userId: string }];
  }
}

export { enqueueImport, importers, importJob, importRunner, importSweep, ingestionJobs, runnerOf } from "./jobs.js";
export { ImportRunner } from "./runner.js";
export { importRouter } from "./upload.route.js";
export { sheetImporter } from "./spreadsheet/sheet.importer.js";
export { gedcomImporter } from "./gedcom-io/gedcom.importer.js";
export { exportGedcom } from "./gedcom-io/export.route.js";
export { ImportJob };

export const ingestionArea = defineArea({
  name: "ingestion",
  reads: ingestionReads,
  flags: { excelIngestion: true },
  tables: ["import_jobs", "import_staged", "import_outcomes", "import_warnings", "external_ids", "kept_records", "kept_media"],
  shares: ["kept_records"],
  hooks: ingestionHooks,
  // Imports write the family tree; spreadsheet uploads also need `excelIngestion` (upload.route.ts).
  flag: "familyTree",
  resolvers: [ImportJobResolver, PersonFileRecordsResolver],
  entities: [ImportJob, ImportStaged, ImportOutcome, ImportWarning, ExternalId, KeptRecord, KeptMedia],
  topics: ["IMPORT_JOB_UPDATED"],
  http: (services) => [exportRouter(services)],
  jobs: ingestionJobs,
  notifications: ingestionNotifications,
});
