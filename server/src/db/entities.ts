import { JobRun } from "../common/jobs/job-run.entity.js";
import { AREAS } from "../modules/areas.js";

/** Every TypeORM entity: the platform's own (the scheduler's job runs), then the areas' manifests'; migrations must match this list exactly (CI checks). */
export const entities = [JobRun, ...AREAS.flatMap((area) => area.entities ?? [])];
