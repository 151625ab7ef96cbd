import { definePolicy } from "../../common/auth/policy.js";
import { memberOf, type Principal } from "../../common/auth/principal.js";
import { hasAnyRole, Role } from "../../common/auth/roles.js";
import { isFinal, moverOf, type PathFacts, type RequestState } from "./states.js";

/** The columns of a request the rules read. */
export interface RequestPolicyRow extends PathFacts {
  requester_id: string;
  assigned_to: string | null;
  state: RequestState;
  subject_living: boolean;
  /** Null until submitted: a draft, or one cancelled as a draft, never reaches the desk. */
  submitted_at: Date | null;
  /** The person of the tree it was filled from: a delivered scan may join their sources. */
  person_id: string | null;
}

const rolesOf = (who: Principal) => memberOf(who)?.roles ?? [];
const uidOf = (who: Principal) => memberOf(who)?.userId ?? null;

/** Works the ancestry desk: document officers, moderators and admins (`ViewerCan.handleDocumentRequests`). */
export const isDeskStaff = (who: Principal): boolean => hasAnyRole(rolesOf(who), [Role.DOCUMENT_OFFICER, Role.MODERATOR]);

/** Reassigns requests between officers: moderators and admins. */
export const mayReassign = (who: Principal): boolean => hasAnyRole(rolesOf(who), [Role.MODERATOR]);

export const isRequester = (who: Principal, row: Pick<RequestPolicyRow, "requester_id">): boolean => uidOf(who) === row.requester_id;

/** Reaches the request at all: its member, and the desk once it is submitted (another member's is NOT_FOUND). */
export const mayReadRequest = (who: Principal, row: Pick<RequestPolicyRow, "requester_id" | "submitted_at">): boolean =>
  isRequester(who, row) || (row.submitted_at != null && isDeskStaff(who));

/**
 * Who the record is about and how to reach the member: the member, the assigned officer and
 * admins; the rest of the desk only when the subject has died. Everyone else sees "Private".
 */
export function seesDetails(who: Principal, row: RequestPolicyRow): boolean {
  const uid = uidOf(who);
  if (uid == null) return false;
  if (uid === row.requester_id || uid === row.assigned_to || rolesOf(who).includes(Role.ADMIN)) return true;
  return !row.subject_living && isDeskStaff(who);
}

/** What a viewer may do with a request; the services ask the same rules again before acting. */
export const documentRequestPolicy = definePolicy(
  ["edit", "cancel", "answer", "claim", "assign", "work", "attach", "refund"] as const,
  (who, action, row: RequestPolicyRow) => {
    const mine = isRequester(who, row);
    switch (action) {
      case "edit":
        return mine && row.state === "draft";
      case "cancel":
        return mine && moverOf(row.state, "cancelled", row) === "member";
      case "answer":
        return mine && row.state === "needs_information";
      case "claim":
        return isDeskStaff(who) && row.assigned_to == null && row.submitted_at != null && !isFinal(row.state);
      case "assign":
        return mayReassign(who) && row.submitted_at != null && !isFinal(row.state);
      case "work":
        return isDeskStaff(who) && (row.assigned_to === uidOf(who) || rolesOf(who).includes(Role.ADMIN)) && !isFinal(row.state);
      case "attach":
        return mine && row.state === "delivered" && row.person_id != null;
      case "refund":
        return mayReassign(who) && row.submitted_at != null;
    }
  },
);
