/** Public surface of the accounts area. */
export { bearerToken, hashToken, resolveViewer } from "./viewer.service.js";
export { User } from "./user.entity.js";
export { UserRole } from "./user-role.entity.js";
export { Session } from "./session.entity.js";
