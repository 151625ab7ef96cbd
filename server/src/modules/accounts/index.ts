/** Public surface of the accounts area: sign-up, sign-in, sessions, profile, role grants. */
import { defineArea } from "../../common/area.js";
import { Role } from "../../common/auth/roles.js";
import { AuthResolver } from "./auth.resolver.js";
import { seedDemoAccounts } from "./demo-seed.js";
import { MagicLink } from "./magic-link.entity.js";
import { memberNode } from "./member.node.js";
import { accountNotifications } from "./notifications.js";
import { RefreshToken } from "./refresh-token.entity.js";
import { RolesResolver } from "./roles.resolver.js";
import { Session } from "./session.entity.js";
import { TrustedDevice } from "./trusted-device.entity.js";
import { UserRole } from "./user-role.entity.js";
import { User } from "./user.entity.js";
import { staffPolicy } from "./roles.policy.js";
import { accountsReads } from "./accounts.reads.js";

declare module "../../common/event-bus.js" {
  interface Topics {
    /** Sessions were revoked (sign-out, a member ending one, a password change, a stolen refresh token): their sockets close. */
    SESSIONS_ENDED: [{ sessionIds: string[] }];
  }
}

export { bearerToken, cookieToken, hashToken, resolveViewer } from "./viewer.service.js";
export { MemberView } from "./roles.types.js";
export { createMemberNameLoaders } from "./member-names.js";
export { PAGE_COOKIE, REFRESH_COOKIE } from "./tokens.js";
export { AuthResolver, memberNode, RolesResolver, Session, User, UserRole };

/** The client shows this area in `app/auth` (session), `features/auth`, `features/settings` and `features/admin`. */
export const accountsArea = defineArea({
  name: "accounts",
  reads: accountsReads,
  tables: ["users", "user_roles", "sessions", "refresh_tokens", "magic_links", "trusted_devices"],
  shares: ["users", "user_roles"],
  policies: { ViewerCan: staffPolicy },
  resolvers: [AuthResolver, RolesResolver],
  entities: [User, UserRole, Session, RefreshToken, MagicLink, TrustedDevice],
  nodes: { User: memberNode },
  topics: ["SESSIONS_ENDED"],
  notifications: accountNotifications,
  management: [
    { path: "/management", roles: [Role.ADMIN, Role.EDITOR, Role.MODERATOR] },
    { path: "/admin", roles: [Role.ADMIN] },
    { path: "/admin/roles", roles: [Role.ADMIN] },
  ],
  seed: seedDemoAccounts,
});
