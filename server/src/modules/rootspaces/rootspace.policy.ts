import { hasAnyRole, Role } from "../../common/auth/roles.js";
import { memberOf, type Principal } from "../../common/auth/principal.js";

/**
 * Who may do what with rootspaces. Writes (`updateRootspace`, a rootspace's ballot rules) belong
 * to whoever administers it, `administersRootspace`; reads follow the rule below.
 */

/** Who administers a rootspace: its settings and its ballot rules are theirs to change. */
export const administersRootspace = (who: Principal): boolean =>
  Boolean(memberOf(who)?.userId) && hasAnyRole(memberOf(who)!.roles, [Role.ADMIN]);

/** A rootspace that is not open exists only for admins: everyone else is told it is not there. */
export const seesClosedRootspaces = (who: Principal): boolean => administersRootspace(who);

export const maySeeRootspace = (who: Principal, space: { isActive: boolean }): boolean => space.isActive || seesClosedRootspaces(who);
