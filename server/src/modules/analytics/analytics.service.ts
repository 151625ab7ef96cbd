import type { DataSource, EntityManager } from "typeorm";
import { logger } from "../../common/logger.js";
import { newId } from "../../common/uuid.js";
import type { AnalyticsEventType } from "./analytics-event.entity.js";

export interface TrackedEvent {
  eventType: AnalyticsEventType;
  action: string;
  userId?: string | null;
  entityId?: string | null;
  rootspaceId?: string | null;
  properties?: Record<string, string | number | boolean | null>;
}

/** Records a product event. Failures are logged and ignored (spec §8): analytics never breaks a flow. */
export async function track(db: DataSource | EntityManager, e: TrackedEvent): Promise<void> {
  try {
    await db.query(
      `INSERT INTO analytics_events (id, rootspace_id, event_type, action, entity_id, user_id, properties) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [newId(), e.rootspaceId ?? null, e.eventType, e.action, e.entityId ?? null, e.userId ?? null, JSON.stringify(e.properties ?? {})],
    );
  } catch (err) {
    logger.warn("Analytics event not recorded", { action: e.action, err: String(err) });
  }
}
