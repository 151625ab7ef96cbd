import { hasAnyRole, Role } from "../../../common/auth/roles.js";
import type { Viewer } from "../../../common/auth/viewer.js";
import { curates } from "../curation/curation.policy.js";
import type { PrivacySettings } from "./person.entity.js";

/** The columns the policy needs; every people query selects them (with `living`). */
export interface PolicyRow {
  id: string;
  created_by: string | null;
  user_id: string | null;
  is_public: boolean;
  living: boolean;
  village_id: string | null;
  privacy_settings: PrivacySettings;
}

export type Access = "none" | "private" | "partial" | "full";

/**
 * Who sees what of a person (living people are private):
 * - full: the person themself, whoever created the record, editors and admins; anyone for
 *   a public record of someone who has died;
 * - partial: curators of the person's village, and members whose own record is a close
 *   relative (parent, child, sibling, spouse, grandparent, grandchild — see person.relatives.ts),
 *   see living people minus what the person's privacy settings hide;
 * - private: everyone else sees a living person only as "Private" (no name, dates, places);
 * - none: a non-public record, except for those with full access.
 */
export function accessTo(viewer: Viewer, row: PolicyRow): Access {
  const own = viewer.userId !== null && (row.created_by === viewer.userId || row.user_id === viewer.userId);
  if (own || hasAnyRole(viewer.roles, [Role.ADMIN, Role.EDITOR])) return "full";
  if (!row.is_public) return "none";
  if (!row.living) return "full";
  if (curates(viewer, row.village_id) || viewer.relativeIds?.has(row.id)) return "partial";
  return "private";
}

/** Creator, the person themself, editors and admins may change a record. */
export function canEdit(viewer: Viewer, row: Pick<PolicyRow, "created_by" | "user_id">): boolean {
  if (!viewer.userId) return false;
  return row.created_by === viewer.userId || row.user_id === viewer.userId || hasAnyRole(viewer.roles, [Role.ADMIN, Role.EDITOR]);
}

/**
 * The living-person rule as an SQL expression over the row `a` (true = living): the same rule
 * as the `roots_person_living(id)` function (RelativesLiving migration; a test checks they
 * agree), written inline so the planner runs it as sub-plans of the query instead of one
 * function call per row — several times faster when a search filters thousands of rows.
 * A change of the rule changes both (a new migration for the function).
 */
export const livingSql = (a: string): string => {
  const trusted = (t: string) => `(${t}.provenance = 'VERIFIED' OR ${t}.created_by IN (${a}.created_by, ${a}.user_id))`;
  return `NOT (
  ${a}.is_deceased OR ${a}.death_date_text IS NOT NULL
  OR (${a}.birth_date_to IS NOT NULL AND ${a}.birth_date_to < current_date - interval '110 years')
  OR EXISTS (SELECT 1 FROM parent_links lpl JOIN people lc ON lc.id = lpl.child_id
              WHERE lpl.parent_id = ${a}.id AND ${trusted("lc")} AND ${trusted("lpl")}
                AND (lc.birth_date_to < current_date - interval '98 years' OR lc.death_date_to < current_date - interval '98 years'))
  OR EXISTS (SELECT 1 FROM parent_links lpl JOIN parent_links lpl2 ON lpl2.parent_id = lpl.child_id JOIN people lg ON lg.id = lpl2.child_id
              WHERE lpl.parent_id = ${a}.id AND ${trusted("lpl")} AND ${trusted("lpl2")} AND ${trusted("lg")}
                AND lg.birth_date_to < current_date - interval '86 years')
  OR EXISTS (SELECT 1 FROM unions lu
              WHERE ${a}.id IN (lu.partner1_id, lu.partner2_id) AND ${trusted("lu")}
                AND lu.start_date_to < current_date - interval '98 years')
  OR EXISTS (SELECT 1 FROM parent_links lpl JOIN people lpar ON lpar.id = lpl.parent_id
              WHERE lpl.child_id = ${a}.id AND ${trusted("lpar")} AND ${trusted("lpl")}
                AND ((lpl.kind IN ('birth', 'adoptive') AND lpar.death_date_to < current_date - interval '111 years')
                  OR lpar.birth_date_to < current_date - interval '210 years')))`;
};

/** SQL that every people query selects, so the policy has what it needs in the same statement. */
export const POLICY_COLUMNS = `p.id, p.created_by, p.user_id, p.is_public, p.privacy_settings, ${livingSql("p")} AS living, p.village_id`;
