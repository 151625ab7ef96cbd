import { defineNotification } from "../../common/notifications.js";
import { formatMinor } from "./format.js";

declare module "../../common/notifications.js" {
  interface NotificationKinds {
    /** Staff (or a provider) confirmed a member's payment: the wallet is credited. */
    "money.payment_confirmed": { amount: string; currency: string; receiptId: string };
    /** Staff sent a member's withdrawal. */
    "money.payout_sent": { amount: string; currency: string; receiptId: string };
    /** Part or all of a member's payment was refunded. */
    "money.refunded": { amount: string; currency: string; receiptId: string };
  }
}

/** The amount in the reader's locale (`money.locale`: ar-LB-u-nu-latn in Arabic). */
const words = (p: { amount: string; currency: string }, t: (key: string) => string) => ({
  amount: formatMinor(p.amount, p.currency, t("money.locale")),
});

/**
 * In the bell; by email, the receipt itself goes out (receipt-email.ts: its number, amount, code
 * and PDF), so the notification adds no second email of the same event unless the member asks.
 */
const RECEIPT_IS_THE_EMAIL = { inApp: true, email: "off" } as const;

export const paymentConfirmed = defineNotification({
  kind: "money.payment_confirmed",
  link: () => "/wallet",
  text: words,
  defaults: RECEIPT_IS_THE_EMAIL,
});

export const payoutSent = defineNotification({
  kind: "money.payout_sent",
  link: () => "/wallet",
  text: words,
  defaults: RECEIPT_IS_THE_EMAIL,
});

export const refunded = defineNotification({
  kind: "money.refunded",
  link: () => "/wallet",
  text: words,
  defaults: RECEIPT_IS_THE_EMAIL,
});

export const moneyNotifications = [paymentConfirmed, payoutSent, refunded];
