import { Field, ID, InputType, ObjectType } from "type-graphql";

// Every amount is a digit string of minor units (cents), signed where it can be negative: never a float.

@ObjectType({ description: "A member's wallet in one currency." })
export class WalletView {
  @Field(() => String)
  currency: string;

  @Field(() => String, { description: "Posted balance, minor units." })
  posted: string;

  @Field(() => String, { description: "What may be spent or withdrawn: posted − held." })
  available: string;

  @Field(() => String, { description: "Held for withdrawals and other pending transfers." })
  held: string;

  @Field(() => [PaymentView], { description: "Payments started and not yet received." })
  pendingPayments: PaymentView[];

  @Field(() => [PayoutView])
  payouts: PayoutView[];

  @Field(() => [ReceiptView])
  receipts: ReceiptView[];
}

@ObjectType({ description: "One line of a member's ledger." })
export class LedgerEntryView {
  @Field(() => ID)
  id: string;

  @Field(() => ID)
  transactionId: string;

  @Field(() => String, { description: "payment, refund, payout, reversal, transfer…" })
  kind: string;

  @Field(() => String, { description: "The account's purpose (wallet…)." })
  purpose: string;

  @Field(() => String, { description: "Signed minor units: positive credits the account." })
  amount: string;

  @Field(() => String)
  currency: string;

  @Field(() => Date)
  createdAt: Date;
}

@ObjectType({ description: "A payment a member started (a bank transfer quoting its reference)." })
export class PaymentView {
  @Field(() => ID)
  id: string;

  @Field(() => String, { description: "What the member quotes on the transfer, e.g. RT-7K2P-9QXM." })
  reference: string;

  @Field(() => String)
  amount: string;

  @Field(() => String, { nullable: true, description: "What staff confirmed was received." })
  received: string | null;

  @Field(() => String)
  refunded: string;

  @Field(() => String)
  currency: string;

  @Field(() => String, { description: "pending, confirmed or expired." })
  status: string;

  @Field(() => String)
  provider: string;

  @Field(() => [String], { description: "Where to send the money (the bank's details)." })
  bankDetails: string[];

  @Field(() => Date)
  expiresAt: Date;

  @Field(() => Date)
  createdAt: Date;

  @Field(() => String, { nullable: true, description: "The payer's name (the payments desk only)." })
  memberName: string | null;

  @Field(() => ID, { description: "The payer's account id: staff read their statement with it (`memberStatement`)." })
  memberId: string;
}

@ObjectType({ description: "A withdrawal a member asked for; held until staff confirm they sent it." })
export class PayoutView {
  @Field(() => ID)
  id: string;

  @Field(() => String)
  amount: string;

  @Field(() => String)
  currency: string;

  @Field(() => String)
  destination: string;

  @Field(() => String, { description: "requested, sent or cancelled." })
  status: string;

  @Field(() => Date)
  createdAt: Date;

  @Field(() => String, { nullable: true, description: "The member's name (the payments desk only)." })
  memberName: string | null;

  @Field(() => ID, { description: "The member's account id: staff read their statement with it (`memberStatement`)." })
  memberId: string;
}

@ObjectType({ description: "A receipt for a payment, a refund or a payout." })
export class ReceiptView {
  @Field(() => ID)
  id: string;

  @Field(() => String, { description: "Gapless within its year: 2026-000042." })
  number: string;

  @Field(() => String, { description: "20 base32 characters anyone may check at /verify/<code>." })
  code: string;

  @Field(() => String, { description: "payment, refund or payout." })
  kind: string;

  @Field(() => String)
  amount: string;

  @Field(() => String)
  currency: string;

  @Field(() => String, { nullable: true })
  reference: string | null;

  @Field(() => Date)
  issuedAt: Date;
}

@ObjectType({ description: "What a receipt shows, for anyone holding its code." })
export class ReceiptCheckView {
  @Field(() => String)
  number: string;

  @Field(() => String)
  kind: string;

  @Field(() => String)
  amount: string;

  @Field(() => String)
  currency: string;

  @Field(() => Date)
  issuedAt: Date;
}

@ObjectType({ description: "An LBP exchange rate kept by staff." })
export class ExchangeRateView {
  @Field(() => ID)
  id: string;

  @Field(() => String)
  currency: string;

  @Field(() => String, { description: "LBP per USD, an exact decimal." })
  perUsd: string;

  @Field(() => String)
  source: string;

  @Field(() => String, { description: "The day it applies from (YYYY-MM-DD)." })
  effectiveOn: string;
}

@ObjectType({ description: "What the payments desk works on." })
export class PaymentsDeskView {
  @Field(() => [PaymentView])
  pendingPayments: PaymentView[];

  @Field(() => [PaymentView], { description: "The latest confirmed payments (to refund)." })
  confirmedPayments: PaymentView[];

  @Field(() => [PayoutView])
  requestedPayouts: PayoutView[];

  @Field(() => [ExchangeRateView])
  rates: ExchangeRateView[];
}

@ObjectType({ description: "What a money mutation did." })
export class MoneyResultView {
  @Field(() => ID, { nullable: true })
  transactionId: string | null;

  @Field(() => ID, { nullable: true })
  receiptId: string | null;

  @Field(() => Boolean, { description: "True when the key was already used with this request: this is the first answer." })
  replayed: boolean;
}

@InputType()
export class StartPaymentInput {
  @Field(() => String, { description: "USD minor units (cents), a digit string." })
  amount: string;

  @Field(() => String)
  idempotencyKey: string;
}

@InputType()
export class RequestPayoutInput {
  @Field(() => String)
  amount: string;

  @Field(() => String, { description: "Where to send it (IBAN or account)." })
  destination: string;

  @Field(() => String)
  idempotencyKey: string;
}

@InputType()
export class ConfirmPaymentInput {
  @Field(() => String)
  reference: string;

  @Field(() => String, { description: "What arrived, minor units." })
  received: string;

  @Field(() => String)
  idempotencyKey: string;
}

@InputType()
export class ConfirmPayoutInput {
  @Field(() => ID)
  payoutId: string;

  @Field(() => String)
  idempotencyKey: string;
}

@InputType({ description: "A withdrawal staff refuse: its hold is released, the money stays in the wallet." })
export class CancelPayoutInput extends ConfirmPayoutInput {}

@InputType()
export class RefundPaymentInput {
  @Field(() => ID)
  paymentId: string;

  @Field(() => String)
  amount: string;

  @Field(() => String)
  idempotencyKey: string;
}

@InputType()
export class ReverseTransactionInput {
  @Field(() => ID)
  transactionId: string;

  @Field(() => String)
  reason: string;

  @Field(() => String)
  idempotencyKey: string;
}

@InputType()
export class SetExchangeRateInput {
  @Field(() => String)
  currency: string;

  @Field(() => String, { description: "LBP per USD, an exact decimal (up to 6 decimals)." })
  perUsd: string;

  @Field(() => String)
  source: string;

  @Field(() => String, { description: "YYYY-MM-DD." })
  effectiveOn: string;
}

@ObjectType({ description: "A member's statement, read by staff with a reason (audited)." })
export class MemberStatementView {
  @Field(() => String)
  memberName: string;

  @Field(() => WalletView)
  wallet: WalletView;

  @Field(() => [LedgerEntryView])
  entries: LedgerEntryView[];
}
