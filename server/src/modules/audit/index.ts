/** Public surface of the audit area. */
export { audit, type AuditEntry } from "./audit.service.js";
export { AuditLog } from "./audit-log.entity.js";
