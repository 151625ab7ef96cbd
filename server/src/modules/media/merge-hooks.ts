import type { AreaHooks } from "../../common/area.js";
import { moveVillageColumn } from "../../common/area-hooks.js";

/** Pictures follow their person or village when it is merged into another. */
export const mediaHooks: AreaHooks = {
  // The kept person's portrait stays the portrait; the other one joins the photos.
  onPersonMerge: async (tx, { keepId, goneId }) => {
    await tx.query(
      `UPDATE media SET kind = 'photo' WHERE person_id = $2 AND kind = 'portrait' AND EXISTS (SELECT 1 FROM media WHERE person_id = $1 AND kind = 'portrait')`,
      [keepId, goneId],
    );
    await tx.query(`UPDATE media SET person_id = $1 WHERE person_id = $2`, [keepId, goneId]);
  },
  onVillageMerge: { "media.village_id": moveVillageColumn("media") },
};
