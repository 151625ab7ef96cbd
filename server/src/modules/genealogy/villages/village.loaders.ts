import type { DataSource } from "typeorm";
import { byIdLoader } from "../../../common/loaders.js";
import { Village } from "./village.entity.js";

/** Per-request loaders for villages (by internal id), shared by every area that links to one. */
export function createVillageLoaders({ ds }: { ds: DataSource }) {
  return { villageById: byIdLoader(ds, Village) };
}
