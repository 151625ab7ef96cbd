import { definePolicy } from "../../common/auth/policy.js";
import { memberOf, type Principal } from "../../common/auth/principal.js";
import { mayReview } from "../genealogy/index.js";

/**
 * What may be done with proposals, ballots and passports, and by whom. The village's reviewers
 * (its curators, editors and admins: genealogy's one review rule) run its ballots; an author
 * also changes their own draft. Signed-in members and apps acting for one only; an app alone,
 * never. Voting's own rules (the frozen roll, one vote) are the vote service's, checked in the
 * transaction that casts it.
 */
export type BallotAction =
  /** Accept a minor edit without a ballot, open a ballot, resolve a conflict, see its texts. */
  | "review"
  /** Change a draft proposal. */
  | "edit"
  /** Issue, revoke and list a village's Roots Passports. */
  | "passports";

export interface BallotPolicyRow {
  village_id: string;
  author_id?: string | null;
}

export function can(principal: Principal, action: BallotAction, row: BallotPolicyRow): boolean {
  const member = memberOf(principal);
  if (!member?.userId) return false;
  if (action === "edit" && row.author_id === member.userId) return true;
  return mayReview(principal, row.village_id);
}

/** A proposal's `viewerCan`. */
export const proposalPolicy = definePolicy<BallotAction, BallotPolicyRow>(["review", "edit", "passports"], can);
