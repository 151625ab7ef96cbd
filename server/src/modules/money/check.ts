import type { Db } from "./ledger.types.js";

export interface LedgerDifference {
  kind: "balance" | "pending" | "currency_total" | "unbalanced_transaction" | "flag";
  subject: string;
  expected: string;
  found: string;
}

/**
 * Recomputes what the ledger's stored balances must be from its entries and holds: each
 * account's posted balance is the sum of its entries, its pending amounts the sum of its pending
 * holds, every transaction sums to zero, each currency's accounts total zero and no flagged
 * account is past zero. Returns every difference (none on a sound ledger).
 */
export async function checkLedger(db: Db): Promise<LedgerDifference[]> {
  const out: LedgerDifference[] = [];
  const balances: { account_id: string; posted: string; sum: string }[] = await db.query(
    `SELECT b.account_id, b.posted, coalesce(e.sum, 0)::text AS sum
       FROM money_balances b LEFT JOIN (SELECT account_id, sum(amount) AS sum FROM money_entries GROUP BY account_id) e ON e.account_id = b.account_id
      WHERE b.posted <> coalesce(e.sum, 0)`,
  );
  for (const b of balances) out.push({ kind: "balance", subject: b.account_id, expected: b.sum, found: b.posted });
  const pending: { account_id: string; found: string; expected: string }[] = await db.query(
    `SELECT b.account_id, b.pending_out || '/' || b.pending_in AS found, coalesce(o.s, 0) || '/' || coalesce(i.s, 0) AS expected
       FROM money_balances b
       LEFT JOIN (SELECT from_account, sum(amount) AS s FROM money_holds WHERE status = 'pending' GROUP BY from_account) o ON o.from_account = b.account_id
       LEFT JOIN (SELECT to_account, sum(amount) AS s FROM money_holds WHERE status = 'pending' GROUP BY to_account) i ON i.to_account = b.account_id
      WHERE b.pending_out <> coalesce(o.s, 0) OR b.pending_in <> coalesce(i.s, 0)`,
  );
  for (const p of pending) out.push({ kind: "pending", subject: p.account_id, expected: p.expected, found: p.found });
  const totals: { currency: string; total: string }[] = await db.query(
    `SELECT currency, sum(posted)::text AS total FROM money_balances GROUP BY currency HAVING sum(posted) <> 0`,
  );
  for (const t of totals) out.push({ kind: "currency_total", subject: t.currency, expected: "0", found: t.total });
  const unbalanced: { transaction_id: string; total: string }[] = await db.query(
    `SELECT e.transaction_id, sum(e.amount)::text AS total FROM money_entries e JOIN money_transactions t ON t.id = e.transaction_id
      GROUP BY e.transaction_id HAVING sum(e.amount) <> 0 OR bool_or(e.currency <> t.currency) OR count(*) < 2`,
  );
  for (const u of unbalanced) out.push({ kind: "unbalanced_transaction", subject: u.transaction_id, expected: "0", found: u.total });
  const flags: { account_id: string; posted: string }[] = await db.query(
    `SELECT account_id, posted FROM money_balances
      WHERE (flag = 'no_negative' AND posted - pending_out < 0) OR (flag = 'no_positive' AND posted + pending_in > 0)`,
  );
  for (const f of flags) out.push({ kind: "flag", subject: f.account_id, expected: "within its flag", found: f.posted });
  return out;
}
