import { Session } from "../modules/accounts/session.entity.js";
import { User } from "../modules/accounts/user.entity.js";
import { UserRole } from "../modules/accounts/user-role.entity.js";
import { Rootspace } from "../modules/rootspaces/rootspace.entity.js";
import { SecurityEvent } from "../modules/security/security-event.entity.js";

/** Every TypeORM entity; migrations must match this list exactly (CI checks). */
export const entities = [Rootspace, User, UserRole, Session, SecurityEvent];
