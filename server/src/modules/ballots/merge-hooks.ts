import { moveVillageColumn } from "../../common/area-hooks.js";
import type { AreaHooks } from "../../common/area.js";

/** Ballots follow their village when it is merged into another; the ballots' own rules stay as they are. */
export const ballotsHooks: AreaHooks = {
  onVillageMerge: {
    "ballot_proposals.village_id": moveVillageColumn("ballot_proposals"),
    "ballots.village_id": moveVillageColumn("ballots"),
    // A member with a live passport to both keeps the kept village's; the other is revoked, not lost.
    "roots_passports.village_id": async (tx, merge) => {
      await tx.query(
        `UPDATE roots_passports b SET revoked_at = now(), revoke_reason = 'village_merged'
          WHERE b.village_id = $1 AND b.revoked_at IS NULL
            AND EXISTS (SELECT 1 FROM roots_passports a WHERE a.village_id = $2 AND a.user_id = b.user_id AND a.revoked_at IS NULL)`,
        [merge.from.id, merge.into.id],
      );
      return moveVillageColumn("roots_passports")(tx, merge);
    },
  },
};
