/** Public surface of the security area. */
export { cspReportRouter } from "./csp-report.route.js";
export { recordSecurityEvents, SECURITY_EVENTS_CAP } from "./security-event.service.js";
export { SecurityEvent } from "./security-event.entity.js";
export * as rateLimit from "./rate-limit.service.js";
