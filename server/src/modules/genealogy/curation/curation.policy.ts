import { memberOf, type Principal } from "../../../common/auth/principal.js";
import { hasAnyRole, Role } from "../../../common/auth/roles.js";

/** Editors and admins review, verify and revert everywhere. */
export const isReviewStaff = (who: Principal): boolean => {
  const member = memberOf(who);
  return member?.userId != null && hasAnyRole(member.roles, [Role.ADMIN, Role.EDITOR]);
};

/** True when the member (or the member an app acts for) actively curates this village (no village: nobody curates it). */
export function curates(who: Principal, villageId: string | null | undefined): boolean {
  return Boolean(villageId) && curatedIds(who).includes(villageId!);
}

/**
 * Who reviews what is written of a village (its records, Rootpedia, photos, proposals and
 * passports): staff anywhere, or a curator of the village (of one of the record's villages).
 * The one rule every area asks.
 */
export const mayReview = (who: Principal, villages: string | null | readonly (string | null)[]): boolean =>
  isReviewStaff(who) || (typeof villages === "string" || villages === null ? [villages] : villages).some((v) => curates(who, v));

/** The villages a member curates, for SQL (`= ANY($n)`); none for a visitor or an app alone. */
export const curatedIds = (who: Principal): string[] => {
  const member = memberOf(who);
  return member?.roles.includes(Role.LOCAL_ROOT_CURATOR) ? [...(member.curatedVillageIds ?? [])] : [];
};
