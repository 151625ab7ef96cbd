import type { Context } from "../../common/context.js";
import { viewerCan } from "../../common/auth/policy.js";
import { principalOf } from "../../common/auth/principal.js";
import { mainRole, type Role } from "../../common/auth/roles.js";
import { toGlobalId } from "../../common/global-id.js";
import type { Viewer } from "./auth.types.js";
import { staffPolicy } from "./roles.policy.js";

export const USER_TYPE = "User";

/** The Viewer object for a member id and role list (permissions computed once, here). */
export async function loadViewer(ctx: Context, userId: string, roles: Role[]): Promise<Viewer | null> {
  const rows: {
    display_name: string;
    email: string | null;
    phone: string | null;
    preferred_language: string;
    digits: string;
    village_of_origin: string | null;
    show_in_village_members: boolean;
  }[] = await ctx.ds.query(
    `SELECT display_name, email, phone, preferred_language, digits, village_of_origin, show_in_village_members FROM users WHERE id = $1`,
    [userId],
  );
  const u = rows[0];
  if (!u) return null;
  return {
    id: toGlobalId(USER_TYPE, userId),
    displayName: u.display_name,
    email: u.email,
    phone: u.phone,
    preferredLanguage: u.preferred_language,
    digits: u.digits,
    villageOfOrigin: u.village_of_origin,
    showInVillageMembers: u.show_in_village_members,
    roles,
    mainRole: mainRole(roles),
    can: viewerCan(staffPolicy, principalOf({ userId, sessionId: null, roles }), null),
  };
}
