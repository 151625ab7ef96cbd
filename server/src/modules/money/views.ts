import type { Config } from "../../config.js";
import { receiptNumber, type ReceiptRow } from "./receipts.service.js";
import type { Db } from "./ledger.types.js";
import type { PaymentRow } from "./payments.service.js";
import type { PayoutRow } from "./payouts.service.js";
import { defaultProvider, providerNamed } from "./providers.js";
import type { RateRow } from "./rates.service.js";
import { ExchangeRateView, PaymentView, PayoutView, ReceiptCheckView, ReceiptView } from "./money.types.js";

export const paymentView = (
  p: PaymentRow & { member_name?: string },
  config: Pick<Config, "PAYMENT_PROVIDERS" | "PAYMENT_BANK_DETAILS">,
): PaymentView =>
  Object.assign(new PaymentView(), {
    id: p.id,
    reference: p.reference,
    amount: p.amount,
    received: p.received,
    refunded: p.refunded,
    currency: p.currency,
    status: p.status,
    provider: p.provider,
    bankDetails: (providerNamed(config, p.provider) ?? defaultProvider(config)).startPayment(
      { reference: p.reference, amount: BigInt(p.amount), currency: p.currency },
      config,
    ).bankDetails,
    expiresAt: p.expires_at,
    createdAt: p.created_at,
    memberName: p.member_name ?? null,
    memberId: p.member_id,
  });

export const payoutView = (p: PayoutRow & { member_name?: string }): PayoutView =>
  Object.assign(new PayoutView(), {
    id: p.id,
    amount: p.amount,
    currency: p.currency,
    destination: p.destination,
    status: p.status,
    createdAt: p.created_at,
    memberName: p.member_name ?? null,
    memberId: p.member_id,
  });

export const receiptView = (r: ReceiptRow): ReceiptView =>
  Object.assign(new ReceiptView(), {
    id: r.id,
    number: receiptNumber(r.year, r.seq),
    code: r.code,
    kind: r.kind,
    amount: r.amount,
    currency: r.currency,
    reference: typeof r.details.reference === "string" ? r.details.reference : null,
    issuedAt: r.created_at,
  });

export const receiptCheckView = (r: ReceiptRow): ReceiptCheckView =>
  Object.assign(new ReceiptCheckView(), {
    number: receiptNumber(r.year, r.seq),
    kind: r.kind,
    amount: r.amount,
    currency: r.currency,
    issuedAt: r.created_at,
  });

export const rateView = (r: RateRow): ExchangeRateView =>
  Object.assign(new ExchangeRateView(), {
    id: r.id,
    currency: r.currency,
    perUsd: r.per_usd,
    source: r.source,
    effectiveOn: r.effective_on,
  });

export async function pendingPaymentsOf(db: Db, memberId: string): Promise<PaymentRow[]> {
  return db.query(`SELECT * FROM money_payments WHERE member_id = $1 AND status = 'pending' ORDER BY created_at DESC LIMIT 50`, [memberId]);
}

export async function payoutsOf(db: Db, memberId: string): Promise<PayoutRow[]> {
  return db.query(`SELECT * FROM money_payouts WHERE member_id = $1 ORDER BY created_at DESC LIMIT 50`, [memberId]);
}

/** The payments desk's lists, with the members' names (users is the accounts area's shared read model). */
export async function deskLists(db: Db): Promise<{ pending: PaymentRow[]; confirmed: PaymentRow[]; payouts: PayoutRow[] }> {
  const [pending, confirmed, payouts] = await Promise.all([
    db.query(
      `SELECT p.*, u.display_name AS member_name FROM money_payments p JOIN users u ON u.id = p.member_id WHERE p.status = 'pending' ORDER BY p.created_at LIMIT 200`,
    ),
    db.query(
      `SELECT p.*, u.display_name AS member_name FROM money_payments p JOIN users u ON u.id = p.member_id WHERE p.status = 'confirmed' ORDER BY p.confirmed_at DESC LIMIT 50`,
    ),
    db.query(
      `SELECT p.*, u.display_name AS member_name FROM money_payouts p JOIN users u ON u.id = p.member_id WHERE p.status = 'requested' ORDER BY p.created_at LIMIT 200`,
    ),
  ]);
  return { pending, confirmed, payouts };
}

export async function entriesOf(
  db: Db,
  memberId: string,
  first: number,
  before: string | null,
): Promise<{ id: string; transaction_id: string; kind: string; purpose: string; amount: string; currency: string; created_at: Date }[]> {
  return db.query(
    `SELECT e.id::text, e.transaction_id, t.kind, a.purpose, e.amount::text, e.currency, e.created_at
       FROM money_entries e JOIN money_accounts a ON a.id = e.account_id JOIN money_transactions t ON t.id = e.transaction_id
      WHERE a.owner_kind = 'member' AND a.owner_id = $1 AND ($3::bigint IS NULL OR e.id < $3::bigint)
      ORDER BY e.id DESC LIMIT $2`,
    [memberId, first, before],
  );
}
