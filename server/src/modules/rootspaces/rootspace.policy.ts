import { hasAnyRole, Role } from "../../common/auth/roles.js";
import type { Viewer } from "../../common/auth/viewer.js";

/**
 * Who may do what with rootspaces. Writes (`updateRootspace`, a rootspace's ballot rules) belong
 * to whoever administers it, `administersRootspace`; reads follow the rule below.
 */

/** Who administers a rootspace: its settings and its ballot rules are theirs to change. */
export const administersRootspace = (viewer: Viewer): boolean => Boolean(viewer.userId) && hasAnyRole(viewer.roles, [Role.ADMIN]);

/** A rootspace that is not open exists only for admins: everyone else is told it is not there. */
export const seesClosedRootspaces = (viewer: Viewer): boolean => hasAnyRole(viewer.roles, [Role.ADMIN]);

export const maySeeRootspace = (viewer: Viewer, space: { isActive: boolean }): boolean => space.isActive || seesClosedRootspaces(viewer);
