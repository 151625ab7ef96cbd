import type { EntityManager } from "typeorm";
import { notFound } from "../../common/errors.js";
import { defineJob } from "../../common/jobs/index.js";
import { newId } from "../../common/uuid.js";
import { checkAmount, maxMinor } from "./amounts.js";
import { moneyError } from "./errors.js";
import { onceByKey } from "./idempotency.js";
import { inTx, isUuid, lockBalances, postIn } from "./ledger.service.js";
import type { Currency, MoneyDeps, MutationOptions } from "./ledger.types.js";

export type HoldStatus = "pending" | "posted" | "voided" | "expired";

export interface HoldRow {
  id: string;
  from_account: string;
  to_account: string;
  currency: Currency;
  amount: string;
  status: HoldStatus;
  expires_at: Date | null;
  transaction_id: string | null;
}

/** Moves the pending amounts of a hold on both balances (+ to reserve, − to release); rows already locked. */
async function movePending(tx: EntityManager, hold: { from: string; to: string; amount: bigint }, sign: 1n | -1n): Promise<void> {
  await tx.query(`UPDATE money_balances SET pending_out = pending_out + $2 WHERE account_id = $1`, [
    hold.from,
    (sign * hold.amount).toString(),
  ]);
  await tx.query(`UPDATE money_balances SET pending_in = pending_in + $2 WHERE account_id = $1`, [
    hold.to,
    (sign * hold.amount).toString(),
  ]);
}

/** Reserves in `tx` (already claimed by its key): available = posted − pending out drops by the amount. */
export async function holdIn(
  tx: EntityManager,
  deps: Pick<MoneyDeps, "clock" | "config">,
  spec: { from: string; to: string; amount: bigint; expiresAt?: Date | null; kind?: string },
): Promise<{ holdId: string }> {
  const amount = checkAmount(spec.amount, maxMinor(deps.config));
  if (spec.from === spec.to) throw moneyError("money.errors.same_account", "to");
  if (spec.expiresAt && spec.expiresAt.getTime() <= deps.clock.now().getTime()) throw moneyError("money.errors.expiry", "expiresAt");
  const rows = await lockBalances(tx, [spec.from, spec.to]);
  const from = rows.get(spec.from)!;
  const to = rows.get(spec.to)!;
  if (from.currency !== to.currency) throw moneyError("money.errors.mixed_currencies", "to");
  if (from.flag === "no_negative" && BigInt(from.posted) - BigInt(from.pending_out) - amount < 0n)
    throw moneyError("money.errors.insufficient_funds", "amount");
  if (to.flag === "no_positive" && BigInt(to.posted) + BigInt(to.pending_in) + amount > 0n)
    throw moneyError("money.errors.insufficient_funds", "amount");
  const id = newId();
  await tx.query(
    `INSERT INTO money_holds (id, from_account, to_account, currency, amount, status, expires_at, created_at) VALUES ($1, $2, $3, $4, $5, 'pending', $6, $7)`,
    [id, spec.from, spec.to, from.currency, amount.toString(), spec.expiresAt ?? null, deps.clock.now()],
  );
  await movePending(tx, { from: spec.from, to: spec.to, amount }, 1n);
  return { holdId: id };
}

/** Reserves `amount` from one account for another (two-phase transfer); it ends once: posted, voided or expired. */
export async function hold(
  deps: MoneyDeps,
  spec: { from: string; to: string; amount: bigint; expiresAt?: Date | null },
  opts: MutationOptions,
): Promise<{ holdId: string; replayed: boolean }> {
  return inTx(deps, opts.tx, async (tx) => {
    const { result, replayed } = await onceByKey(tx, deps.clock, opts.idempotencyKey, "hold", spec, () => holdIn(tx, deps, spec));
    return { ...result, replayed };
  });
}

/** The hold, locked; NOT_FOUND when there is none, refused when it has ended. */
export async function lockPendingHold(
  tx: EntityManager,
  deps: Pick<MoneyDeps, "clock">,
  holdId: string,
  asOf: "post" | "void",
): Promise<HoldRow> {
  if (!isUuid(holdId)) throw notFound();
  const [h]: HoldRow[] = await tx.query(`SELECT * FROM money_holds WHERE id = $1 FOR UPDATE`, [holdId]);
  if (!h) throw notFound();
  if (h.status !== "pending") throw moneyError(h.status === "expired" ? "money.errors.hold_expired" : "money.errors.hold_ended", "holdId");
  if (asOf === "post" && h.expires_at && h.expires_at.getTime() <= deps.clock.now().getTime())
    throw moneyError("money.errors.hold_expired", "holdId");
  return h;
}

