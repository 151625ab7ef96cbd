import { Column, Entity, PrimaryColumn } from "typeorm";

/**
 * A `once` job's key that is done: written in the same transaction as the job's effect, so a
 * second delivery of the key (delivery is at least once) finds it and does nothing.
 */
@Entity("job_runs")
export class JobRun {
  @PrimaryColumn("text")
  name: string;

  @PrimaryColumn("text")
  key: string;

  /** The delivery that did it (pg-boss's job id). */
  @Column("uuid", { name: "job_id" })
  jobId: string;

  @Column("timestamptz", { name: "done_at" })
  doneAt: Date;
}
