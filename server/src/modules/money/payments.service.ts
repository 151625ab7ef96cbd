import { randomInt } from "node:crypto";
import type { EntityManager } from "typeorm";
import { AppError, ErrorCode, notFound } from "../../common/errors.js";
import { defineJob } from "../../common/jobs/index.js";
import { newId } from "../../common/uuid.js";
import { audit } from "../audit/index.js";
import { checkAmount, checkCurrency, maxMinor } from "./amounts.js";
import { moneyError } from "./errors.js";
import { forgetOldKeys, onceByKey } from "./idempotency.js";
import { inTx, isUuid, openAccount, postIn } from "./ledger.service.js";
import type { Account, Currency, MoneyDeps, MutationOptions } from "./ledger.types.js";
import { defaultProvider, providerNamed, type PaymentProvider, type ProviderEvent } from "./providers.js";
import { issueReceipt } from "./receipts.service.js";

/** An unpaid payment expires this long after it was started. */
export const PAYMENT_DAYS = 14;

/** Reference letters: no 0/O, 1/I/L or U, so a reference read aloud or copied by hand stays right. */
const REF_ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ";
const refPart = () => Array.from({ length: 4 }, () => REF_ALPHABET[randomInt(REF_ALPHABET.length)]).join("");
/** A payment reference to quote on a transfer, `RT-7K2P-9QXM`. */
export const newReference = (): string => `RT-${refPart()}-${refPart()}`;

export type PaymentStatus = "pending" | "confirmed" | "expired";

export interface PaymentRow {
  id: string;
  reference: string;
  member_id: string;
  provider: string;
  currency: Currency;
  amount: string;
  status: PaymentStatus;
  received: string | null;
  refunded: string;
  then_job: string | null;
  then_payload: Record<string, unknown> | null;
  purpose: string;
  transaction_id: string | null;
  expires_at: Date;
  created_at: Date;
  confirmed_at: Date | null;
  confirmed_by: string | null;
}

/** A member's wallet in a currency (opened on first use; never below zero). */
export const walletOf = (
  db: EntityManager | MoneyDeps["ds"],
  clock: MoneyDeps["clock"],
  memberId: string,
  currency: Currency = "USD",
): Promise<Account> => openAccount(db, clock, { ownerKind: "member", ownerId: memberId, purpose: "wallet", currency, flag: "no_negative" });

/** What a provider holds for the platform: money in makes it negative, money out brings it back (never above zero). */
export const clearingOf = (
  db: EntityManager | MoneyDeps["ds"],
  clock: MoneyDeps["clock"],
  provider: string,
  currency: Currency = "USD",
): Promise<Account> =>
  openAccount(db, clock, { ownerKind: "platform", ownerId: provider, purpose: "provider_clearing", currency, flag: "no_positive" });

export interface StartPaymentSpec {
  memberId: string;
  /** Minor units of USD (the ledger's currency). */
  amount: bigint;
  currency?: Currency;
  /** A provider PAYMENT_PROVIDERS enables (default: the first). */
  provider?: string;
  /** The job the asking area wants sent when the payment is confirmed (by queue name: money imports no area). */
  then?: { job: string; payload: Record<string, unknown> };
}

/** A payment to make, with its reference and the provider's instructions (the bank's details for a transfer). */
export async function startPayment(
  deps: MoneyDeps,
  spec: StartPaymentSpec,
  opts: MutationOptions,
): Promise<{ payment: PaymentRow; bankDetails: string[]; replayed: boolean }> {
  const currency = checkCurrency(spec.currency ?? "USD");
  if (currency !== "USD") throw moneyError("money.errors.currency", "currency");
  const amount = checkAmount(spec.amount, maxMinor(deps.config));
  const provider = spec.provider ? providerNamed(deps.config, spec.provider) : defaultProvider(deps.config);
  if (!provider) throw moneyError("money.errors.provider", "provider");
  // The step to run once paid must exist now: a payment confirmed later cannot lose it.
  if (spec.then && !deps.jobs.knows(spec.then.job)) throw moneyError("money.errors.then_job", "then");
  const { result, replayed } = await inTx(deps, opts.tx, (tx) =>
    onceByKey(tx, deps.clock, opts.idempotencyKey, "startPayment", { ...spec, provider: provider.name }, async () => {
      const id = newId();
      const now = deps.clock.now();
      for (let attempt = 0; ; attempt++) {
        const made: unknown[] = await tx.query(
          `INSERT INTO money_payments (id, reference, member_id, provider, currency, amount, status, then_job, then_payload, expires_at, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $8, $9, $10) ON CONFLICT (reference) DO NOTHING RETURNING id`,
          [
            id,
            newReference(),
            spec.memberId,
            provider.name,
            currency,
            amount.toString(),
            spec.then?.job ?? null,
            spec.then ? JSON.stringify(spec.then.payload) : null,
            new Date(now.getTime() + PAYMENT_DAYS * 86_400_000),
            now,
          ],
        );
        if (made.length) break;
        if (attempt > 5) throw new Error("no free payment reference");
      }
      return { paymentId: id };
    }),
  );
  const payment = (await paymentById(opts.tx ?? deps.ds, result.paymentId))!;
  const p = providerNamed(deps.config, payment.provider) ?? defaultProvider(deps.config);
  return {
    payment,
    bankDetails: p.startPayment({ reference: payment.reference, amount: BigInt(payment.amount), currency: payment.currency }, deps.config)
      .bankDetails,
    replayed,
  };
}

