import type { DataSource } from "typeorm";

/**
 * Makes `userId` a curator of these villages (raw ids), as assignVillageCurator would.
 * The user also needs the local_root_curator role; the grant is read on each request.
 */
export async function assignCurator(ds: DataSource, userId: string, villageIds: string[]): Promise<void> {
  await ds.query(`INSERT INTO village_curators (id, user_id, village_id) SELECT gen_random_uuid(), $1, v FROM unnest($2::uuid[]) AS v`, [
    userId,
    villageIds,
  ]);
}
