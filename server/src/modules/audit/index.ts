/** Public surface of the audit area: the trail of every write (read through genealogy's history). */
import { defineArea } from "../../common/area.js";
import { AuditLog } from "./audit-log.entity.js";

export { audit, type AuditEntry } from "./audit.service.js";
export { AuditLog };

export const auditArea = defineArea({ name: "audit", tables: ["audit_logs"], shares: ["audit_logs"], entities: [AuditLog] });
