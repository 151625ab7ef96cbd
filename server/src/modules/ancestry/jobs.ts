import { defineJob, type JobContext } from "../../common/jobs/index.js";
import { newId } from "../../common/uuid.js";
import { audit } from "../audit/index.js";
import { businessDaysBetween, dayInBeirut } from "./business-days.js";
import { ensureHolidays, holidayDays } from "./calendar.service.js";
import { holdLines } from "./fees.service.js";
import { overdue, statusChanged, tell } from "./notifications.js";
import { addEvent, documentTypeById, linesOf, requestById } from "./requests.store.js";
import { enterState, moneyDepsOf } from "./requests.service.js";

const depsOfJob = (job: JobContext) => ({ ds: job.ds, clock: job.clock, config: job.config, jobs: job.scheduler, bus: job.bus });

/**
 * The step the money core runs once a request's bank transfer is confirmed: one hold per fee
 * line from the wallet, and the request goes to review. Idempotent: a request no longer
 * awaiting payment is left alone (a second delivery, or a payment confirmed twice, changes nothing).
 */
export const settleJob = defineJob<{ requestId: string; paymentId?: string; received?: string }>({
  name: "ancestry.settle",
  handler: async ({ requestId }, job) => {
    const deps = depsOfJob(job);
    const settled = await job.ds.transaction(async (tx) => {
      const r = await requestById(tx, requestId, true);
      if (!r || r.state !== "awaiting_payment") return null;
      const lines = (await linesOf(tx, [r.id])).get(r.id) ?? [];
      // Less than the fees arrived: the request waits (the member tops up the wallet).
      if (!(await holdLines(tx, moneyDepsOf(deps), r, lines))) return null;
      const type = (await documentTypeById(tx, r.document_type_id))!;
      await enterState(tx, deps, r, type, "in_review", null);
      await audit(tx, { tableName: "ancestry_requests", recordId: r.id, userId: null, action: "settle", after: { state: "in_review" } });
      return r;
    });
    if (settled)
      await tell(deps, statusChanged, settled.requester_id, { requestId: settled.id, reference: settled.reference, state: "in_review" });
  },
});

/** States whose step an officer is working (a due day counts). */
const WORKED = ["in_review", "at_registry", "issued", "translating", "shipped", "in_pouch", "at_embassy"];

/**
 * Reminds the officer of each request whose step ran past its due day (once a day per request),
 * and adds the reminder to the timeline. Returns how many were reminded.
 */
export async function remindOverdue(job: Pick<JobContext, "ds" | "clock" | "config" | "scheduler" | "bus">): Promise<number> {
  const today = dayInBeirut(job.clock.now());
  const due: { id: string; reference: string; assigned_to: string; step_due_on: string }[] = await job.ds.query(
    `SELECT id, reference, assigned_to, step_due_on::text AS step_due_on FROM ancestry_requests
      WHERE state = ANY($1) AND assigned_to IS NOT NULL AND step_due_on < $2 AND (reminded_on IS NULL OR reminded_on < $2)
      ORDER BY step_due_on LIMIT 500`,
    [WORKED, today],
  );
  if (!due.length) return 0;
  const holidays = await holidayDays(job.ds);
  const deps = depsOfJob(job as JobContext);
  for (const r of due) {
    const days = businessDaysBetween(r.step_due_on, today, holidays);
    await job.ds.transaction(async (tx) => {
      await tx.query(`UPDATE ancestry_requests SET reminded_on = $2 WHERE id = $1`, [r.id, today]);
      await addEvent(tx, { id: newId(), requestId: r.id, at: job.clock.now(), actorId: null, kind: "reminder", note: String(days) });
    });
    await tell(deps, overdue, r.assigned_to, { requestId: r.id, reference: r.reference, days });
  }
  return due.length;
}

/** Hourly: officers hear of overrun steps (each request at most once a day). */
export const slaJob = defineJob({
  name: "ancestry.sla",
  cron: "17 * * * *",
  handler: async (_payload, job) => {
    await remindOverdue(job);
  },
});

/** Daily: this and next year's computed holidays are there (a new year's Easters and Eids, to confirm). */
export const holidaysJob = defineJob({
  name: "ancestry.holidays",
  cron: "40 3 * * *",
  handler: async (_payload, job) => {
    await ensureHolidays(job.ds, job.clock);
  },
});
