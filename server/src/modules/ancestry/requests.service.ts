import { randomInt } from "node:crypto";
import type { EntityManager } from "typeorm";
import type { Context } from "../../common/context.js";
import { notFound } from "../../common/errors.js";
import { newId } from "../../common/uuid.js";
import { audit } from "../audit/index.js";
import { startPayment, type MoneyDeps } from "../money/index.js";
import { ancestryConflict, ancestryError } from "./ancestry.errors.js";
import { isRequester } from "./ancestry.policy.js";
import type { SaveDocumentRequestInput } from "./ancestry.inputs.js";
import { addBusinessDays, dayInBeirut } from "./business-days.js";
import { holidayDays, stepDays } from "./calendar.service.js";
import { availableOf, holdLines, quoteLines, voidLines, writeLines } from "./fees.service.js";
import { checkSubmittable, draftColumns, rawIdOf } from "./request-input.js";
import { addEvent, documentTypeById, linesOf, requestById, type DocumentTypeRow, type RequestRow } from "./requests.store.js";
import { moverOf, type RequestState } from "./states.js";
import { statusChanged, tell } from "./notifications.js";

/** Reference letters without 0/O, 1/I/L or U: `AD-7K2P-9QXM`. */
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ";
const part = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
const newReference = () => `AD-${part()}-${part()}`;

export const moneyDepsOf = (ctx: Pick<Context, "ds" | "clock" | "config" | "jobs">): MoneyDeps => ({
  ds: ctx.ds,
  clock: ctx.clock,
  config: ctx.config,
  jobs: ctx.jobs,
});

/** The member's own request, locked; another member's is NOT_FOUND, as if absent. */
export async function ownRequest(tx: EntityManager, ctx: Context, id: string): Promise<RequestRow> {
  const raw = rawIdOf(id, "DocumentRequest");
  const row = raw ? await requestById(tx, raw, true) : null;
  if (!row || !isRequester(ctx.principal, row)) throw notFound();
  return row;
}

/**
 * Moves a request to `to` in `tx`: the state, when the new step is due (Lebanese business days)
 * and the timeline's line. The caller checked the move with `canMove`.
 */
export async function enterState(
  tx: EntityManager,
  ctx: Pick<Context, "clock">,
  r: RequestRow,
  t: DocumentTypeRow,
  to: RequestState,
  by: string | null,
  extra: { note?: string | null; infoFrom?: RequestState | null } = {},
): Promise<void> {
  const now = ctx.clock.now();
  const days = stepDays(to, t);
  const due = days > 0 ? addBusinessDays(dayInBeirut(now), days, await holidayDays(tx)) : null;
  await tx.query(
    `UPDATE ancestry_requests SET state = $2, info_from = $3, step_started_at = $4, step_due_on = $5, reminded_on = NULL, updated_at = $4 WHERE id = $1`,
    [r.id, to, extra.infoFrom ?? null, now, due],
  );
  await addEvent(tx, {
    id: newId(),
    requestId: r.id,
    at: now,
    actorId: by,
    kind: "state",
    from: r.state,
    to,
    note: extra.note,
    expectedOn: due,
  });
}

/** Saves a draft (new or the member's own), checked field by field: autosave calls it as the member types. */
export async function saveDraft(ctx: Context, input: SaveDocumentRequestInput): Promise<string> {
  const me = ctx.viewer.userId!;
  const typeId = rawIdOf(input.documentTypeId, "DocumentType");
  const type = typeId ? await documentTypeById(ctx.ds, typeId) : null;
  if (!type || !type.active) throw ancestryError("ancestry.errors.document_type", "documentTypeId");
  const cols = await draftColumns(ctx, ctx.ds, input);
  return ctx.ds.transaction(async (tx) => {
    const now = ctx.clock.now();
    if (input.id) {
      const r = await ownRequest(tx, ctx, input.id);
      if (r.state !== "draft") throw ancestryConflict("ancestry.errors.not_draft");
      const names = Object.keys(cols);
      await tx.query(
        `UPDATE ancestry_requests SET document_type_id = $2, updated_at = $3, ${names.map((n, i) => `"${n}" = $${i + 4}`).join(", ")} WHERE id = $1`,
        [r.id, type.id, now, ...names.map((n) => cols[n as keyof typeof cols])],
      );
      return r.id;
    }
    const id = newId();
    const names = Object.keys(cols);
    await tx.query(
      `INSERT INTO ancestry_requests (id, reference, requester_id, document_type_id, created_at, updated_at, ${names.map((n) => `"${n}"`).join(", ")})
       VALUES ($1, $2, $3, $4, $5, $5, ${names.map((_, i) => `$${i + 6}`).join(", ")})`,
      [id, newReference(), me, type.id, now, ...names.map((n) => cols[n as keyof typeof cols])],
    );
    await addEvent(tx, { id: newId(), requestId: id, at: now, actorId: me, kind: "state", to: "draft" });
    return id;
  });
}

