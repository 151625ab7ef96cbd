import type { DataSource } from "typeorm";
import { newId } from "../../common/uuid.js";
import { SecurityEvent, type SecurityDetails, type SecuritySeverity } from "./security-event.entity.js";

/** Newest events kept per severity; older ones are pruned on insert (decisions.md: cap of 100). */
export const SECURITY_EVENTS_CAP = 100;

export interface NewSecurityEvent {
  type: string;
  severity: SecuritySeverity;
  details: SecurityDetails;
  userAgent?: string | null;
}

/** Stores events in one transaction and prunes each touched severity to the cap. */
export async function recordSecurityEvents(ds: DataSource, events: NewSecurityEvent[]): Promise<void> {
  if (events.length === 0) return;
  await ds.transaction(async (tx) => {
    await tx.getRepository(SecurityEvent).insert(
      events.map((e) => ({
        id: newId(),
        type: e.type,
        severity: e.severity,
        details: e.details,
        userAgent: e.userAgent?.slice(0, 500) ?? null,
      })),
    );
    await tx.query(
      `DELETE FROM security_events e USING (
         SELECT id, row_number() OVER (PARTITION BY severity ORDER BY created_at DESC, id DESC) AS n
           FROM security_events WHERE severity = ANY($1)) ranked
        WHERE e.id = ranked.id AND ranked.n > $2`,
      [[...new Set(events.map((e) => e.severity))], SECURITY_EVENTS_CAP],
    );
  });
}
