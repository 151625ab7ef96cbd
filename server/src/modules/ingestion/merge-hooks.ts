import type { AreaHooks } from "../../common/area.js";
import { moveVillageColumn } from "../../common/area-hooks.js";

/**
 * What imports recorded of a merged-away person now stands for the kept one: the file record
 * (GEDCOM INDI), so the file's families name the kept person on export, and its external ids
 * (_UID, REFN…), so a re-import finds them. Runs before genealogy moves the two people's links.
 */
export const ingestionHooks: AreaHooks = {
  // A staged record waiting for review names the kept village.
  onVillageMerge: { "import_staged.village_id": moveVillageColumn("import_staged") },
  onPersonMerge: async (tx, { keepId, goneId, goneCreator }) => {
    // Both belong to the member who imported the person, its creator (their (owner, record) index).
    await tx.query(`UPDATE kept_records SET record_id = $1 WHERE owner_id = $3 AND record_id = $2 AND record_table = 'people'`, [
      keepId,
      goneId,
      goneCreator,
    ]);
    await tx.query(`UPDATE external_ids SET record_id = $1 WHERE record_id = $2 AND record_table = 'people'`, [keepId, goneId]);
    // A union of the merged-away person that becomes the twin of one of the kept person's (the
    // merge drops it) hands its file record (GEDCOM FAM), which belongs to the union's creator, to that twin.
    const other = `CASE WHEN u.partner1_id = $2 THEN u.partner2_id ELSE u.partner1_id END`;
    await tx.query(
      `UPDATE kept_records k SET record_id = x.id
         FROM unions u JOIN unions x ON x.partner1_id = least($1, ${other}) AND x.partner2_id = greatest($1, ${other}) AND x.kind = u.kind
        WHERE (u.partner1_id = $2 OR u.partner2_id = $2) AND k.owner_id = u.created_by AND k.record_id = u.id AND k.record_table = 'unions'`,
      [keepId, goneId],
    );
  },
};
