import { Redis } from "ioredis";
import type { DataSource } from "typeorm";
import { logger } from "../common/logger.js";

const MINUTE = 60_000;

/** What a charge to a client's minute came to: allowed (and spent), or refused with when its minute ends. */
export interface Spend {
  allowed: boolean;
  retryAfterSeconds: number;
}

/**
 * Where the clients' per-minute budgets are kept. `spend` adds an operation's cost to the
 * client's minute (a window of a minute from its first operation) only while the minute's total
 * stays within `limit`, in one atomic operation: two requests at once, on one instance or two,
 * cannot both take the last of it. A refused operation spends nothing.
 */
export interface BudgetStore {
  spend(key: string, cost: number, limit: number): Promise<Spend>;
  close(): Promise<void>;
}

/** This instance's own budgets (no store shared by the instances answers): each instance then keeps its own. */
export class LocalBudgets implements BudgetStore {
  private readonly spent = new Map<string, { since: number; cost: number }>();

  async spend(key: string, cost: number, limit: number): Promise<Spend> {
    const now = Date.now();
    this.sweep(now);
    let entry = this.spent.get(key);
    if (!entry || now - entry.since >= MINUTE) this.spent.set(key, (entry = { since: now, cost: 0 }));
    if (entry.cost + cost > limit)
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((entry.since + MINUTE - now) / 1000)) };
    entry.cost += cost;
    return { allowed: true, retryAfterSeconds: 0 };
  }

  async close(): Promise<void> {}

  /** Forgets windows that ended, now and then, so the map holds only the last minute's clients. */
  private sweep(now: number): void {
    if (this.spent.size < 10_000) return;
    for (const [key, entry] of this.spent) if (now - entry.since >= MINUTE) this.spent.delete(key);
  }
}

/**
 * One script, run atomically by Redis: a new minute starts with the cost (expiring a minute
 * later), a running one adds it while the total stays within the limit. Answers {1 allowed or 0,
 * milliseconds left of the minute}.
 */
const SPEND_LUA = `
local left = redis.call('PTTL', KEYS[1])
local cost = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
if left < 0 then
  if cost > limit then return {0, tonumber(ARGV[3])} end
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[3])
  return {1, tonumber(ARGV[3])}
end
if tonumber(redis.call('GET', KEYS[1])) + cost > limit then return {0, left} end
redis.call('INCRBYFLOAT', KEYS[1], ARGV[1])
return {1, left}`;

type SpendCommand = (key: string, cost: number, limit: number, windowMs: number) => Promise<[number, number]>;

/** The budgets in Redis (REDIS_URL), shared by every instance: one script per operation. */
export class RedisBudgets implements BudgetStore {
  private readonly redis: Redis;

  constructor(url: string) {
    // A Redis that does not answer fails the charge within a second (the guard then counts locally), never holds requests.
    this.redis = new Redis(url, { maxRetriesPerRequest: 1, commandTimeout: 1000, lazyConnect: false });
    this.redis.defineCommand("rootsSpendBudget", { numberOfKeys: 1, lua: SPEND_LUA });
  }

  async spend(key: string, cost: number, limit: number): Promise<Spend> {
    const run = (this.redis as unknown as { rootsSpendBudget: SpendCommand }).rootsSpendBudget;
    const [allowed, leftMs] = await run.call(this.redis, `roots:cost-budget:${key}`, cost, limit, MINUTE);
    return { allowed: allowed === 1, retryAfterSeconds: allowed === 1 ? 0 : Math.max(1, Math.ceil(leftMs / 1000)) };
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}

/** Marks the budget's statement (each request's, when budgets are in PostgreSQL): tests counting a request's statements leave it out. */
export const COST_BUDGET_SQL_TAG = "/* cost budget */";

/**
 * The budgets in PostgreSQL (no REDIS_URL), shared by every instance on the database: one
 * conditional upsert per operation (the row's lock orders two at once), on PostgreSQL's clock.
 * The table is UNLOGGED (a crash forgets at most a minute of spending); rows of ended minutes are
 * deleted now and then.
 */
export class PostgresBudgets implements BudgetStore {
  private sweptAt = 0;

  constructor(private readonly ds: DataSource) {}

  async spend(key: string, cost: number, limit: number): Promise<Spend> {
    const [row]: { allowed: boolean; retry: number }[] = await this.ds.query(
      `${COST_BUDGET_SQL_TAG} WITH cur AS (SELECT since FROM client_cost_budgets WHERE key = $1::text AND since > now() - interval '1 minute'),
            up AS (
              INSERT INTO client_cost_budgets AS b (key, since, spent) SELECT $1::text, now(), $2::float8 WHERE $2::float8 <= $3::float8
              ON CONFLICT (key) DO UPDATE
                 SET since = CASE WHEN b.since <= now() - interval '1 minute' THEN now() ELSE b.since END,
                     spent = CASE WHEN b.since <= now() - interval '1 minute' THEN 0 ELSE b.spent END + EXCLUDED.spent
               WHERE CASE WHEN b.since <= now() - interval '1 minute' THEN 0 ELSE b.spent END + EXCLUDED.spent <= $3::float8
              RETURNING 1)
       SELECT EXISTS (SELECT 1 FROM up) AS allowed,
              coalesce(ceil(extract(epoch FROM (SELECT since FROM cur) + interval '1 minute' - now())), 60)::int AS retry`,
      [key, cost, limit],
    );
    this.sweep();
    return { allowed: row.allowed, retryAfterSeconds: row.allowed ? 0 : Math.max(1, row.retry) };
  }

  async close(): Promise<void> {}

  /** Rows of minutes that ended, deleted at most once a minute per instance (not waited for). */
  private sweep(): void {
    const now = Date.now();
    if (now - this.sweptAt < MINUTE) return;
    this.sweptAt = now;
    this.ds
      .query(`DELETE FROM client_cost_budgets WHERE since < now() - interval '2 minutes'`)
      .catch((err: unknown) => logger.warn("Ended cost budgets were not deleted", { err: String(err) }));
  }
}

/** How long the shared store is left aside after it failed: the instance counts on its own meanwhile. */
const STORE_REST_MS = 5_000;

/**
 * The shared store, with this instance's own budgets in its place while it fails (a Redis or a
 * database that does not answer in time): the budgets then hold per instance for a few seconds,
 * instead of every request failing or waiting.
 */
export class SharedBudgets implements BudgetStore {
  private readonly local = new LocalBudgets();
  private restUntil = 0;

  constructor(private readonly shared: BudgetStore) {}

  async spend(key: string, cost: number, limit: number): Promise<Spend> {
    if (Date.now() >= this.restUntil) {
      try {
        return await this.shared.spend(key, cost, limit);
      } catch (err) {
        this.restUntil = Date.now() + STORE_REST_MS;
        logger.warn("The shared cost budgets did not answer: this instance counts on its own for a few seconds", { err: String(err) });
      }
    }
    return this.local.spend(key, cost, limit);
  }

  async close(): Promise<void> {
    await this.shared.close();
  }
}

/** Redis when REDIS_URL is set, PostgreSQL otherwise: every instance shares the clients' budgets. */
export function budgetStore(opts: { redisUrl?: string; ds: DataSource }): BudgetStore {
  return new SharedBudgets(opts.redisUrl ? new RedisBudgets(opts.redisUrl) : new PostgresBudgets(opts.ds));
}
