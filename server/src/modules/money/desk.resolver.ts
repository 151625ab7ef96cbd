import { Arg, Ctx, ID, Mutation, Query, Resolver } from "type-graphql";
import { notFound } from "../../common/errors.js";
import { fromGlobalId, isUuid } from "../../common/global-id.js";
import { RequireRoles } from "../../common/auth/authorized.js";
import { Role } from "../../common/auth/roles.js";
import type { Context } from "../../common/context.js";
import { audit } from "../audit/index.js";
import { maxMinor, parseMinor } from "./amounts.js";
import { depsOf, staffKey, tellAfterCommit } from "./deps.js";
import { afterReceipt } from "./receipt-email.js";
import { moneyError } from "./errors.js";
import { reverseTransaction } from "./ledger.service.js";
import {
  CancelPayoutInput,
  ConfirmPaymentInput,
  ConfirmPayoutInput,
  ExchangeRateView,
  MemberStatementView,
  MoneyResultView,
  PaymentsDeskView,
  RefundPaymentInput,
  ReverseTransactionInput,
  SetExchangeRateInput,
} from "./money.types.js";
import { paymentConfirmed, payoutSent, refunded } from "./notifications.js";
import { confirmPayment, refundPayment } from "./payments.service.js";
import { cancelPayout, confirmPayout } from "./payouts.service.js";
import { recentRates, setExchangeRate } from "./rates.service.js";
import { entryViewsOf, walletViewOf } from "./money.resolver.js";
import { deskLists, paymentView, payoutView, rateView } from "./views.js";

const result = (r: { transactionId?: string | null; receiptId?: string | null; replayed: boolean }): MoneyResultView =>
  Object.assign(new MoneyResultView(), { transactionId: r.transactionId ?? null, receiptId: r.receiptId ?? null, replayed: r.replayed });

/** The payments desk (/management/payments): moderators, and admins, who pass every role check. */
@Resolver()
export class PaymentsDeskResolver {
  @RequireRoles(Role.MODERATOR)
  @Query(() => PaymentsDeskView, {
    description: "Payments waiting for their money, recent confirmed payments, withdrawals to send, exchange rates.",
  })
  async paymentsDesk(@Ctx() ctx: Context): Promise<PaymentsDeskView> {
    const [lists, rates] = await Promise.all([deskLists(ctx.ds), recentRates(ctx.ds)]);
    return Object.assign(new PaymentsDeskView(), {
      pendingPayments: lists.pending.map((p) => paymentView(p, ctx.config)),
      confirmedPayments: lists.confirmed.map((p) => paymentView(p, ctx.config)),
      requestedPayouts: lists.payouts.map(payoutView),
      rates: rates.map(rateView),
    });
  }

  @RequireRoles(Role.MODERATOR)
  @Query(() => MemberStatementView, {
    description: "A member's wallet and ledger lines, read with a reason (at least 10 characters; audited).",
  })
  async memberStatement(
    @Arg("memberId", () => ID) memberId: string,
    @Arg("reason", () => String) reason: string,
    @Ctx() ctx: Context,
  ): Promise<MemberStatementView> {
    const why = reason.trim();
    if (why.length < 10 || why.length > 500) throw moneyError("money.errors.reason", "reason");
    const raw = fromGlobalId(memberId);
    const id = raw?.type === "User" ? raw.id : memberId;
    if (!isUuid(id)) throw notFound();
    const [member]: { display_name: string }[] = await ctx.ds.query(`SELECT display_name FROM users WHERE id = $1`, [id]);
    if (!member) throw notFound();
    await audit(ctx.ds, {
      tableName: "money_accounts",
      recordId: id,
      userId: ctx.viewer.userId,
      action: "read_statement",
      after: { reason: why },
    });
    const [wallet, entries] = await Promise.all([walletViewOf(ctx, id), entryViewsOf(ctx, id, 200, null)]);
    return Object.assign(new MemberStatementView(), { memberName: member.display_name, wallet, entries });
  }

  @RequireRoles(Role.MODERATOR)
  @Mutation(() => MoneyResultView, {
    description: "Confirms the amount a payment brought (audited): the wallet is credited, a receipt issued.",
  })
  async confirmPayment(@Arg("input", () => ConfirmPaymentInput) input: ConfirmPaymentInput, @Ctx() ctx: Context): Promise<MoneyResultView> {
    const me = ctx.viewer.userId!;
    const received = parseMinor(input.received, maxMinor(ctx.config), "received");
    const r = await confirmPayment(
      depsOf(ctx),
      { reference: input.reference, received, by: me },
      { idempotencyKey: staffKey(me, input.idempotencyKey) },
    );
    if (!r.replayed) await afterReceipt(ctx, "payment", r.receiptId);
    if (!r.replayed)
      await tellAfterCommit(ctx, paymentConfirmed, r.memberId, { amount: r.amount, currency: "USD", receiptId: r.receiptId });
    return result(r);
  }

