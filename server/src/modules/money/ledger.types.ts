import type { DataSource, EntityManager } from "typeorm";
import type { Clock } from "../../common/clock.js";
import type { JobSender } from "../../common/jobs/index.js";
import type { Config } from "../../config.js";

/** The currencies the ledger knows: USD is the rootspace's; LBP only for government fees set in LBP. */
export const CURRENCIES = ["USD", "LBP"] as const;
export type Currency = (typeof CURRENCIES)[number];

export const OWNER_KINDS = ["member", "contract", "deal", "listing", "platform"] as const;
export type OwnerKind = (typeof OWNER_KINDS)[number];

/** `no_negative`: never below zero (a wallet, holds counted); `no_positive`: never above (a clearing account). */
export type AccountFlag = "no_negative" | "no_positive" | "none";

export type Db = DataSource | EntityManager;

/** What the money functions need: the database, the clock, the limits and the job sender. */
export interface MoneyDeps {
  ds: DataSource;
  clock: Clock;
  config: Pick<Config, "MONEY_MAX_MINOR" | "PAYMENT_PROVIDERS" | "PAYMENT_BANK_DETAILS" | "PAYMENT_WEBHOOK_SECRET" | "PUBLIC_URL">;
  jobs: JobSender;
}

export interface Account {
  id: string;
  ownerKind: OwnerKind;
  ownerId: string;
  purpose: string;
  currency: Currency;
  flag: AccountFlag;
}

export interface Balance {
  accountId: string;
  currency: Currency;
  posted: bigint;
  pendingOut: bigint;
  pendingIn: bigint;
  /** posted − pending out: what may be spent or held. */
  available: bigint;
}

/** One line of a transaction: a positive amount credits the account, a negative one debits it. */
export interface EntryInput {
  accountId: string;
  amount: bigint;
}

/** Every money mutation carries an idempotency key and, optionally, the caller's transaction. */
export interface MutationOptions {
  idempotencyKey: string;
  /** Run inside this transaction (the caller commits); otherwise the function opens its own. */
  tx?: EntityManager;
  /** Who asked (a member or staff id), kept on the transaction. */
  by?: string | null;
}
