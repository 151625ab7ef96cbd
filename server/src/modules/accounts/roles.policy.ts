import { definePolicy } from "../../common/auth/policy.js";
import { hasAnyRole, Role } from "../../common/auth/roles.js";
import { memberOf, type Principal } from "../../common/auth/principal.js";
import { AppError, ErrorCode } from "../../common/errors.js";

/**
 * The rules of role grants (admins only, by the resolvers' `@RequireRoles(Role.ADMIN)`): every
 * member is a member without a grant, and an admin can neither end nor put an expiry on their own
 * admin role, so someone always remains able to grant it.
 */
export function assertGrantable(who: Principal, userId: string, input: { role: Role; expiresAt?: Date | null }, now: Date): void {
  if (input.role === Role.MEMBER)
    throw new AppError(ErrorCode.BAD_USER_INPUT, "errors.role_member_implicit", {}, [
      { field: "role", key: "errors.role_member_implicit" },
    ]);
  if (input.role === Role.ADMIN && userId === memberOf(who)?.userId && input.expiresAt)
    throw new AppError(ErrorCode.CONFLICT, "errors.cannot_revoke_own_admin");
  if (input.expiresAt && input.expiresAt <= now)
    throw new AppError(ErrorCode.BAD_USER_INPUT, "errors.bad_input", {}, [{ field: "expiresAt", key: "errors.expiry_in_past" }]);
}

export function assertRevocable(who: Principal, userId: string, role: Role): void {
  if (role === Role.ADMIN && userId === memberOf(who)?.userId) throw new AppError(ErrorCode.CONFLICT, "errors.cannot_revoke_own_admin");
}

/**
 * What a member may open of the staff side: management pages for moderators, editors and admins;
 * the admin pages, role grants and the outbox for admins; the ancestry desk for document officers,
 * moderators and admins; partner apps' review for moderators and admins (the `me { can }` flags the header reads).
 */
export const staffPolicy = definePolicy(
  [
    "accessManagement",
    "accessAdmin",
    "manageRoles",
    "readOutbox",
    "handlePayments",
    "handleDocumentRequests",
    "reviewPartnerApps",
  ] as const,
  (who, action, _row: null) => {
    const roles = memberOf(who)?.roles ?? [];
    if (action === "handlePayments" || action === "reviewPartnerApps") return hasAnyRole(roles, [Role.ADMIN, Role.MODERATOR]);
    if (action === "handleDocumentRequests") return hasAnyRole(roles, [Role.ADMIN, Role.MODERATOR, Role.DOCUMENT_OFFICER]);
    return action === "accessManagement" ? hasAnyRole(roles, [Role.ADMIN, Role.EDITOR, Role.MODERATOR]) : hasAnyRole(roles, [Role.ADMIN]);
  },
);

/** A member's account (`node(id)` of a Member): admins read any, a member their own. */
export const mayReadMember = (who: Principal, userId: string): boolean =>
  memberOf(who)?.userId === userId || hasAnyRole(memberOf(who)?.roles ?? [], [Role.ADMIN]);
