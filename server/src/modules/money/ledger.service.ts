import { DataSource, type EntityManager } from "typeorm";
import { AppError, ErrorCode, notFound } from "../../common/errors.js";
import { newId } from "../../common/uuid.js";
import { checkAmount, checkCurrency, maxMinor } from "./amounts.js";
import { moneyError } from "./errors.js";
import { onceByKey } from "./idempotency.js";
import {
  OWNER_KINDS,
  type Account,
  type AccountFlag,
  type Balance,
  type Currency,
  type Db,
  type EntryInput,
  type MoneyDeps,
  type MutationOptions,
  type OwnerKind,
} from "./ledger.types.js";

interface AccountRow {
  id: string;
  owner_kind: OwnerKind;
  owner_id: string;
  purpose: string;
  currency: Currency;
  flag: AccountFlag;
}
const toAccount = (r: AccountRow): Account => ({
  id: r.id,
  ownerKind: r.owner_kind,
  ownerId: r.owner_id,
  purpose: r.purpose,
  currency: r.currency,
  flag: r.flag,
});

/**
 * The account of an owner for a purpose and currency, opened (with its zero balance) on first
 * use; the same call later gives the same account.
 */
export async function openAccount(
  db: Db,
  clock: MoneyDeps["clock"],
  spec: { ownerKind: OwnerKind; ownerId: string; purpose: string; currency: Currency; flag: AccountFlag },
): Promise<Account> {
  if (!OWNER_KINDS.includes(spec.ownerKind)) throw moneyError("money.errors.account", "ownerKind");
  if (!/^[a-z][a-z_]{0,40}$/.test(spec.purpose)) throw moneyError("money.errors.account", "purpose");
  checkCurrency(spec.currency);
  const run = async (tx: EntityManager) => {
    const id = newId();
    const made: AccountRow[] = await tx.query(
      `INSERT INTO money_accounts (id, owner_kind, owner_id, purpose, currency, flag, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (owner_kind, owner_id, purpose, currency) DO NOTHING RETURNING *`,
      [id, spec.ownerKind, spec.ownerId, spec.purpose, spec.currency, spec.flag, clock.now()],
    );
    if (made.length) {
      await tx.query(`INSERT INTO money_balances (account_id, currency, flag) VALUES ($1, $2, $3)`, [id, spec.currency, spec.flag]);
      return toAccount(made[0]);
    }
    const [found]: AccountRow[] = await tx.query(
      `SELECT * FROM money_accounts WHERE owner_kind = $1 AND owner_id = $2 AND purpose = $3 AND currency = $4`,
      [spec.ownerKind, spec.ownerId, spec.purpose, spec.currency],
    );
    if (found.flag !== spec.flag) throw new AppError(ErrorCode.CONFLICT, "money.errors.account");
    return toAccount(found);
  };
  return db instanceof DataSource ? db.transaction(run) : run(db);
}

/** An account by id (null when there is none). */
export async function accountById(db: Db, id: string): Promise<Account | null> {
  if (!isUuid(id)) return null;
  const [row]: AccountRow[] = await db.query(`SELECT * FROM money_accounts WHERE id = $1`, [id]);
  return row ? toAccount(row) : null;
}

export const isUuid = (s: unknown): s is string =>
  typeof s === "string" && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);

interface BalanceRow {
  account_id: string;
  currency: Currency;
  flag: AccountFlag;
  posted: string;
  pending_out: string;
  pending_in: string;
}
const toBalance = (r: BalanceRow): Balance => ({
  accountId: r.account_id,
  currency: r.currency,
  posted: BigInt(r.posted),
  pendingOut: BigInt(r.pending_out),
  pendingIn: BigInt(r.pending_in),
  available: BigInt(r.posted) - BigInt(r.pending_out),
});

export async function balanceOf(db: Db, accountId: string): Promise<Balance | null> {
  if (!isUuid(accountId)) return null;
  const [row]: BalanceRow[] = await db.query(`SELECT * FROM money_balances WHERE account_id = $1`, [accountId]);
  return row ? toBalance(row) : null;
}

/**
 * Locks the balance rows of `ids` in account-id order (every path that changes balances locks
 * this way, so two transfers between the same accounts never deadlock). Unknown ids → NOT_FOUND.
 */
export async function lockBalances(tx: EntityManager, ids: string[]): Promise<Map<string, BalanceRow>> {
  const unique = [...new Set(ids)].sort();
  if (!unique.every(isUuid)) throw notFound();
  const rows: BalanceRow[] = await tx.query(
    `SELECT * FROM money_balances WHERE account_id = ANY($1::uuid[]) ORDER BY account_id FOR UPDATE`,
    [unique],
  );
  if (rows.length !== unique.length) throw notFound();
  return new Map(rows.map((r) => [r.account_id, r]));
}

/** Whether a balance may take `delta` on its posted amount (holds counted), by its flag. */
function allows(row: BalanceRow, delta: bigint): boolean {
  const posted = BigInt(row.posted) + delta;
  if (row.flag === "no_negative") return posted - BigInt(row.pending_out) >= 0n;
  if (row.flag === "no_positive") return posted + BigInt(row.pending_in) <= 0n;
  return true;
}

export interface PostSpec {
  kind: string;
  currency: Currency;
  entries: EntryInput[];
  /** The transaction this one reverses. */
  reverses?: string | null;
  /** The exchange-rate row a converted amount was quoted at. */
  rateId?: string | null;
  memo?: Record<string, unknown>;
}

