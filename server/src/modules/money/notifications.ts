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

export const paymentConfirmed = defineNotification({
  kind: "money.payment_confirmed",
  link: () => "/wallet",
  text: words,
  defaults: { inApp: true, email: "immediate" },
});

export const payoutSent = defineNotification({
  kind: "money.payout_sent",
  link: () => "/wallet",
  text: words,
  defaults: { inApp: true, email: "immediate" },
});

export const refunded = defineNotification({
  kind: "money.refunded",
  link: () => "/wallet",
  text: words,
  defaults: { inApp: true, email: "immediate" },
});

export const moneyNotifications = [paymentConfirmed, payoutSent, refunded];
