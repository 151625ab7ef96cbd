import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import pg from "pg";
import { AppError } from "../../server/src/common/errors.js";
import {
  balanceOf,
  checkLedger,
  hold,
  openAccount,
  postTransaction,
  quoteUsd,
  reverseTransaction,
  setExchangeRate,
  voidPending,
  type MoneyDeps,
} from "../../server/src/modules/money/index.js";
import { TestClock } from "../support/clock.js";
import { fund, key, moneyDeps, refusal, transfer, walletAndClearing } from "../support/money.js";
import { startTestServer, type TestServer } from "../support/server.js";

/**
 * The ledger's core (issue 38): balanced transactions whose rules the database itself enforces,
 * balances moved in the same transaction, idempotent keys, one wallet drained by concurrent
 * transfers, LBP quotes and reversals. Holds and their races: money-holds.test.ts.
 */
let server: TestServer;
let deps: MoneyDeps;

beforeAll(async () => {
  server = await startTestServer({}, { clock: new TestClock() });
  deps = moneyDeps(server);
});
afterAll(() => server.stop());

const counts = async () => {
  const [r] = await server.ds.query(
    `SELECT (SELECT count(*) FROM money_transactions)::int AS t, (SELECT count(*) FROM money_entries)::int AS e,
            (SELECT count(*) FROM money_requests)::int AS r, (SELECT count(*) FROM money_holds)::int AS h`,
  );
  return r as { t: number; e: number; r: number; h: number };
};

describe("the database refuses a bad journal", () => {
  let client: pg.Client;
  let usd: { wallet: string; clearing: string };
  let lbp: string;
  beforeAll(async () => {
    client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    const { wallet, clearing } = await walletAndClearing(deps);
    usd = { wallet: wallet.id, clearing: clearing.id };
    lbp = (await walletAndClearing(deps, undefined, "LBP")).clearing.id;
    await fund(deps, usd.wallet, usd.clearing, 500n);
  });
  afterAll(() => client.end());

  const journal = async (lines: [string, string, number][]) => {
    await client.query("BEGIN");
    const [{ id }] = (await client.query(`SELECT gen_random_uuid() AS id`)).rows;
    await client.query(`INSERT INTO money_transactions (id, kind, currency, created_at) VALUES ($1, 'raw', 'USD', now())`, [id]);
    for (const [account, currency, amount] of lines)
      await client.query(
        `INSERT INTO money_entries (transaction_id, account_id, currency, amount, created_at) VALUES ($1, $2, $3, $4, now())`,
        [id, account, currency, amount],
      );
    return id as string;
  };

  it("accepts every INSERT of an unbalanced journal, then fails at COMMIT", async () => {
    await journal([
      [usd.clearing, "USD", -100],
      [usd.wallet, "USD", 90],
    ]);
    await expect(client.query("COMMIT")).rejects.toThrow(/sums to -10/);
    const [{ n }] = (await client.query(`SELECT count(*)::int AS n FROM money_transactions WHERE kind = 'raw'`)).rows;
    expect(n).toBe(0);
  });

  it("fails a two-currency journal at COMMIT, even when the amounts sum to zero", async () => {
    await journal([
      [usd.clearing, "USD", -100],
      [lbp, "LBP", 100],
    ]);
    await expect(client.query("COMMIT")).rejects.toThrow(/mixes currencies/);
  });

  it("fails a transaction without entries at COMMIT", async () => {
    await journal([]);
    await expect(client.query("COMMIT")).rejects.toThrow(/has 0 entries/);
  });

  it("commits a balanced raw journal (the trigger is not in the way of a sound one)", async () => {
    await journal([
      [usd.clearing, "USD", -7],
      [usd.clearing, "USD", 7],
    ]);
    await client.query("COMMIT");
  });

  it("refuses an UPDATE, a DELETE or a TRUNCATE of an entry at once", async () => {
    const [{ id }] = (await client.query(`SELECT id FROM money_entries LIMIT 1`)).rows;
    await expect(client.query(`UPDATE money_entries SET amount = amount + 1 WHERE id = $1`, [id])).rejects.toThrow(/append-only/);
    await expect(client.query(`DELETE FROM money_entries WHERE id = $1`, [id])).rejects.toThrow(/append-only/);
    await expect(client.query(`TRUNCATE money_entries CASCADE`)).rejects.toThrow(/append-only/);
    await expect(client.query(`UPDATE money_transactions SET kind = 'x'`)).rejects.toThrow(/append-only/);
  });

  it("refuses a no_negative balance below zero, and a no_positive one above", async () => {
    await expect(client.query(`UPDATE money_balances SET posted = -1 WHERE account_id = $1`, [usd.wallet])).rejects.toThrow(/no_negative/);
    await expect(client.query(`UPDATE money_balances SET posted = 1 WHERE account_id = $1`, [usd.clearing])).rejects.toThrow(/no_positive/);
    await expect(client.query(`UPDATE money_balances SET pending_out = 501 WHERE account_id = $1`, [usd.wallet])).rejects.toThrow(
      /no_negative/,
    );
  });

  it("lets a hold end once", async () => {
    const h = await hold(deps, { from: usd.wallet, to: usd.clearing, amount: 5n }, { idempotencyKey: key() });
    await voidPending(deps, h.holdId, { idempotencyKey: key() });
    await expect(client.query(`UPDATE money_holds SET status = 'pending', ended_at = NULL WHERE id = $1`, [h.holdId])).rejects.toThrow(
      /has ended/,
    );
  });
});

