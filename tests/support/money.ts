import { randomUUID } from "node:crypto";
import { loadConfig } from "../../server/src/config.js";
import { systemClock } from "../../server/src/common/clock.js";
import { openAccount, type Account, type Currency, type MoneyDeps } from "../../server/src/modules/money/index.js";
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
