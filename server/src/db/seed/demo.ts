import type { DataSource } from "typeorm";
import { AREAS } from "../../modules/areas.js";

/** The demo data of every area, in the areas' order (accounts before the trees that name them). Idempotent. */
export async function seedDemo(ds: DataSource): Promise<void> {
  for (const area of AREAS) await area.seed?.(ds);
}