export async function paymentById(db: EntityManager | MoneyDeps["ds"], id: string): Promise<PaymentRow | null> {
  if (!isUuid(id)) return null;
  const [row]: PaymentRow[] = await db.query(`SELECT * FROM money_payments WHERE id = $1`, [id]);
  return row ?? null;
}

export interface ConfirmResult {
  paymentId: string;
  transactionId: string;
  receiptId: string;
  memberId: string;
  amount: string;
}

/**
 * Confirms in `tx` that a payment's money arrived (`received`, which may differ from what was
 * asked): clearing → the member's wallet, the receipt, the audit row and the asking area's job,
 * all in one transaction. An unknown reference, a second confirmation and an expired payment are refused.
 */
export async function confirmPaymentIn(
  tx: EntityManager,
  deps: MoneyDeps,
  spec: { reference: string; received: bigint; by: string | null; via: string },
  opts: { key?: string | null; sha?: string | null } = {},
): Promise<ConfirmResult> {
  const received = checkAmount(spec.received, maxMinor(deps.config), "received");
  const reference = typeof spec.reference === "string" ? spec.reference.trim().toUpperCase() : "";
  const [p]: PaymentRow[] = await tx.query(`SELECT * FROM money_payments WHERE reference = $1 FOR UPDATE`, [reference]);
  if (!p)
    throw new AppError(ErrorCode.NOT_FOUND, "money.errors.unknown_reference", {}, [
      { field: "reference", key: "money.errors.unknown_reference" },
    ]);
  if (p.status === "confirmed") throw moneyError("money.errors.already_confirmed", "reference");
  if (p.status === "expired" || p.expires_at.getTime() <= deps.clock.now().getTime())
    throw moneyError("money.errors.payment_expired", "reference");
  const wallet = await walletOf(tx, deps.clock, p.member_id, p.currency);
  const clearing = await clearingOf(tx, deps.clock, p.provider, p.currency);
  const { transactionId } = await postIn(
    tx,
    deps,
    {
      kind: "payment",
      currency: p.currency,
      entries: [
        { accountId: clearing.id, amount: -received },
        { accountId: wallet.id, amount: received },
      ],
      memo: { paymentId: p.id, reference: p.reference, via: spec.via },
    },
    { key: opts.key, sha: opts.sha, by: spec.by },
  );
  const now = deps.clock.now();
  await tx.query(
    `UPDATE money_payments SET status = 'confirmed', received = $2, transaction_id = $3, confirmed_at = $4, confirmed_by = $5 WHERE id = $1`,
    [p.id, received.toString(), transactionId, now, spec.by],
  );
  const receipt = await issueReceipt(tx, deps.clock, {
    kind: "payment",
    transactionId,
    memberId: p.member_id,
    currency: p.currency,
    amount: received,
    details: { reference: p.reference, provider: p.provider, asked: p.amount },
  });
  await audit(tx, {
    tableName: "money_payments",
    recordId: p.id,
    userId: spec.by,
    action: "confirm",
    before: { status: p.status, amount: p.amount },
    after: { status: "confirmed", received: received.toString(), transactionId, via: spec.via },
  });
  // The asking area's next step: sent only if this transaction commits.
  if (p.then_job)
    await deps.jobs.sendByName(
      p.then_job,
      { ...(p.then_payload ?? {}), paymentId: p.id, received: received.toString() },
      { tx, key: `payment:${p.id}` },
    );
  return { paymentId: p.id, transactionId, receiptId: receipt.id, memberId: p.member_id, amount: received.toString() };
}

/** Staff confirm the amount a bank transfer brought (audited), once per idempotency key. */
export async function confirmPayment(
  deps: MoneyDeps,
  spec: { reference: string; received: bigint; by: string | null },
  opts: MutationOptions,
): Promise<ConfirmResult & { replayed: boolean }> {
  const { result, replayed } = await inTx(deps, opts.tx, (tx) =>
    onceByKey(tx, deps.clock, opts.idempotencyKey, "confirmPayment", { reference: spec.reference, received: spec.received }, (sha) =>
      confirmPaymentIn(tx, deps, { ...spec, via: "staff" }, { key: opts.idempotencyKey, sha }),
    ),
  );
  return { ...result, replayed };
}