/**
 * Writes a balanced transaction and moves its accounts' balances, in `tx` (already claimed by
 * its idempotency key). Refused, with nothing written, when the entries do not sum to zero, mix
 * currencies, name an unknown account, or take a flagged account past zero.
 */
export async function postIn(
  tx: EntityManager,
  deps: Pick<MoneyDeps, "clock" | "config">,
  spec: PostSpec,
  opts: { key?: string | null; sha?: string | null; by?: string | null } = {},
): Promise<{ transactionId: string }> {
  const currency = checkCurrency(spec.currency);
  const max = maxMinor(deps.config);
  if (!Array.isArray(spec.entries) || spec.entries.length < 2) throw moneyError("money.errors.unbalanced", "entries");
  const deltas = new Map<string, bigint>();
  let sum = 0n;
  for (const e of spec.entries) {
    if (typeof e.amount !== "bigint" || e.amount === 0n) throw moneyError("money.errors.amount", "entries");
    checkAmount(e.amount < 0n ? -e.amount : e.amount, max, "entries");
    sum += e.amount;
    deltas.set(e.accountId, (deltas.get(e.accountId) ?? 0n) + e.amount);
  }
  if (sum !== 0n) throw moneyError("money.errors.unbalanced", "entries");
  const rows = await lockBalances(tx, [...deltas.keys()]);
  for (const row of rows.values()) if (row.currency !== currency) throw moneyError("money.errors.mixed_currencies", "entries");
  for (const [id, delta] of deltas) if (!allows(rows.get(id)!, delta)) throw moneyError("money.errors.insufficient_funds", "amount");
  const id = newId();
  const now = deps.clock.now();
  await tx.query(
    `INSERT INTO money_transactions (id, kind, currency, idempotency_key, request_sha256, reverses, rate_id, memo, created_by, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      id,
      spec.kind,
      currency,
      opts.key ?? null,
      opts.sha ?? null,
      spec.reverses ?? null,
      spec.rateId ?? null,
      JSON.stringify(spec.memo ?? {}),
      opts.by ?? null,
      now,
    ],
  );
  await tx.query(
    `INSERT INTO money_entries (transaction_id, account_id, currency, amount, created_at)
     SELECT $1, a, $2, m, $3 FROM unnest($4::uuid[], $5::bigint[]) AS e(a, m)`,
    [id, currency, now, spec.entries.map((e) => e.accountId), spec.entries.map((e) => e.amount.toString())],
  );
  const moved = [...deltas].filter(([, d]) => d !== 0n);
  await tx.query(
    `UPDATE money_balances b SET posted = b.posted + d.delta FROM unnest($1::uuid[], $2::bigint[]) AS d(account_id, delta) WHERE b.account_id = d.account_id`,
    [moved.map(([a]) => a), moved.map(([, d]) => d.toString())],
  );
  return { transactionId: id };
}

/** Runs `fn` in the caller's transaction, or in a new one. */
export const inTx = <R>(deps: Pick<MoneyDeps, "ds">, tx: EntityManager | undefined, fn: (tx: EntityManager) => Promise<R>): Promise<R> =>
  tx ? fn(tx) : deps.ds.transaction(fn);

/**
 * Posts a balanced transaction (the one way balances change), once per idempotency key: the
 * same key and body give the first transaction's id again; another body is a CONFLICT.
 */
export async function postTransaction(
  deps: MoneyDeps,
  spec: PostSpec,
  opts: MutationOptions,
): Promise<{ transactionId: string; replayed: boolean }> {
  return inTx(deps, opts.tx, async (tx) => {
    const { result, replayed } = await onceByKey(tx, deps.clock, opts.idempotencyKey, "postTransaction", spec, (sha) =>
      postIn(tx, deps, spec, { key: opts.idempotencyKey, sha, by: opts.by }),
    );
    return { ...result, replayed };
  });
}

/**
 * A correction: one transaction with the original's entries negated, naming it. A transaction
 * is reversed at most once, and a reversal is not reversed (post the original again instead).
 */
export async function reverseTransaction(
  deps: MoneyDeps,
  transactionId: string,
  opts: MutationOptions & { reason?: string },
): Promise<{ transactionId: string; replayed: boolean }> {
  return inTx(deps, opts.tx, async (tx) => {
    const { result, replayed } = await onceByKey(
      tx,
      deps.clock,
      opts.idempotencyKey,
      "reverseTransaction",
      { transactionId },
      async (sha) => {
        if (!isUuid(transactionId)) throw notFound();
        const [orig]: { id: string; currency: Currency; reverses: string | null; kind: string }[] = await tx.query(
          `SELECT id, currency, reverses, kind FROM money_transactions WHERE id = $1 FOR UPDATE`,
          [transactionId],
        );
        if (!orig) throw notFound();
        if (orig.reverses) throw moneyError("money.errors.reversal_of_reversal", "transactionId");
        const [done] = await tx.query(`SELECT 1 FROM money_transactions WHERE reverses = $1`, [transactionId]);
        if (done) throw moneyError("money.errors.already_reversed", "transactionId");
        const entries: { account_id: string; amount: string }[] = await tx.query(
          `SELECT account_id, amount FROM money_entries WHERE transaction_id = $1 ORDER BY id`,
          [transactionId],
        );
        return postIn(
          tx,
          deps,
          {
            kind: "reversal",
            currency: orig.currency,
            entries: entries.map((e) => ({ accountId: e.account_id, amount: -BigInt(e.amount) })),
            reverses: transactionId,
            memo: { reason: opts.reason ?? null, of: orig.kind },
          },
          { key: opts.idempotencyKey, sha, by: opts.by },
        );
      },
    );
    return { ...result, replayed };
  });
}
