import { memberOf, type Principal } from "../../common/auth/principal.js";

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
