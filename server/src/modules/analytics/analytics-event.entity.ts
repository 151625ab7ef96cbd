import { Column, Entity, Index, PrimaryColumn } from "typeorm";

export type AnalyticsEventType = "activation" | "engagement" | "trust" | "economic";

/** A product analytics event (spec §3), recorded on the server. */
@Entity("analytics_events")
@Index(["rootspaceId", "timestamp"])
export class AnalyticsEvent {
  @PrimaryColumn("uuid")
  id: string;

  @Column("timestamptz", { default: () => "now()" })
  timestamp: Date;

  @Column("text", { name: "rootspace_id", nullable: true })
  rootspaceId: string | null;

  @Column("text", { name: "event_type" })
  eventType: AnalyticsEventType;

  @Column("text")
  action: string;

  @Column("text", { name: "entity_id", nullable: true })
  entityId: string | null;

  @Column("uuid", { name: "user_id", nullable: true })
  userId: string | null;

  @Column("jsonb")
  properties: Record<string, string | number | boolean | null>;
}
