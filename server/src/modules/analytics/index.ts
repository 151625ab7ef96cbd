/** Public surface of the analytics area. */
export { track, type TrackedEvent } from "./analytics.service.js";
export { AnalyticsEvent } from "./analytics-event.entity.js";
