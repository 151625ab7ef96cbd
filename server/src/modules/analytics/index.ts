/** Public surface of the analytics area: product events (spec §3), recorded server-side. */
import { defineArea } from "../../common/area.js";
import { AnalyticsEvent } from "./analytics-event.entity.js";

export { track, type TrackedEvent } from "./analytics.service.js";
export { AnalyticsEvent };

export const analyticsArea = defineArea({ name: "analytics", tables: ["analytics_events"], entities: [AnalyticsEvent] });