/**
 * A provider's webhook event, once its signature is checked: handled once per event id (a
 * second delivery answers the first result); a payment received is confirmed as staff would.
 */
export async function handleProviderEvent(
  deps: MoneyDeps,
  provider: PaymentProvider,
  event: ProviderEvent,
): Promise<{ result: ConfirmResult; replayed: boolean }> {
  return deps.ds.transaction(async (tx) => {
    const fresh: unknown[] = await tx.query(
      `INSERT INTO money_webhook_events (provider, event_id, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING event_id`,
      [provider.name, event.id, deps.clock.now()],
    );
    if (!fresh.length) {
      const [first]: { result: ConfirmResult }[] = await tx.query(
        `SELECT result FROM money_webhook_events WHERE provider = $1 AND event_id = $2`,
        [provider.name, event.id],
      );
      return { result: first.result, replayed: true };
    }
    if (!/^[0-9]{1,19}$/.test(event.amount)) throw moneyError("money.errors.amount", "amount");
    const result = await confirmPaymentIn(tx, deps, {
      reference: event.reference,
      received: BigInt(event.amount),
      by: null,
      via: `webhook:${provider.name}`,
    });
    await tx.query(`UPDATE money_webhook_events SET result = $3 WHERE provider = $1 AND event_id = $2`, [
      provider.name,
      event.id,
      JSON.stringify(result),
    ]);
    return { result, replayed: false };
  });
}

/** Refunds part or all of a confirmed payment from the member's wallet (never more than was received, in all). */
export async function refundPayment(
  deps: MoneyDeps,
  spec: { paymentId: string; amount: bigint; by: string | null },
  opts: MutationOptions,
): Promise<{ transactionId: string; receiptId: string; memberId: string; replayed: boolean }> {
  const amount = checkAmount(spec.amount, maxMinor(deps.config));
  const { result, replayed } = await inTx(deps, opts.tx, (tx) =>
    onceByKey(tx, deps.clock, opts.idempotencyKey, "refundPayment", { paymentId: spec.paymentId, amount }, async (sha) => {
      if (!isUuid(spec.paymentId)) throw notFound();
      const [p]: PaymentRow[] = await tx.query(`SELECT * FROM money_payments WHERE id = $1 FOR UPDATE`, [spec.paymentId]);
      if (!p) throw notFound();
      if (p.status !== "confirmed") throw moneyError("money.errors.not_confirmed", "paymentId");
      if (BigInt(p.refunded) + amount > BigInt(p.received!)) throw moneyError("money.errors.refund_too_large", "amount");
      const wallet = await walletOf(tx, deps.clock, p.member_id, p.currency);
      const clearing = await clearingOf(tx, deps.clock, p.provider, p.currency);
      const { transactionId } = await postIn(
        tx,
        deps,
        {
          kind: "refund",
          currency: p.currency,
          entries: [
            { accountId: wallet.id, amount: -amount },
            { accountId: clearing.id, amount },
          ],
          memo: { paymentId: p.id, reference: p.reference },
        },
        { key: opts.idempotencyKey, sha, by: spec.by },
      );
      await tx.query(`UPDATE money_payments SET refunded = refunded + $2 WHERE id = $1`, [p.id, amount.toString()]);
      const receipt = await issueReceipt(tx, deps.clock, {
        kind: "refund",
        transactionId,
        memberId: p.member_id,
        currency: p.currency,
        amount,
        details: { reference: p.reference, provider: p.provider },
      });
      await audit(tx, {
        tableName: "money_payments",
        recordId: p.id,
        userId: spec.by,
        action: "refund",
        before: { refunded: p.refunded },
        after: { refunded: (BigInt(p.refunded) + amount).toString(), transactionId },
      });
      const provider = providerNamed(deps.config, p.provider);
      await provider?.refund({ reference: p.reference, amount });
      return { transactionId, receiptId: receipt.id, memberId: p.member_id };
    }),
  );
  return { ...result, replayed };
}

/** Unpaid payments past their 14 days expire (a later transfer quoting the reference is refused; staff refund it by hand). */
export async function expirePayments(deps: Pick<MoneyDeps, "ds" | "clock">): Promise<number> {
  const [, n]: [unknown, number] = await deps.ds.query(
    `UPDATE money_payments SET status = 'expired' WHERE status = 'pending' AND expires_at <= $1`,
    [deps.clock.now()],
  );
  return n;
}

/** Hourly: unpaid payments past their 14 days expire, and idempotency keys older than 30 days are forgotten. */
export const expirePaymentsJob = defineJob({
  name: "money.expire-payments",
  cron: "7 * * * *",
  handler: async (_payload, job) => {
    await expirePayments({ ds: job.ds, clock: job.clock });
    await forgetOldKeys(job.ds, job.clock);
  },
});
