import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn, UpdateDateColumn } from "typeorm";

/**
 * A rootspace's ballot rules, changed by whoever administers it. No row: the defaults (the
 * cooling-off from BALLOT_COOLING_HOURS, the shortest open time from BALLOT_MIN_OPEN_DAYS, quorum
 * 10 % and at least 5). A ballot copies what it needs when it starts, so a change reaches new
 * ballots only.
 */
@Entity("ballot_settings")
export class BallotSettings {
  @PrimaryColumn("text", { name: "rootspace_id" })
  rootspaceId: string;

  @OneToOne("Rootspace", { onDelete: "CASCADE" })
  @JoinColumn({ name: "rootspace_id" })
  rootspace?: unknown;

  @Column("int", { name: "cooling_hours" })
  coolingHours: number;

  @Column("int", { name: "min_open_days" })
  minOpenDays: number;

  @Column("int", { name: "quorum_percent" })
  quorumPercent: number;

  @Column("int", { name: "quorum_min" })
  quorumMin: number;

  /** No yes/no/abstain breakdown before a ballot closes, only the turnout (as Helios does). */
  @Column("boolean", { name: "hide_breakdown", default: false })
  hideBreakdown: boolean;

  @Column("uuid", { name: "updated_by", nullable: true })
  updatedBy: string | null;

  @UpdateDateColumn({ name: "updated_at", type: "timestamptz" })
  updatedAt: Date;
}
