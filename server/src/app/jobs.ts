import type { AnyJobDefinition } from "../common/jobs/index.js";
import { ingestionJobs } from "../modules/ingestion/index.js";

/** Every area's background jobs: one plain list, passed to the scheduler at startup. An area adds its own here. */
export const serverJobs: AnyJobDefinition[] = [...ingestionJobs];
