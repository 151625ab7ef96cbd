/** Public surface of the security area: security events, CSP reports and rate limits. */
import { defineArea } from "../../common/area.js";
import { cspReportRouter } from "./csp-report.route.js";
import { RateLimitHit } from "./rate-limit-hit.entity.js";
import { SecurityEvent } from "./security-event.entity.js";

export { recordSecurityEvents, SECURITY_EVENTS_CAP } from "./security-event.service.js";
export * as rateLimit from "./rate-limit.service.js";
export { cspReportRouter, SecurityEvent };

export const securityArea = defineArea({
  name: "security",
  entities: [SecurityEvent, RateLimitHit],
  http: ({ ds, clock, config }) => [cspReportRouter({ ds, clock }, config.CSP_REPORTS_PER_IP_PER_HOUR)],
});
