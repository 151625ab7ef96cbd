import { hasAnyRole, Role } from "../../common/auth/roles.js";
import type { Viewer } from "../../common/auth/viewer.js";

/**
 * Who may see and act on an import (read its review, confirm, cancel, retry, delete): its owner,
 * and admins; only in the rootspace it was uploaded into, and never once deleted. Anyone else is
 * told it does not exist.
 */
export function mayUseImport(
  viewer: Viewer,
  job: { userId: string; rootspaceId: string; deletedAt: Date | null },
  rootspaceId: string,
): boolean {
  if (job.deletedAt || job.rootspaceId !== rootspaceId) return false;
  return job.userId === viewer.userId || hasAnyRole(viewer.roles, [Role.ADMIN]);
}