  @RequireRoles(Role.MODERATOR)
  @Mutation(() => MoneyResultView, { description: "Confirms a withdrawal was sent (audited): the hold is posted, a receipt issued." })
  async confirmPayout(@Arg("input", () => ConfirmPayoutInput) input: ConfirmPayoutInput, @Ctx() ctx: Context): Promise<MoneyResultView> {
    const me = ctx.viewer.userId!;
    const r = await confirmPayout(
      depsOf(ctx),
      { payoutId: input.payoutId, by: me },
      { idempotencyKey: staffKey(me, input.idempotencyKey) },
    );
    if (!r.replayed) await afterReceipt(ctx, "payout", r.receiptId);
    if (!r.replayed) await tellAfterCommit(ctx, payoutSent, r.memberId, { amount: r.amount, currency: "USD", receiptId: r.receiptId });
    return result(r);
  }

  @RequireRoles(Role.MODERATOR)
  @Mutation(() => MoneyResultView, {
    description: "Refuses a requested withdrawal (audited): its hold is released, the money stays in the wallet; no receipt.",
  })
  async cancelPayout(@Arg("input", () => CancelPayoutInput) input: CancelPayoutInput, @Ctx() ctx: Context): Promise<MoneyResultView> {
    const me = ctx.viewer.userId!;
    const r = await cancelPayout(depsOf(ctx), { payoutId: input.payoutId, by: me }, { idempotencyKey: staffKey(me, input.idempotencyKey) });
    return result(r);
  }

  @RequireRoles(Role.MODERATOR)
  @Mutation(() => MoneyResultView, { description: "Refunds part or all of a confirmed payment (audited); never more than was paid." })
  async refundPayment(@Arg("input", () => RefundPaymentInput) input: RefundPaymentInput, @Ctx() ctx: Context): Promise<MoneyResultView> {
    const me = ctx.viewer.userId!;
    const amount = parseMinor(input.amount, maxMinor(ctx.config));
    const r = await refundPayment(
      depsOf(ctx),
      { paymentId: input.paymentId, amount, by: me },
      { idempotencyKey: staffKey(me, input.idempotencyKey) },
    );
    if (!r.replayed) await afterReceipt(ctx, "refund", r.receiptId);
    if (!r.replayed)
      await tellAfterCommit(ctx, refunded, r.memberId, { amount: amount.toString(), currency: "USD", receiptId: r.receiptId });
    return result(r);
  }

  @RequireRoles(Role.MODERATOR)
  @Mutation(() => MoneyResultView, {
    description: "Corrects a transaction with one reversing transaction naming it (audited, with the reason).",
  })
  async reverseTransaction(
    @Arg("input", () => ReverseTransactionInput) input: ReverseTransactionInput,
    @Ctx() ctx: Context,
  ): Promise<MoneyResultView> {
    const me = ctx.viewer.userId!;
    const reason = input.reason.trim();
    if (reason.length < 10 || reason.length > 500) throw moneyError("money.errors.reason", "reason");
    const r = await ctx.ds.transaction(async (tx) => {
      const done = await reverseTransaction(depsOf(ctx), input.transactionId, {
        idempotencyKey: staffKey(me, input.idempotencyKey),
        by: me,
        reason,
        tx,
      });
      if (!done.replayed)
        await audit(tx, {
          tableName: "money_transactions",
          recordId: input.transactionId,
          userId: me,
          action: "reverse",
          after: { reversal: done.transactionId, reason },
        });
      return done;
    });
    return result(r);
  }

  @RequireRoles(Role.MODERATOR)
  @Mutation(() => ExchangeRateView, { description: "Keeps the LBP rate: exact decimal, source and day (audited)." })
  async setExchangeRate(
    @Arg("input", () => SetExchangeRateInput) input: SetExchangeRateInput,
    @Ctx() ctx: Context,
  ): Promise<ExchangeRateView> {
    return rateView(await setExchangeRate(depsOf(ctx), { ...input, by: ctx.viewer.userId! }));
  }
}
