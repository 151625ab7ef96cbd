import { Role } from "../../common/auth/roles.js";
import type { Viewer } from "../../common/auth/viewer.js";
import { AppError, ErrorCode } from "../../common/errors.js";

/**
 * The rules of role grants (admins only, by the resolvers' `@RequireRoles(Role.ADMIN)`): every
 * member is a member without a grant, and an admin can neither end nor put an expiry on their own
 * admin role, so someone always remains able to grant it.
 */
export function assertGrantable(viewer: Viewer, userId: string, input: { role: Role; expiresAt?: Date | null }, now: Date): void {
  if (input.role === Role.MEMBER)
    throw new AppError(ErrorCode.BAD_USER_INPUT, "errors.role_member_implicit", {}, [
      { field: "role", key: "errors.role_member_implicit" },
    ]);
  if (input.role === Role.ADMIN && userId === viewer.userId && input.expiresAt)
    throw new AppError(ErrorCode.CONFLICT, "errors.cannot_revoke_own_admin");
  if (input.expiresAt && input.expiresAt <= now)
    throw new AppError(ErrorCode.BAD_USER_INPUT, "errors.bad_input", {}, [{ field: "expiresAt", key: "errors.expiry_in_past" }]);
}

export function assertRevocable(viewer: Viewer, userId: string, role: Role): void {
  if (role === Role.ADMIN && userId === viewer.userId) throw new AppError(ErrorCode.CONFLICT, "errors.cannot_revoke_own_admin");
}
