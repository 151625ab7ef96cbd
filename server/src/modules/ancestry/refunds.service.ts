import type { Context } from "../../common/context.js";
import { notFound } from "../../common/errors.js";
import { newId } from "../../common/uuid.js";
import { audit } from "../audit/index.js";
import { postTransaction, walletOf } from "../money/index.js";
import { ancestryError, ancestryForbidden } from "./ancestry.errors.js";
import { documentRequestPolicy } from "./ancestry.policy.js";
import { feesAccount } from "./fees.service.js";
import { rawIdOf } from "./request-input.js";
import { moneyDepsOf } from "./requests.service.js";
import { addEvent, requestById, type LineRow } from "./requests.store.js";

/**
 * Staff (moderators, admins) give back part or all of a posted fee line to the member's wallet:
 * one balanced transaction from the document-fees account, once per idempotency key. Never more
 * than the line: checked under the line's lock, and the database refuses a line refunded past
 * its amount. A line still held is voided by rejection or cancellation, not refunded.
 */
export async function refundLine(
  ctx: Context,
  input: { lineId: string; amount: bigint; reason: string; idempotencyKey: string },
): Promise<{ requestId: string; transactionId: string; replayed: boolean }> {
  const me = ctx.viewer.userId!;
  const reason = typeof input.reason === "string" ? input.reason.trim() : "";
  if (reason.length < 3 || reason.length > 500) throw ancestryError("ancestry.errors.refund_reason", "reason");
  const lineId = rawIdOf(input.lineId, "DocumentFeeLine");
  const deps = moneyDepsOf(ctx);
  return ctx.ds.transaction(async (tx) => {
    const [line]: LineRow[] = lineId ? await tx.query(`SELECT * FROM ancestry_request_lines WHERE id = $1 FOR UPDATE`, [lineId]) : [];
    const r = line ? await requestById(tx, line.request_id) : null;
    if (!line || !r) throw notFound();
    if (!documentRequestPolicy.can(ctx.principal, "refund", { ...r, infoFrom: r.info_from }))
      throw ancestryForbidden("ancestry.errors.refund_staff");
    if (line.status !== "posted") throw ancestryError("ancestry.errors.refund_not_posted", "lineId");
    const wallet = await walletOf(tx, ctx.clock, r.requester_id);
    const fees = await feesAccount(tx, deps);
    const { transactionId, replayed } = await postTransaction(
      deps,
      {
        kind: "refund",
        currency: "USD",
        entries: [
          { accountId: fees.id, amount: -input.amount },
          { accountId: wallet.id, amount: input.amount },
        ],
        memo: { requestId: r.id, reference: r.reference, line: line.kind, reason },
      },
      { idempotencyKey: `s:${me}:${input.idempotencyKey}`, tx, by: me },
    );
    if (!replayed) {
      // Checked after posting so that a retry of a refund made answers as it did; a new one past the line rolls back.
      const refunded = BigInt(line.refunded_usd) + input.amount;
      if (refunded > BigInt(line.usd)) throw ancestryError("ancestry.errors.refund_too_large", "amount");
      await tx.query(`UPDATE ancestry_request_lines SET refunded_usd = $2 WHERE id = $1`, [line.id, refunded.toString()]);
      await addEvent(tx, {
        id: newId(),
        requestId: r.id,
        at: ctx.clock.now(),
        actorId: me,
        kind: "refund",
        note: reason,
      });
      await audit(tx, {
        tableName: "ancestry_request_lines",
        recordId: line.id,
        userId: me,
        action: "refund",
        before: { refundedUsd: line.refunded_usd },
        after: { refundedUsd: refunded.toString(), transactionId, reason },
      });
    }
    return { requestId: r.id, transactionId, replayed };
  });
}
