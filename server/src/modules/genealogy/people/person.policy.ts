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

/** What a viewer with `access` may not see of a person, and of what is said about them elsewhere (events, registers, unions, history). */
export interface Hidden {
  /** Everything: the person is "Private" (or not there). */
  all: boolean;
  /** Dates (their privacy settings' showBirthDate). */
  dates: boolean;
  /** Places (showLocation). */
  places: boolean;
  /** What a record says of a living person's life: occupation, notes, sources, descriptions. */
  life: boolean;
}

/** The one rule for what each access level hides, applied by every path that shows a person or data about them. */
export function hiddenParts(
  access: Access,
  settings: Partial<Pick<PrivacySettings, "showBirthDate" | "showLocation">> | null | undefined,
): Hidden {
  const all = access === "private" || access === "none";
  return {
    all,
    dates: all || (access === "partial" && !settings?.showBirthDate),
    places: all || (access === "partial" && !settings?.showLocation),
    // An imported NOTE may hold an address or an illness: only for full access, as the GEDCOM export does.
    life: all || access === "partial",
  };
}

/** Creator, the person themself, editors and admins may change a record. */
export function canEdit(viewer: Viewer, row: Pick<PolicyRow, "created_by" | "user_id">): boolean {
  if (!viewer.userId) return false;
  return row.created_by === viewer.userId || row.user_id === viewer.userId || hasAnyRole(viewer.roles, [Role.ADMIN, Role.EDITOR]);
}

/**
 * The living-person rule as an SQL expression over the people row `a` (true = living): the
 * date the evidence proves death, cached per person in `living_until` (own record and
 * relatives' trusted dates, kept by triggers — LivingUntil migration), is still ahead.
 * `roots_person_living(id)` reads the same column.
 */
export const livingSql = (a: string): string => `(${a}.living_until > current_date)`;

/** SQL that every people query selects, so the policy has what it needs in the same statement. */
export const POLICY_COLUMNS = `p.id, p.created_by, p.user_id, p.is_public, p.privacy_settings, ${livingSql("p")} AS living, p.village_id`;