describe("postTransaction", () => {
  it("moves balances in the same transaction and keeps them equal to the entries", async () => {
    const { wallet, clearing } = await walletAndClearing(deps);
    const r = await fund(deps, wallet.id, clearing.id, 1234n);
    expect(r.replayed).toBe(false);
    expect(await balanceOf(server.ds, wallet.id)).toMatchObject({ posted: 1234n, available: 1234n, pendingOut: 0n });
    expect(await balanceOf(server.ds, clearing.id)).toMatchObject({ posted: -1234n });
    expect(await checkLedger(server.ds)).toEqual([]);
  });

  it("opens an account once: the same owner, purpose and currency give the same account", async () => {
    const spec = { ownerKind: "member", ownerId: "m-1", purpose: "wallet", currency: "USD", flag: "no_negative" } as const;
    const [a, b] = await Promise.all([openAccount(server.ds, deps.clock, spec), openAccount(server.ds, deps.clock, spec)]);
    expect(a.id).toBe(b.id);
    expect(await refusal(openAccount(server.ds, deps.clock, { ...spec, flag: "none" }))).toEqual({
      code: "CONFLICT",
      key: "money.errors.account",
    });
  });

  it("refuses bad input with a translated error and writes nothing, not even the key", async () => {
    const { wallet, clearing } = await walletAndClearing(deps);
    const lbp = await walletAndClearing(deps, undefined, "LBP");
    await fund(deps, wallet.id, clearing.id, 100n);
    const before = await counts();
    const pair = (a: bigint, b = -a) => [
      { accountId: clearing.id, amount: b },
      { accountId: wallet.id, amount: a },
    ];
    const cases: [unknown, string][] = [
      [{ kind: "t", currency: "USD", entries: pair(0n, 0n) }, "money.errors.amount"],
      [{ kind: "t", currency: "USD", entries: pair(5n, -4n) }, "money.errors.unbalanced"],
      [{ kind: "t", currency: "USD", entries: pair(100_000_001n) }, "money.errors.amount_too_large"],
      [{ kind: "t", currency: "EUR", entries: pair(5n) }, "money.errors.currency"],
      [
        {
          kind: "t",
          currency: "USD",
          entries: [
            { accountId: clearing.id, amount: -5n },
            { accountId: lbp.wallet.id, amount: 5n },
          ],
        },
        "money.errors.mixed_currencies",
      ],
      [{ kind: "t", currency: "USD", entries: pair(-101n) }, "money.errors.insufficient_funds"],
      [{ kind: "t", currency: "USD", entries: [{ accountId: wallet.id, amount: 5n }] }, "money.errors.unbalanced"],
      [
        {
          kind: "t",
          currency: "USD",
          entries: [
            { accountId: wallet.id, amount: 1.5 },
            { accountId: clearing.id, amount: -1.5 },
          ],
        },
        "money.errors.amount",
      ],
    ];
    for (const [spec, expected] of cases) {
      expect(await refusal(postTransaction(deps, spec as never, { idempotencyKey: key() }))).toEqual({
        code: "BAD_USER_INPUT",
        key: expected,
      });
    }
    expect(await refusal(transfer(deps, clearing.id, "00000000-0000-7000-8000-000000000000", 5n, "t"))).toEqual({
      code: "NOT_FOUND",
      key: "errors.not_found",
    });
    expect(await counts()).toEqual(before);
    expect(await balanceOf(server.ds, wallet.id)).toMatchObject({ posted: 100n });
  });

  it("gives the first answer for a retried key and body, and CONFLICT for another body", async () => {
    const { wallet, clearing } = await walletAndClearing(deps);
    const spec = {
      kind: "payment",
      currency: "USD" as const,
      entries: [
        { accountId: clearing.id, amount: -40n },
        { accountId: wallet.id, amount: 40n },
      ],
    };
    const k = key();
    // Sent 8 times at once: one transaction, every answer the same.
    const answers = await Promise.all(Array.from({ length: 8 }, () => postTransaction(deps, spec, { idempotencyKey: k })));
    expect(new Set(answers.map((a) => a.transactionId)).size).toBe(1);
    expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
    expect(await balanceOf(server.ds, wallet.id)).toMatchObject({ posted: 40n });
    const other = {
      ...spec,
      entries: [
        { accountId: clearing.id, amount: -41n },
        { accountId: wallet.id, amount: 41n },
      ],
    };
    expect(await refusal(postTransaction(deps, other, { idempotencyKey: k }))).toEqual({
      code: "CONFLICT",
      key: "money.errors.key_reused",
    });
    const [{ key: stored, request_sha256 }] = await server.ds.query(
      `SELECT idempotency_key AS key, request_sha256 FROM money_transactions WHERE id = $1`,
      [answers[0].transactionId],
    );
    expect(stored).toBe(k);
    expect(request_sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it("lets exactly what is available out of one wallet under 40 concurrent transfers", async () => {
    const { wallet, clearing } = await walletAndClearing(deps);
    const other = await walletAndClearing(deps);
    await fund(deps, wallet.id, clearing.id, 100n);
    const results = await Promise.allSettled(Array.from({ length: 40 }, () => transfer(deps, wallet.id, other.wallet.id, 3n)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(33);
    for (const r of results) if (r.status === "rejected") expect((r.reason as AppError).key).toBe("money.errors.insufficient_funds");
    expect(await balanceOf(server.ds, wallet.id)).toMatchObject({ posted: 1n });
    expect(await checkLedger(server.ds)).toEqual([]);
  });
});

describe("LBP quotes", () => {
  it("convert a fee set in LBP to USD cents at the kept rate, half-up, and the transaction records the rate row", async () => {
    expect(await refusal(quoteUsd(deps, 100n))).toMatchObject({ key: "money.errors.no_rate" });
    await setExchangeRate(deps, { currency: "LBP", perUsd: "89500", source: "Banque du Liban", effectiveOn: "2026-11-30", by: null });
    const rate = await setExchangeRate(deps, {
      currency: "LBP",
      perUsd: "89700.5",
      source: "Banque du Liban",
      effectiveOn: "2026-12-01",
      by: null,
    });
    // 500,000 LBP (minor units ×100) at 89,700.5: 5.5740… dollars → 557 cents; 4,480,000 LBP → 49.9439… → 4994 cents.
    expect(await quoteUsd(deps, 50_000_000n)).toMatchObject({ usdMinor: 557n, rate: { id: rate.id, per_usd: "89700.500000" } });
    expect((await quoteUsd(deps, 448_000_000n)).usdMinor).toBe(4994n);
    // Half a cent rounds up: at 100 LBP a dollar, 0.50 LBP (50 minor units) is half a cent.
    await setExchangeRate(deps, { currency: "LBP", perUsd: "100", source: "test", effectiveOn: "2026-12-02", by: null });
    expect((await quoteUsd(deps, 50n)).usdMinor).toBe(1n);
    expect((await quoteUsd(deps, 49n)).usdMinor).toBe(0n);
    const q = await quoteUsd(deps, 10_000n);
    const { wallet, clearing } = await walletAndClearing(deps);
    const t = await transfer(deps, clearing.id, wallet.id, q.usdMinor, "fee", q.rate.id);
    const [row] = await server.ds.query(`SELECT rate_id FROM money_transactions WHERE id = $1`, [t.transactionId]);
    expect(row.rate_id).toBe(q.rate.id);
  });
});

describe("reversal", () => {
  it("negates the original once, names it, and refuses a second reversal or reversing a reversal", async () => {
    const { wallet, clearing } = await walletAndClearing(deps);
    const t = await fund(deps, wallet.id, clearing.id, 25n);
    const r = await reverseTransaction(deps, t.transactionId, { idempotencyKey: key(), reason: "wrong member" });
    expect(await balanceOf(server.ds, wallet.id)).toMatchObject({ posted: 0n });
    const [row] = await server.ds.query(`SELECT reverses FROM money_transactions WHERE id = $1`, [r.transactionId]);
    expect(row.reverses).toBe(t.transactionId);
    expect(await refusal(reverseTransaction(deps, t.transactionId, { idempotencyKey: key() }))).toMatchObject({
      key: "money.errors.already_reversed",
    });
    expect(await refusal(reverseTransaction(deps, r.transactionId, { idempotencyKey: key() }))).toMatchObject({
      key: "money.errors.reversal_of_reversal",
    });
  });

  it("is refused when the money was already spent (the wallet would go below zero)", async () => {
    const { wallet, clearing } = await walletAndClearing(deps);
    const t = await fund(deps, wallet.id, clearing.id, 25n);
    await transfer(deps, wallet.id, clearing.id, 20n, "fee");
    expect(await refusal(reverseTransaction(deps, t.transactionId, { idempotencyKey: key() }))).toMatchObject({
      key: "money.errors.insufficient_funds",
    });
  });
});
