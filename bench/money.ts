// `npm run bench -- money`: transfers through the ledger, in the same run:
// - transfers per second through the service (`postTransaction` of modules/money, the way other
//   areas move money: idempotency key claimed, balances locked in account-id order, transaction,
//   entries, balances, the key's answer; the deferred balance trigger at COMMIT) against the very
//   same statements over raw pg, prepared, in one transaction each. Both BENCH_CONNECTIONS (16) at
//   a time, each loop moving money between a pair of wallets of its own, after a warm-up of their
//   own. Goal: service >= 0.5x raw (reported, not asserted: this machine's cores are shared);
// - then 200 transfers at once out of one wallet (every one waits on that wallet's balance row),
//   and `npm run money -- check` on the database: 0 differences, and the wallet's balance exactly
//   what the 200 moved, or the benchmark fails.
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import pg from "pg";
import type { JobSender } from "../server/src/common/jobs/index.js";
import { systemClock } from "../server/src/common/clock.js";
import { loadConfig } from "../server/src/config.js";
import { createDataSource } from "../server/src/db/data-source.js";
import { balanceOf, openAccount, postTransaction, type Account, type MoneyDeps } from "../server/src/modules/money/index.js";
import { createTemplate, dropDatabase, withDatabase } from "../tests/support/database.js";
import { DURATION, measureLoops, measurePg } from "./support.js";

const CONCURRENCY = Number(process.env.BENCH_CONNECTIONS ?? 16);
const HOT_TRANSFERS = 200;
/** Each wallet starts with the most one operation may move (MONEY_MAX_MINOR by default): far more than the bench spends. */
const FUNDS = 100_000_000n;
const GOAL_RATIO = 0.5;

/** The bench posts no payment, so no job is ever sent. */
const noJobs: JobSender = {
  send: () => Promise.reject(new Error("the money bench sends no job")),
  sendByName: () => Promise.reject(new Error("the money bench sends no job")),
  knows: () => false,
  wake: () => undefined,
};

const transfer = (from: Account, to: Account, amount: bigint) => ({
  kind: "bench_transfer",
  currency: "USD" as const,
  entries: [
    { accountId: from.id, amount: -amount },
    { accountId: to.id, amount },
  ],
});

