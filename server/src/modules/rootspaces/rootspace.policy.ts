import { hasAnyRole, Role } from "../../common/auth/roles.js";
import type { Viewer } from "../../common/auth/viewer.js";

/**
 * Who may do what with rootspaces. Writes (`updateRootspace`) are admin-only by their
 * resolver's `@RequireRoles(Role.ADMIN)`; reads follow the rule below.
 */

/** A rootspace that is not open exists only for admins: everyone else is told it is not there. */
export const seesClosedRootspaces = (viewer: Viewer): boolean => hasAnyRole(viewer.roles, [Role.ADMIN]);

export const maySeeRootspace = (viewer: Viewer, space: { isActive: boolean }): boolean => space.isActive || seesClosedRootspaces(viewer);
