/** Public surface of the accounts area. */
export { bearerToken, hashToken, resolveViewer } from "./viewer.service.js";
export { AuthResolver } from "./auth.resolver.js";
export { RolesResolver } from "./roles.resolver.js";
export { MemberView } from "./roles.types.js";
export { memberNode } from "./member.node.js";
export { REFRESH_COOKIE } from "./tokens.js";
export { User } from "./user.entity.js";
export { UserRole } from "./user-role.entity.js";
export { Session } from "./session.entity.js";