/** The statements `postTransaction` runs for one transfer, in its order, over one raw pg client. */
async function rawTransfer(c: pg.PoolClient, from: Account, to: Account, amount: bigint): Promise<void> {
  const key = `raw-${randomUUID()}`;
  const id = randomUUID();
  const now = new Date();
  await c.query("BEGIN");
  try {
    await c.query({
      name: "bench_money_claim",
      text: `INSERT INTO money_requests (key, request_sha256, created_at) VALUES ($1, $2, $3) ON CONFLICT (key) DO NOTHING RETURNING key`,
      values: [key, "0".repeat(64), now],
    });
    const ids = [from.id, to.id].sort();
    const { rows } = await c.query({
      name: "bench_money_lock",
      text: `SELECT * FROM money_balances WHERE account_id = ANY($1::uuid[]) ORDER BY account_id FOR UPDATE`,
      values: [ids],
    });
    const payer = rows.find((r: { account_id: string }) => r.account_id === from.id);
    if (BigInt(payer.posted) - BigInt(payer.pending_out) < amount) throw new Error("raw transfer: insufficient funds");
    await c.query({
      name: "bench_money_tx",
      text: `INSERT INTO money_transactions (id, kind, currency, idempotency_key, request_sha256, reverses, rate_id, memo, created_by, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      values: [id, "bench_raw", "USD", key, "0".repeat(64), null, null, "{}", null, now],
    });
    const accounts = [from.id, to.id];
    const amounts = [(-amount).toString(), amount.toString()];
    await c.query({
      name: "bench_money_entries",
      text: `INSERT INTO money_entries (transaction_id, account_id, currency, amount, created_at)
             SELECT $1, a, $2, m, $3 FROM unnest($4::uuid[], $5::bigint[]) AS e(a, m)`,
      values: [id, "USD", now, accounts, amounts],
    });
    await c.query({
      name: "bench_money_balances",
      text: `UPDATE money_balances b SET posted = b.posted + d.delta FROM unnest($1::uuid[], $2::bigint[]) AS d(account_id, delta) WHERE b.account_id = d.account_id`,
      values: [accounts, amounts],
    });
    await c.query({
      name: "bench_money_answer",
      text: `UPDATE money_requests SET result = $2 WHERE key = $1`,
      values: [key, JSON.stringify({ transactionId: id })],
    });
    await c.query("COMMIT");
  } catch (err) {
    await c.query("ROLLBACK");
    throw err;
  }
}

/** `npm run money -- check` on the bench's database: its output and whether it found 0 differences. */
function moneyCheck(url: string): { ok: boolean; output: string } {
  const r = spawnSync("npm", ["run", "-s", "money", "--", "check"], { env: { ...process.env, DATABASE_URL: url }, encoding: "utf8" });
  return { ok: r.status === 0, output: `${r.stdout ?? ""}${r.stderr ?? ""}`.trim() };
}

export async function benchMoney(serverUrl: string): Promise<boolean> {
  const name = `roots_bench_money_${process.pid}`;
  await createTemplate(serverUrl, name);
  const url = withDatabase(serverUrl, name);
  const ds = createDataSource({ url, poolMax: CONCURRENCY + 4 });
  await ds.initialize();
  const pool = new pg.Pool({ connectionString: url, max: CONCURRENCY + 2 });
  const deps: MoneyDeps = { ds, clock: systemClock, config: loadConfig({ NODE_ENV: "test", LOG_LEVEL: "error" }), jobs: noJobs };
  try {
    const open = (flag: "no_negative" | "no_positive", purpose: string) =>
      openAccount(ds, systemClock, {
        ownerKind: flag === "no_positive" ? "platform" : "member",
        ownerId: randomUUID(),
        purpose,
        currency: "USD",
        flag,
      });
    const clearing = await open("no_positive", "provider_clearing");
    const wallets: Account[] = [];
    for (let i = 0; i < CONCURRENCY * 2 + 1; i++) wallets.push(await open("no_negative", "wallet"));
    for (const w of wallets) await postTransaction(deps, transfer(clearing, w, FUNDS), { idempotencyKey: `fund-${w.id}` });

    // Loop l moves a cent back and forth between its own two wallets, so loops never wait on each other.
    const pair = (l: number, i: number): [Account, Account] =>
      i % 2 ? [wallets[2 * l + 1], wallets[2 * l]] : [wallets[2 * l], wallets[2 * l + 1]];
    console.log(`money: ${CONCURRENCY} transfers at a time, ${DURATION} s each (after 2 s of warm-up)`);
    const raw = await measurePg("raw pg, same statements", pool, (c, i, l) => rawTransfer(c, ...pair(l, i), 1n), CONCURRENCY);
    const service = await measureLoops(
      "service (postTransaction)",
      (l, i) => postTransaction(deps, transfer(...pair(l, i), 1n), { idempotencyKey: `bench-${l}-${i}-${randomUUID()}` }),
      CONCURRENCY,
    );
    const ratio = service / raw;
    console.log(`money: service ${ratio.toFixed(2)}x raw pg (goal >= ${GOAL_RATIO}x, reported)`);

    // 200 transfers at once out of one wallet, then the ledger check.
    const hot = wallets[wallets.length - 1];
    const before = (await balanceOf(ds, hot.id))!.posted;
    const t0 = performance.now();
    const results = await Promise.allSettled(
      Array.from({ length: HOT_TRANSFERS }, (_, i) =>
        postTransaction(deps, transfer(hot, wallets[i % (wallets.length - 1)], 7n), { idempotencyKey: `hot-${i}-${randomUUID()}` }),
      ),
    );
    const failed = results.filter((r) => r.status === "rejected");
    const after = (await balanceOf(ds, hot.id))!.posted;
    const moved = before - after;
    console.log(
      `money: ${HOT_TRANSFERS} transfers at once on one wallet in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${failed.length} failed, moved ${moved} (expected ${BigInt(HOT_TRANSFERS) * 7n})`,
    );
    for (const f of failed.slice(0, 3)) console.log(`  ${String((f as PromiseRejectedResult).reason)}`);
    const check = moneyCheck(url);
    console.log(`money check: ${check.output.split("\n").at(-1)}`);
    const ok = check.ok && failed.length === 0 && moved === BigInt(HOT_TRANSFERS) * 7n;
    if (!ok) console.log(check.output);
    console.log(ok ? "money: ledger sound after the concurrent transfers" : "✗ money: the ledger check failed");
    return ok;
  } finally {
    await pool.end();
    await ds.destroy();
    await dropDatabase(serverUrl, name);
  }
}
