import { all, type ReadTags } from "../../common/auth/reads.js";

/**
 * Who reads what of money: a member's wallet, payments, withdrawals, receipts and ledger lines are
 * theirs (staff read them at the payments desk, and a statement with a reason); the payer's name
 * on a desk row is for staff; what a receipt shows, anyone holding its code.
 */
export const moneyReads: ReadTags = {
  WalletView: all("self", "available currency held payouts pendingPayments posted receipts"),
  LedgerEntryView: all("self", "amount createdAt currency id kind purpose transactionId"),
  PaymentView: {
    ...all("self", "amount bankDetails createdAt currency expiresAt id memberId provider received reference refunded status"),
    memberName: "staff",
  },
  PayoutView: { ...all("self", "amount createdAt currency destination id memberId status"), memberName: "staff" },
  ReceiptView: all("self", "amount code currency id issuedAt kind number reference"),
  ReceiptCheckView: all("anyone", "amount currency issuedAt kind number"),
  ExchangeRateView: all("staff", "currency effectiveOn id perUsd source"),
  PaymentsDeskView: all("staff", "confirmedPayments pendingPayments rates requestedPayouts"),
  MoneyResultView: all("staff", "receiptId replayed transactionId"),
  MemberStatementView: all("staff", "entries memberName wallet"),
};
