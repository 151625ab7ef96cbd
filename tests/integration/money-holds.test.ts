import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { AppError } from "../../server/src/common/errors.js";
import { balanceOf, checkLedger, hold, postPending, voidPending, type MoneyDeps } from "../../server/src/modules/money/index.js";
import { advanceAndRun, HOUR, MINUTE, TestClock } from "../support/clock.js";
import { fund, key, moneyDeps, refusal, transfer, walletAndClearing } from "../support/money.js";
import { startTestServer, type TestServer } from "../support/server.js";

/**
 * The ledger's two-phase transfers (issue 38): a hold reserves money (available = posted − pending
 * out), is posted in part or voided, expires on the scheduler, and ends once under races; transfers
 * both ways at once neither deadlock nor lose a cent.
 */
let server: TestServer;
let deps: MoneyDeps;

beforeAll(async () => {
  server = await startTestServer({}, { clock: new TestClock() });
  deps = moneyDeps(server);
});
afterAll(() => server.stop());

describe("holds", () => {
  it("reserve: available = posted − pending out; post part and release the rest", async () => {
    const { wallet, clearing } = await walletAndClearing(deps);
    const shop = await walletAndClearing(deps);
    await fund(deps, wallet.id, clearing.id, 100n);
    const h = await hold(deps, { from: wallet.id, to: shop.wallet.id, amount: 70n }, { idempotencyKey: key() });
    expect(await balanceOf(server.ds, wallet.id)).toMatchObject({ posted: 100n, pendingOut: 70n, available: 30n });
    expect(await balanceOf(server.ds, shop.wallet.id)).toMatchObject({ posted: 0n, pendingIn: 70n });
    expect(await refusal(hold(deps, { from: wallet.id, to: shop.wallet.id, amount: 31n }, { idempotencyKey: key() }))).toMatchObject({
      key: "money.errors.insufficient_funds",
    });
    expect(await refusal(transfer(deps, wallet.id, shop.wallet.id, 31n, "t"))).toMatchObject({ key: "money.errors.insufficient_funds" });
    expect(await refusal(postPending(deps, h.holdId, 71n, { idempotencyKey: key() }))).toMatchObject({
      key: "money.errors.more_than_held",
    });
    await postPending(deps, h.holdId, 50n, { idempotencyKey: key() });
    expect(await balanceOf(server.ds, wallet.id)).toMatchObject({ posted: 50n, pendingOut: 0n, available: 50n });
    expect(await balanceOf(server.ds, shop.wallet.id)).toMatchObject({ posted: 50n, pendingIn: 0n });
    // A hold ends once.
    expect(await refusal(postPending(deps, h.holdId, 10n, { idempotencyKey: key() }))).toMatchObject({ key: "money.errors.hold_ended" });
    expect(await refusal(voidPending(deps, h.holdId, { idempotencyKey: key() }))).toMatchObject({ key: "money.errors.hold_ended" });
    expect(await checkLedger(server.ds)).toEqual([]);
  });

  it("void releases all; voiding twice and posting a voided hold are refused", async () => {
    const { wallet, clearing } = await walletAndClearing(deps);
    const shop = await walletAndClearing(deps);
    await fund(deps, wallet.id, clearing.id, 10n);
    const h = await hold(deps, { from: wallet.id, to: shop.wallet.id, amount: 10n }, { idempotencyKey: key() });
    const k = key();
    await voidPending(deps, h.holdId, { idempotencyKey: k });
    expect(await voidPending(deps, h.holdId, { idempotencyKey: k })).toMatchObject({ replayed: true });
    expect(await refusal(voidPending(deps, h.holdId, { idempotencyKey: key() }))).toMatchObject({ key: "money.errors.hold_ended" });
    expect(await refusal(postPending(deps, h.holdId, undefined, { idempotencyKey: key() }))).toMatchObject({
      key: "money.errors.hold_ended",
    });
    expect(await balanceOf(server.ds, wallet.id)).toMatchObject({ posted: 10n, available: 10n });
  });

  it("expire: the money.expire-holds job voids a hold past its expiry, which can no longer be posted", async () => {
    const { wallet, clearing } = await walletAndClearing(deps);
    const shop = await walletAndClearing(deps);
    await fund(deps, wallet.id, clearing.id, 10n);
    const expiresAt = new Date(deps.clock.now().getTime() + HOUR);
    const h = await hold(deps, { from: wallet.id, to: shop.wallet.id, amount: 8n, expiresAt }, { idempotencyKey: key() });
    const stays = await hold(
      deps,
      { from: wallet.id, to: shop.wallet.id, amount: 1n, expiresAt: new Date(expiresAt.getTime() + 2 * HOUR) },
      { idempotencyKey: key() },
    );
    await advanceAndRun(server, 30 * MINUTE);
    expect((await server.ds.query(`SELECT status FROM money_holds WHERE id = $1`, [h.holdId]))[0].status).toBe("pending");
    await advanceAndRun(server, 31 * MINUTE);
    const [row] = await server.ds.query(`SELECT status FROM money_holds WHERE id = $1`, [h.holdId]);
    expect(row.status).toBe("expired");
    expect((await server.ds.query(`SELECT status FROM money_holds WHERE id = $1`, [stays.holdId]))[0].status).toBe("pending");
    expect(await refusal(postPending(deps, h.holdId, undefined, { idempotencyKey: key() }))).toMatchObject({
      key: "money.errors.hold_expired",
    });
    expect(await balanceOf(server.ds, wallet.id)).toMatchObject({ posted: 10n, pendingOut: 1n, available: 9n });
    expect(await checkLedger(server.ds)).toEqual([]);
  });
});

describe("races", () => {
  it("a hold ends once when 12 posts and voids of it run at once", async () => {
    const { wallet, clearing } = await walletAndClearing(deps);
    const shop = await walletAndClearing(deps);
    await fund(deps, wallet.id, clearing.id, 50n);
    const h = await hold(deps, { from: wallet.id, to: shop.wallet.id, amount: 40n }, { idempotencyKey: key() });
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        i % 2 ? postPending(deps, h.holdId, 30n, { idempotencyKey: key() }) : voidPending(deps, h.holdId, { idempotencyKey: key() }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect((r.reason as AppError).key).toBe("money.errors.hold_ended");
    const posted = results.findIndex((r) => r.status === "fulfilled") % 2 === 1;
    expect(await balanceOf(server.ds, wallet.id)).toMatchObject({ posted: posted ? 20n : 50n, pendingOut: 0n });
    expect(await checkLedger(server.ds)).toEqual([]);
  });

  it("transfers both ways between two wallets at once neither deadlock nor lose a cent", async () => {
    const a = await walletAndClearing(deps);
    const b = await walletAndClearing(deps);
    await fund(deps, a.wallet.id, a.clearing.id, 1000n);
    await fund(deps, b.wallet.id, b.clearing.id, 1000n);
    const move = (from: string, to: string) => transfer(deps, from, to, 7n);
    await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? move(a.wallet.id, b.wallet.id) : move(b.wallet.id, a.wallet.id))));
    expect((await balanceOf(server.ds, a.wallet.id))!.posted + (await balanceOf(server.ds, b.wallet.id))!.posted).toBe(2000n);
    expect(await checkLedger(server.ds)).toEqual([]);
  });
});
