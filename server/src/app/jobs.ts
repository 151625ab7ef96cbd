import type { AnyJobDefinition } from "../common/jobs/index.js";
import { AREAS } from "../modules/areas.js";

/** Every area's background jobs, from the manifests: one plain list, passed to the scheduler at startup. */
export const serverJobs: AnyJobDefinition[] = AREAS.flatMap((area) => area.jobs ?? []);
