import { hasAnyRole, Role } from "../../../common/auth/roles.js";
import { definePolicy } from "../../../common/auth/policy.js";
import { memberOf, type Principal } from "../../../common/auth/principal.js";
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
 * Who sees what of a person (living people are private). A partner app alone sees what a
 * visitor sees; an app acting for a member, what that member sees.
 *
 * - full: the person themself, whoever created the record, editors and admins; anyone for
 *   a public record of someone who has died;
 * - partial: curators of the person's village, and members whose own record is a close
 *   relative (parent, child, sibling, spouse, grandparent, grandchild — see person.relatives.ts),
 *   see living people minus what the person's privacy settings hide;
 * - private: everyone else sees a living person only as "Private" (no name, dates, places);
 * - none: a non-public record, except for those with full access.
 */
export function accessTo(who: Principal, row: PolicyRow): Access {
  const member = memberOf(who);
  const own = member?.userId != null && (row.created_by === member.userId || row.user_id === member.userId);
  if (own || seesEveryone(who)) return "full";
  if (!row.is_public) return "none";
  if (!row.living) return "full";
  if (curates(who, row.village_id) || member?.relativeIds?.has(row.id)) return "partial";
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

/** Editors and admins see every person whole (SQL twins pass it as the `staff` parameter). */
export const seesEveryone = (who: Principal): boolean => hasAnyRole(memberOf(who)?.roles ?? [], [Role.ADMIN, Role.EDITOR]);

/** Creator, the person themself, editors and admins may change a record. */
export function canEdit(who: Principal, row: Pick<PolicyRow, "created_by" | "user_id">): boolean {
  const member = memberOf(who);
  if (!member?.userId) return false;
  return row.created_by === member.userId || row.user_id === member.userId || seesEveryone(who);
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

/** A person's `viewerCan`: change the record; mark it as oneself (they created it and no member holds it). */
export const personPolicy = definePolicy(
  ["edit", "claimAsSelf"] as const,
  (who, action, row: Pick<PolicyRow, "created_by" | "user_id">) => {
    if (action === "edit") return canEdit(who, row);
    const uid = memberOf(who)?.userId;
    return uid != null && row.created_by === uid && row.user_id === null;
  },
);

/** Records about people (families, events, registers, assets): changed by whoever created them, editors and admins. */
export const recordPolicy = definePolicy(["edit"] as const, (who, _action, row: { created_by: string | null }) =>
  canEdit(who, { created_by: row.created_by, user_id: null }),
);
