/** Public surface of the ingestion area (GEDCOM and spreadsheet imports). */
export { ExternalId, ImportJob, ImportStaged, ImportWarning } from "./import-job.entity.js";
export { ImportJobResolver } from "./import-job.resolver.js";
export { PersonFileRecordsResolver } from "./kept-person.resolver.js";
export { enqueueImport, importers, importJob, importRunner, importSweep, ingestionJobs, runnerOf } from "./jobs.js";
export { ImportRunner } from "./runner.js";
export { importRouter } from "./upload.route.js";
export { sheetImporter } from "./spreadsheet/sheet.importer.js";
export { KeptMedia, KeptRecord } from "./kept-record.entity.js";
export { ImportOutcome } from "./import-outcome.entity.js";
export { gedcomImporter } from "./gedcom-io/gedcom.importer.js";
export { exportRouter, exportGedcom } from "./gedcom-io/export.route.js";
