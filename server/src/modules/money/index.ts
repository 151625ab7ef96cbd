/**
 * Public surface of money: the one way money moves in Roots. A double-entry ledger whose rules
 * live in the database (balanced transactions checked at COMMIT, append-only entries, flagged
 * balances), two-phase holds, idempotent mutations. Other areas call these functions and never
 * write a balance.
 */
import { defineArea } from "../../common/area.js";
import { Role } from "../../common/auth/roles.js";
import { PaymentsDeskResolver } from "./desk.resolver.js";
import { expireHoldsJob } from "./holds.service.js";
import { MoneyResolver } from "./money.resolver.js";
import { moneyReads } from "./money.reads.js";
import { moneyNotifications } from "./notifications.js";
import { expirePaymentsJob } from "./payments.service.js";
import { moneyRoutes } from "./routes.js";

export { openAccount, accountById, balanceOf, postTransaction, reverseTransaction } from "./ledger.service.js";
export { hold, postPending, voidPending, expireHolds } from "./holds.service.js";
export { checkLedger, type LedgerDifference } from "./check.js";
export { parseMinor } from "./amounts.js";
export {
  startPayment,
  confirmPayment,
  refundPayment,
  expirePayments,
  handleProviderEvent,
  walletOf,
  clearingOf,
  PAYMENT_DAYS,
} from "./payments.service.js";
export { requestPayout, confirmPayout, cancelPayout } from "./payouts.service.js";
export { quoteUsd, setExchangeRate, currentRate } from "./rates.service.js";
export { registerPaymentProvider, type PaymentProvider, type ProviderEvent } from "./providers.js";
export { formatMinor, minorToDecimal } from "./format.js";
export type { Account, Balance, Currency, MoneyDeps, OwnerKind, AccountFlag, EntryInput } from "./ledger.types.js";

export const MONEY_TABLES = [
  "money_accounts",
  "money_balances",
  "money_exchange_rates",
  "money_transactions",
  "money_entries",
  "money_holds",
  "money_requests",
  "money_receipt_counters",
  "money_receipts",
  "money_payments",
  "money_payouts",
  "money_webhook_events",
] as const;

export const moneyArea = defineArea({
  name: "money",
  tables: MONEY_TABLES,
  resolvers: [MoneyResolver, PaymentsDeskResolver],
  http: (services) => moneyRoutes(services),
  jobs: [expireHoldsJob, expirePaymentsJob],
  notifications: moneyNotifications,
  reads: moneyReads,
  management: [{ path: "/management/payments", roles: [Role.MODERATOR] }],
});
