import type { EntityManager } from "typeorm";
import { notFound } from "../../common/errors.js";
import { newId } from "../../common/uuid.js";
import { audit } from "../audit/index.js";
import { checkAmount, maxMinor } from "./amounts.js";
import { moneyError } from "./errors.js";
import { holdIn, postPendingIn, voidIn } from "./holds.service.js";
import { onceByKey } from "./idempotency.js";
import { inTx, isUuid } from "./ledger.service.js";
import type { Currency, MoneyDeps, MutationOptions } from "./ledger.types.js";
import { clearingOf, walletOf } from "./payments.service.js";
import { defaultProvider } from "./providers.js";
import { issueReceipt } from "./receipts.service.js";

export interface PayoutRow {
  id: string;
  member_id: string;
  provider: string;
  hold_id: string;
  currency: Currency;
  amount: string;
  destination: string;
  status: "requested" | "sent" | "cancelled";
  created_at: Date;
  decided_at: Date | null;
  decided_by: string | null;
}

/** A member asks to withdraw: the amount is held from their wallet until staff confirm they sent it. */
export async function requestPayout(
  deps: MoneyDeps,
  spec: { memberId: string; amount: bigint; destination: string },
  opts: MutationOptions,
): Promise<{ payoutId: string; replayed: boolean }> {
  const amount = checkAmount(spec.amount, maxMinor(deps.config));
  const destination = typeof spec.destination === "string" ? spec.destination.trim() : "";
  if (destination.length < 4 || destination.length > 200) throw moneyError("money.errors.destination", "destination");
  const { result, replayed } = await inTx(deps, opts.tx, (tx) =>
    onceByKey(tx, deps.clock, opts.idempotencyKey, "requestPayout", { ...spec, amount, destination }, async () => {
      const provider = defaultProvider(deps.config);
      const wallet = await walletOf(tx, deps.clock, spec.memberId);
      const clearing = await clearingOf(tx, deps.clock, provider.name);
      const { holdId } = await holdIn(tx, deps, { from: wallet.id, to: clearing.id, amount });
      const id = newId();
      await tx.query(
        `INSERT INTO money_payouts (id, member_id, provider, hold_id, currency, amount, destination, status, created_at) VALUES ($1, $2, $3, $4, 'USD', $5, $6, 'requested', $7)`,
        [id, spec.memberId, provider.name, holdId, amount.toString(), destination, deps.clock.now()],
      );
      return { payoutId: id };
    }),
  );
  return { ...result, replayed };
}

async function lockRequested(tx: EntityManager, payoutId: string): Promise<PayoutRow> {
  if (!isUuid(payoutId)) throw notFound();
  const [p]: PayoutRow[] = await tx.query(`SELECT * FROM money_payouts WHERE id = $1 FOR UPDATE`, [payoutId]);
  if (!p) throw notFound();
  if (p.status !== "requested") throw moneyError("money.errors.payout_decided", "payoutId");
  return p;
}

/** Staff confirm they sent a payout (audited): the hold is posted wallet → clearing, with a receipt. */
export async function confirmPayout(
  deps: MoneyDeps,
  spec: { payoutId: string; by: string | null },
  opts: MutationOptions,
): Promise<{ transactionId: string; receiptId: string; memberId: string; amount: string; replayed: boolean }> {
  const { result, replayed } = await inTx(deps, opts.tx, (tx) =>
    onceByKey(tx, deps.clock, opts.idempotencyKey, "confirmPayout", { payoutId: spec.payoutId }, async (sha) => {
      const p = await lockRequested(tx, spec.payoutId);
      const { transactionId } = await postPendingIn(tx, deps, p.hold_id, undefined, {
        key: opts.idempotencyKey,
        sha,
        by: spec.by,
        kind: "payout",
      });
      const now = deps.clock.now();
      await tx.query(`UPDATE money_payouts SET status = 'sent', decided_at = $2, decided_by = $3 WHERE id = $1`, [p.id, now, spec.by]);
      const receipt = await issueReceipt(tx, deps.clock, {
        kind: "payout",
        transactionId,
        memberId: p.member_id,
        currency: p.currency,
        amount: BigInt(p.amount),
        details: { destination: p.destination, provider: p.provider },
      });
      await audit(tx, {
        tableName: "money_payouts",
        recordId: p.id,
        userId: spec.by,
        action: "confirm",
        before: { status: p.status },
        after: { status: "sent", transactionId },
      });
      return { transactionId, receiptId: receipt.id, memberId: p.member_id, amount: p.amount };
    }),
  );
  return { ...result, replayed };
}

/** Staff refuse a payout (audited): the hold is released, the money stays in the wallet. */
export async function cancelPayout(
  deps: MoneyDeps,
  spec: { payoutId: string; by: string | null },
  opts: MutationOptions,
): Promise<{ payoutId: string; replayed: boolean }> {
  const { result, replayed } = await inTx(deps, opts.tx, (tx) =>
    onceByKey(tx, deps.clock, opts.idempotencyKey, "cancelPayout", { payoutId: spec.payoutId }, async () => {
      const p = await lockRequested(tx, spec.payoutId);
      await voidIn(tx, deps, p.hold_id);
      await tx.query(`UPDATE money_payouts SET status = 'cancelled', decided_at = $2, decided_by = $3 WHERE id = $1`, [
        p.id,
        deps.clock.now(),
        spec.by,
      ]);
      await audit(tx, {
        tableName: "money_payouts",
        recordId: p.id,
        userId: spec.by,
        action: "cancel",
        before: { status: p.status },
        after: { status: "cancelled" },
      });
      return { payoutId: p.id };
    }),
  );
  return { ...result, replayed };
}
