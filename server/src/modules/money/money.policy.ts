import { memberOf, type Principal } from "../../common/auth/principal.js";
import { unauthenticated } from "../../common/errors.js";

/**
 * Who may see what of money. A member reads their own wallet, entries, payments and receipts
 * (another member's are NOT_FOUND, as if absent); anyone checks a receipt by its code and sees
 * only what the receipt shows; the payments desk is for moderators and admins (accounts'
 * `staffPolicy.handlePayments`, the desk resolvers' `@RequireRoles`). A partner app alone reads
 * no money at all; one acting for a member reads what that member does.
 */
export const mayReadReceipt = (who: Principal, receipt: { member_id: string }): boolean => {
  const uid = memberOf(who)?.userId;
  return uid != null && receipt.member_id === uid;
};

/**
 * Whose wallet a member's money operation reads or moves: the signed-in member's, or the member an
 * app acts for. A visitor, or an app alone, has none (UNAUTHENTICATED, as `@RequireRoles()` says first).
 */
export const walletHolder = (who: Principal): string => {
  const uid = memberOf(who)?.userId;
  if (!uid) throw unauthenticated();
  return uid;
};