/**
 * Submits a draft: checks it whole, quotes its fees one line each (LBP at the kept rate), and
 * pays: one hold per line from the wallet when it covers them (the request goes to review at
 * once), else a bank transfer for what is missing, whose confirmation runs `ancestry.settle`.
 * A request already submitted or cancelled is refused: nothing is charged twice.
 */
export async function submit(ctx: Context, id: string): Promise<{ requestId: string; state: RequestState }> {
  const me = ctx.viewer.userId!;
  const deps = moneyDepsOf(ctx);
  const out = await ctx.ds.transaction(async (tx) => {
    const r = await ownRequest(tx, ctx, id);
    if (r.state === "cancelled") throw ancestryConflict("ancestry.errors.cancelled");
    if (r.state !== "draft") throw ancestryConflict("ancestry.errors.already_submitted");
    const type = (await documentTypeById(tx, r.document_type_id))!;
    if (!type.active) throw ancestryError("ancestry.errors.document_type", "documentTypeId");
    await checkSubmittable(tx, me, r, type.required_fields);
    await writeLines(tx, r.id, await quoteLines(deps, type, r));
    const lines = (await linesOf(tx, [r.id])).get(r.id) ?? [];
    const total = lines.reduce((n, l) => n + BigInt(l.usd), 0n);
    await tx.query(`UPDATE ancestry_requests SET submitted_at = $2 WHERE id = $1`, [r.id, ctx.clock.now()]);
    await enterState(tx, ctx, r, type, "awaiting_payment", me);
    const paid = await holdLines(tx, deps, r, lines);
    if (paid) {
      await enterState(tx, ctx, { ...r, state: "awaiting_payment" }, type, "in_review", null);
    } else {
      const available = await availableOf(tx, deps, me);
      const { payment } = await startPayment(
        deps,
        { memberId: me, amount: total - available, then: { job: "ancestry.settle", payload: { requestId: r.id } } },
        { idempotencyKey: `ancestry:${r.id}:payment`, tx, by: me },
      );
      await tx.query(`UPDATE ancestry_requests SET payment_id = $2, payment_reference = $3 WHERE id = $1`, [
        r.id,
        payment.id,
        payment.reference,
      ]);
    }
    await audit(tx, {
      tableName: "ancestry_requests",
      recordId: r.id,
      userId: me,
      action: "submit",
      after: { total: total.toString(), paid },
    });
    return { requestId: r.id, state: (paid ? "in_review" : "awaiting_payment") as RequestState, reference: r.reference };
  });
  await tell(ctx, statusChanged, me, { requestId: out.requestId, reference: out.reference, state: out.state });
  return out;
}

/** The member cancels before the registry: every held fee is voided, nothing was spent. */
export async function cancel(ctx: Context, id: string): Promise<string> {
  const me = ctx.viewer.userId!;
  const r = await ctx.ds.transaction(async (tx) => {
    const r = await ownRequest(tx, ctx, id);
    if (moverOf(r.state, "cancelled", { ...r, infoFrom: r.info_from }) !== "member") throw ancestryError("ancestry.errors.off_path", "to");
    const type = (await documentTypeById(tx, r.document_type_id))!;
    await voidLines(tx, moneyDepsOf(ctx), (await linesOf(tx, [r.id])).get(r.id) ?? [], me);
    await enterState(tx, ctx, r, type, "cancelled", me);
    await audit(tx, { tableName: "ancestry_requests", recordId: r.id, userId: me, action: "cancel", before: { state: r.state } });
    return r;
  });
  await tell(ctx, statusChanged, me, { requestId: r.id, reference: r.reference, state: "cancelled" });
  return r.id;
}

/** The member answers the desk's question: the request goes back to the step that asked. */
export async function answer(ctx: Context, id: string, text: string): Promise<string> {
  const me = ctx.viewer.userId!;
  const reply = typeof text === "string" ? text.trim() : "";
  if (reply.length < 1 || reply.length > 2000) throw ancestryError("ancestry.errors.answer", "answer");
  const r = await ctx.ds.transaction(async (tx) => {
    const r = await ownRequest(tx, ctx, id);
    const back = r.info_from;
    if (r.state !== "needs_information" || !back || moverOf(r.state, back, { ...r, infoFrom: back }) !== "member")
      throw ancestryError("ancestry.errors.off_path", "to");
    const type = (await documentTypeById(tx, r.document_type_id))!;
    await tx.query(`UPDATE ancestry_requests SET answer = $2 WHERE id = $1`, [r.id, reply]);
    await addEvent(tx, { id: newId(), requestId: r.id, at: ctx.clock.now(), actorId: me, kind: "answer", note: reply });
    await enterState(tx, ctx, r, type, back, me);
    await audit(tx, { tableName: "ancestry_requests", recordId: r.id, userId: me, action: "answer", after: { state: back } });
    return { ...r, state: back };
  });
  await tell(ctx, statusChanged, me, { requestId: r.id, reference: r.reference, state: r.state });
  return r.id;
}
