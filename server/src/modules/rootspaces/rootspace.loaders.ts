import DataLoader from "dataloader";
import { In, type DataSource } from "typeorm";
import { Rootspace } from "./rootspace.entity.js";

/** Per-request loaders for rootspaces (by internal id). */
export function createRootspaceLoaders(ds: DataSource) {
  return {
    rootspaceById: new DataLoader<string, Rootspace | null>(async (ids) => {
      const rows = await ds.getRepository(Rootspace).findBy({ id: In([...ids]) });
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
  };
}
export type RootspaceLoaders = ReturnType<typeof createRootspaceLoaders>;
