import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from "type-graphql";
import { RequireRoles } from "../../common/auth/authorized.js";
import type { Context } from "../../common/context.js";
import { notFound } from "../../common/errors.js";
import { rateLimit } from "../security/index.js";
import { maxMinor, parseMinor } from "./amounts.js";
import { depsOf, memberKey } from "./deps.js";
import { balanceOf } from "./ledger.service.js";
import {
  LedgerEntryView,
  PaymentView,
  PayoutView,
  ReceiptCheckView,
  ReceiptView,
  RequestPayoutInput,
  StartPaymentInput,
  WalletView,
} from "./money.types.js";
import { startPayment, walletOf } from "./payments.service.js";
import { requestPayout } from "./payouts.service.js";
import { receiptByCode, receiptById, receiptsOf } from "./receipts.service.js";
import { entriesOf, payoutsOf, payoutView, paymentView, pendingPaymentsOf, receiptCheckView, receiptView } from "./views.js";
import { mayReadReceipt, walletHolder } from "./money.policy.js";

/** A member's USD wallet as the API shows it (the member's own, or staff's statement). */
export async function walletViewOf(ctx: Context, memberId: string): Promise<WalletView> {
  const account = await walletOf(ctx.ds, ctx.clock, memberId);
  const [balance, pending, payouts, receipts] = await Promise.all([
    balanceOf(ctx.ds, account.id),
    pendingPaymentsOf(ctx.ds, memberId),
    payoutsOf(ctx.ds, memberId),
    receiptsOf(ctx.ds, memberId),
  ]);
  return Object.assign(new WalletView(), {
    currency: account.currency,
    posted: balance!.posted.toString(),
    available: balance!.available.toString(),
    held: balance!.pendingOut.toString(),
    pendingPayments: pending.map((p) => paymentView(p, ctx.config)),
    payouts: payouts.map(payoutView),
    receipts: receipts.map(receiptView),
  });
}

/** A member's ledger lines as the API shows them, newest first. */
export async function entryViewsOf(ctx: Context, memberId: string, first: number, before: string | null): Promise<LedgerEntryView[]> {
  const rows = await entriesOf(ctx.ds, memberId, Math.max(1, Math.min(200, first)), before && /^[0-9]{1,19}$/.test(before) ? before : null);
  return rows.map((r) =>
    Object.assign(new LedgerEntryView(), {
      id: r.id,
      transactionId: r.transaction_id,
      kind: r.kind,
      purpose: r.purpose,
      amount: r.amount,
      currency: r.currency,
      createdAt: r.created_at,
    }),
  );
}

/** Checks of receipt codes one address may make per minute. */
export const VERIFY_LIMIT = { max: 30, windowSeconds: 60 };

@Resolver()
export class MoneyResolver {
  @RequireRoles()
  @Query(() => WalletView, { description: "The signed-in member's USD wallet: balances, pending payments, withdrawals and receipts." })
  async wallet(@Ctx() ctx: Context): Promise<WalletView> {
    return walletViewOf(ctx, walletHolder(ctx.principal));
  }

  @RequireRoles()
  @Query(() => [LedgerEntryView], { description: "The member's ledger lines, newest first (`before`: an entry id, for the next page)." })
  async ledgerEntries(
    @Ctx() ctx: Context,
    @Arg("first", () => Int, { defaultValue: 50 }) first: number,
    @Arg("before", () => ID, { nullable: true }) before: string | null,
  ): Promise<LedgerEntryView[]> {
    return entryViewsOf(ctx, walletHolder(ctx.principal), first, before);
  }

  @RequireRoles()
  @Query(() => ReceiptView, { description: "One of the member's receipts (another member's is NOT_FOUND)." })
  async receipt(@Arg("id", () => ID) id: string, @Ctx() ctx: Context): Promise<ReceiptView> {
    const r = await receiptById(ctx.ds, id);
    if (!r || !mayReadReceipt(ctx.principal, r)) throw notFound();
    return receiptView(r);
  }

  @Query(() => ReceiptCheckView, { description: "Anyone checks a receipt by its code; only what the receipt shows. Rate-limited." })
  async verifyReceipt(@Arg("code", () => String) code: string, @Ctx() ctx: Context): Promise<ReceiptCheckView> {
    await rateLimit.hit({ ds: ctx.ds, clock: ctx.clock }, `money.verify:${ctx.client.ip ?? "unknown"}`, VERIFY_LIMIT);
    const r = await receiptByCode(ctx.ds, code);
    if (!r) throw notFound();
    return receiptCheckView(r);
  }

  @RequireRoles()
  @Mutation(() => PaymentView, {
    description: "Starts a bank transfer to the wallet: its reference and the bank's details. Idempotent by key.",
  })
  async startPayment(@Arg("input", () => StartPaymentInput) input: StartPaymentInput, @Ctx() ctx: Context): Promise<PaymentView> {
    const me = walletHolder(ctx.principal);
    const amount = parseMinor(input.amount, maxMinor(ctx.config));
    const { payment } = await startPayment(
      depsOf(ctx),
      { memberId: me, amount },
      { idempotencyKey: memberKey(me, input.idempotencyKey), by: me },
    );
    return paymentView(payment, ctx.config);
  }

  @RequireRoles()
  @Mutation(() => PayoutView, {
    description: "Asks to withdraw from the wallet: the amount is held until staff send it. Idempotent by key.",
  })
  async requestPayout(@Arg("input", () => RequestPayoutInput) input: RequestPayoutInput, @Ctx() ctx: Context): Promise<PayoutView> {
    const me = walletHolder(ctx.principal);
    const amount = parseMinor(input.amount, maxMinor(ctx.config));
    const { payoutId } = await requestPayout(
      depsOf(ctx),
      { memberId: me, amount, destination: input.destination },
      { idempotencyKey: memberKey(me, input.idempotencyKey), by: me },
    );
    const [row] = await ctx.ds.query(`SELECT * FROM money_payouts WHERE id = $1`, [payoutId]);
    return payoutView(row);
  }
}