/** Posts up to the held amount in `tx` and releases the whole hold. */
export async function postPendingIn(
  tx: EntityManager,
  deps: Pick<MoneyDeps, "clock" | "config">,
  holdId: string,
  amount: bigint | undefined,
  opts: { key?: string | null; sha?: string | null; by?: string | null; kind?: string } = {},
): Promise<{ transactionId: string }> {
  const h = await lockPendingHold(tx, deps, holdId, "post");
  const held = BigInt(h.amount);
  const posting = amount === undefined ? held : checkAmount(amount, maxMinor(deps.config));
  if (posting > held) throw moneyError("money.errors.more_than_held", "amount");
  await lockBalances(tx, [h.from_account, h.to_account]);
  await movePending(tx, { from: h.from_account, to: h.to_account, amount: held }, -1n);
  const posted = await postIn(
    tx,
    deps,
    {
      kind: opts.kind ?? "hold_posted",
      currency: h.currency,
      entries: [
        { accountId: h.from_account, amount: -posting },
        { accountId: h.to_account, amount: posting },
      ],
      memo: { holdId },
    },
    opts,
  );
  await tx.query(`UPDATE money_holds SET status = 'posted', posted_amount = $2, transaction_id = $3, ended_at = $4 WHERE id = $1`, [
    holdId,
    posting.toString(),
    posted.transactionId,
    deps.clock.now(),
  ]);
  return posted;
}

/** Posts `amount` (at most what was held; all of it by default) and releases the rest. */
export async function postPending(
  deps: MoneyDeps,
  holdId: string,
  amount: bigint | undefined,
  opts: MutationOptions,
): Promise<{ transactionId: string; replayed: boolean }> {
  return inTx(deps, opts.tx, async (tx) => {
    const { result, replayed } = await onceByKey(tx, deps.clock, opts.idempotencyKey, "postPending", { holdId, amount }, (sha) =>
      postPendingIn(tx, deps, holdId, amount, { key: opts.idempotencyKey, sha, by: opts.by }),
    );
    return { ...result, replayed };
  });
}

/** Releases a pending hold in `tx` (voided by a caller, or expired by the job). */
export async function voidIn(
  tx: EntityManager,
  deps: Pick<MoneyDeps, "clock">,
  holdId: string,
  status: "voided" | "expired" = "voided",
): Promise<{ holdId: string }> {
  const h = await lockPendingHold(tx, deps, holdId, "void");
  await lockBalances(tx, [h.from_account, h.to_account]);
  await movePending(tx, { from: h.from_account, to: h.to_account, amount: BigInt(h.amount) }, -1n);
  await tx.query(`UPDATE money_holds SET status = $2, ended_at = $3 WHERE id = $1`, [holdId, status, deps.clock.now()]);
  return { holdId };
}

/** Releases all of a pending hold; voiding twice is refused. */
export async function voidPending(deps: MoneyDeps, holdId: string, opts: MutationOptions): Promise<{ holdId: string; replayed: boolean }> {
  return inTx(deps, opts.tx, async (tx) => {
    const { result, replayed } = await onceByKey(tx, deps.clock, opts.idempotencyKey, "voidPending", { holdId }, () =>
      voidIn(tx, deps, holdId),
    );
    return { ...result, replayed };
  });
}

/** Holds past their expiry, voided as `expired` (each in its own transaction; a hold being posted is skipped and seen next time). */
export async function expireHolds(deps: Pick<MoneyDeps, "ds" | "clock">, limit = 500): Promise<number> {
  const due: { id: string }[] = await deps.ds.query(
    `SELECT id FROM money_holds WHERE status = 'pending' AND expires_at <= $1 ORDER BY expires_at LIMIT $2`,
    [deps.clock.now(), limit],
  );
  let n = 0;
  for (const { id } of due) {
    await deps.ds.transaction(async (tx) => {
      const [h] = await tx.query(`SELECT 1 FROM money_holds WHERE id = $1 AND status = 'pending' FOR UPDATE SKIP LOCKED`, [id]);
      if (!h) return;
      await voidIn(tx, deps, id, "expired");
      n++;
    });
  }
  return n;
}

/** Every minute: expired holds release what they reserved. */
export const expireHoldsJob = defineJob({
  name: "money.expire-holds",
  cron: "* * * * *",
  handler: async (_payload, job) => {
    await expireHolds({ ds: job.ds, clock: job.clock });
  },
});
