import { AREAS } from "../modules/areas.js";

/** Every TypeORM entity, from the areas' manifests; migrations must match this list exactly (CI checks). */
export const entities = AREAS.flatMap((area) => area.entities ?? []);
