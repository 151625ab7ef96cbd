import { randomUUID } from "node:crypto";
import { loadConfig } from "../../server/src/config.js";
import { systemClock } from "../../server/src/common/clock.js";
import { AppError } from "../../server/src/common/errors.js";
import { openAccount, postTransaction, type Account, type Currency, type MoneyDeps } from "../../server/src/modules/money/index.js";
import type { TestServer } from "./server.js";

/** The money functions' dependencies on a test server (its database, clock and scheduler). */
export function moneyDeps(server: TestServer, env: Record<string, string> = {}): MoneyDeps {
  return { ds: server.ds, clock: server.clock ?? systemClock, config: loadConfig({ NODE_ENV: "test", ...env }), jobs: server.scheduler };
}

/** A fresh idempotency key. */
export const key = (label = "k"): string => `${label}-${randomUUID()}`;

/** A member's wallet (never below zero) and a clearing account (never above zero) to fund it from. */
export async function walletAndClearing(
  deps: MoneyDeps,
  ownerId = randomUUID(),
  currency: Currency = "USD",
): Promise<{ wallet: Account; clearing: Account }> {
  const wallet = await openAccount(deps.ds, deps.clock, { ownerKind: "member", ownerId, purpose: "wallet", currency, flag: "no_negative" });
  const clearing = await openAccount(deps.ds, deps.clock, {
    ownerKind: "platform",
    ownerId: `test-${randomUUID()}`,
    purpose: "provider_clearing",
    currency,
    flag: "no_positive",
  });
  return { wallet, clearing };
}

/** Moves `amount` (USD minor units) from one account to another as a transaction of `kind`, under a fresh key. */
export const transfer = (deps: MoneyDeps, from: string, to: string, amount: bigint, kind = "transfer", rateId?: string) =>
  postTransaction(
    deps,
    {
      kind,
      currency: "USD",
      rateId,
      entries: [
        { accountId: from, amount: -amount },
        { accountId: to, amount },
      ],
    },
    { idempotencyKey: key(kind) },
  );

/** Pays `amount` into a wallet from its clearing account, as a bank transfer would. */
export const fund = (deps: MoneyDeps, wallet: string, clearing: string, amount: bigint) =>
  transfer(deps, clearing, wallet, amount, "payment");

/** The error a promise is refused with (its code and translation key); throws when it is not refused. */
export async function refusal(p: Promise<unknown>): Promise<{ code: string; key: string }> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppError) return { code: e.code, key: e.key };
    throw e;
  }
  throw new Error("was not refused");
}
