import type { DataSource } from "typeorm";
import { byIdLoader } from "../../common/loaders.js";
import { Rootspace } from "./rootspace.entity.js";

/** Per-request loaders for rootspaces (by internal id). */
export function createRootspaceLoaders({ ds }: { ds: DataSource }) {
  return { rootspaceById: byIdLoader(ds, Rootspace) };
}
export type RootspaceLoaders = ReturnType<typeof createRootspaceLoaders>;
