import DataLoader from "dataloader";
import { In, type DataSource, type EntityTarget, type ObjectLiteral } from "typeorm";

/** A per-request loader of entities by primary key `id`, in one query per batch. */
export function byIdLoader<T extends ObjectLiteral & { id: string }>(
  ds: DataSource,
  entity: EntityTarget<T>,
): DataLoader<string, T | null> {
  return new DataLoader<string, T | null>(async (ids) => {
    const rows = await ds.getRepository(entity).findBy({ id: In([...ids]) } as never);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id) ?? null);
  });
}
