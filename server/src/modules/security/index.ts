/** Public surface of the security area: security events, CSP reports, rate limits and upload quota reservations. */
import { defineArea } from "../../common/area.js";
import { cspReportRouter } from "./csp-report.route.js";
import { RateLimitHit } from "./rate-limit-hit.entity.js";
import { SecurityEvent } from "./security-event.entity.js";
import { UploadReservation } from "./upload-reservation.entity.js";

export { recordSecurityEvents, SECURITY_EVENTS_CAP } from "./security-event.service.js";
export * as rateLimit from "./rate-limit.service.js";
export { reserveUpload, whileHeld, type QuotaHold, type Reservation } from "./upload-quota.service.js";
export { cspReportRouter, SecurityEvent };

export const securityArea = defineArea({
  name: "security",
  tables: ["security_events", "rate_limit_hits", "upload_reservations"],
  entities: [SecurityEvent, RateLimitHit, UploadReservation],
  http: ({ ds, clock, config }) => [cspReportRouter({ ds, clock }, config.CSP_REPORTS_PER_IP_PER_HOUR)],
});
