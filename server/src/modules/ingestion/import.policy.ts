import { hasAnyRole, Role } from "../../common/auth/roles.js";
import { memberOf, type Principal } from "../../common/auth/principal.js";

/**
 * Who may see and act on an import (read its review, confirm, cancel, retry, delete): its owner,
 * and admins; only in the rootspace it was uploaded into, and never once deleted. Anyone else is
 * told it does not exist.
 */
export function mayUseImport(
  who: Principal,
  job: { userId: string; rootspaceId: string; deletedAt: Date | null },
  rootspaceId: string,
): boolean {
  if (job.deletedAt || job.rootspaceId !== rootspaceId) return false;
  const member = memberOf(who);
  return member?.userId != null && (job.userId === member.userId || hasAnyRole(member.roles, [Role.ADMIN]));
}
