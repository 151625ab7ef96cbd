import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import { AppError } from "../../server/src/common/errors.js";
import {
  checkLedger,
  hold,
  openAccount,
  postPending,
  postTransaction,
  reverseTransaction,
  voidPending,
  type MoneyDeps,
} from "../../server/src/modules/money/index.js";
import { HOUR, TestClock, advanceAndRun } from "../support/clock.js";
import { key, moneyDeps } from "../support/money.js";
import { startTestServer, type TestServer } from "../support/server.js";

/**
 * A property of the whole ledger (issue 38): whatever random sequence of fundings, transfers,
 * holds, posts, voids and reversals runs, 16 at a time, with keys retried (the same body, and
 * another body), after every batch each transaction balances in one currency, no no_negative
 * account is below zero, each balance equals its entries and pending holds, each currency totals
 * zero, and every retry got the first answer. Runs: MONEY_PROPERTY_RUNS (default 25, 3 batches
 * of 16 operations each, plus the retries: about 1,500 calls; raise it for a longer search).
 */
let server: TestServer;
let deps: MoneyDeps;

beforeAll(async () => {
  server = await startTestServer({}, { clock: new TestClock(), pool: { max: 8 } });
  deps = moneyDeps(server);
});
afterAll(() => server.stop());

/** An id no row has: the other body a reused key is sent with. */
const NOBODY = "00000000-0000-7000-8000-000000000000";
const RUNS = Number(process.env.MONEY_PROPERTY_RUNS ?? 25);
const WALLETS = 4;

type Op =
  | { t: "fund"; to: number; amount: bigint }
  | { t: "transfer"; from: number; to: number; amount: bigint }
  | { t: "hold"; from: number; to: number; amount: bigint; expiring: boolean }
  | { t: "post"; hold: number; amount: bigint | null }
  | { t: "void"; hold: number }
  | { t: "reverse"; tx: number }
  | { t: "retry"; of: number; sameBody: boolean };

const amount = fc.bigInt({ min: 1n, max: 60n });
const wallet = fc.integer({ min: 0, max: WALLETS - 1 });
const ref = fc.nat({ max: 1000 });
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ t: fc.constant("fund" as const), to: wallet, amount }) },
  fc.record({ t: fc.constant("transfer" as const), from: wallet, to: wallet, amount }),
  fc.record({ t: fc.constant("hold" as const), from: wallet, to: wallet, amount, expiring: fc.boolean() }),
  fc.record({ t: fc.constant("post" as const), hold: ref, amount: fc.option(amount, { nil: null }) }),
  fc.record({ t: fc.constant("void" as const), hold: ref }),
  fc.record({ t: fc.constant("reverse" as const), tx: ref }),
  fc.record({ t: fc.constant("retry" as const), of: ref, sameBody: fc.boolean() }),
);

/** What a call was: its key and a thunk that sends it (again), and the body it was sent with. */
interface Sent {
  key: string;
  send: (variant?: boolean) => Promise<{ id: string }>;
}

/** How many calls of each kind were answered and refused, over the whole run: the sequences must do things. */
const tally = { answered: 0, refused: 0, replayed: 0, conflicts: 0 };

describe("the ledger under random concurrent sequences", () => {
  it("keeps every invariant after each batch of 16", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(op, { minLength: 16, maxLength: 16 }), { minLength: 3, maxLength: 3 }), async (batches) => {
        const owner = key("owner");
        const wallets = await Promise.all(
          Array.from({ length: WALLETS }, (_, i) =>
            openAccount(server.ds, deps.clock, {
              ownerKind: "member",
              ownerId: `${owner}-${i}`,
              purpose: "wallet",
              currency: "USD",
              flag: "no_negative",
            }),
          ),
        );
        const clearing = await openAccount(server.ds, deps.clock, {
          ownerKind: "platform",
          ownerId: owner,
          purpose: "provider_clearing",
          currency: "USD",
          flag: "no_positive",
        });
        // Each wallet starts with something to spend.
        for (const w of wallets)
          await postTransaction(
            deps,
            {
              kind: "payment",
              currency: "USD",
              entries: [
                { accountId: clearing.id, amount: -100n },
                { accountId: w.id, amount: 100n },
              ],
            },
            { idempotencyKey: key("start") },
          );
        const holds: string[] = [];
        const txs: string[] = [];
        const sent: Sent[] = [];
        /** The first answer each key got. */
        const firstAnswer = new Map<string, string>();

        const transfer =
          (from: string, to: string, a: bigint, k: string) =>
          (variant = false) =>
            postTransaction(
              deps,
              {
                kind: "transfer",
                currency: "USD",
                entries: [
                  { accountId: from, amount: -(a + (variant ? 1n : 0n)) },
                  { accountId: to, amount: a + (variant ? 1n : 0n) },
                ],
              },
              { idempotencyKey: k },
            ).then((r) => ({ id: r.transactionId, tx: true }));

        const make = (o: Op): Sent | null => {
          const k = key(o.t);
          switch (o.t) {
            case "fund":
              return { key: k, send: transfer(clearing.id, wallets[o.to].id, o.amount, k) };
            case "transfer":
              if (o.from === o.to) return null;
              return { key: k, send: transfer(wallets[o.from].id, wallets[o.to].id, o.amount, k) };
            case "hold": {
              if (o.from === o.to) return null;
              const expiresAt = o.expiring ? new Date(deps.clock.now().getTime() + HOUR) : null;
              return {
                key: k,
                send: (variant = false) =>
                  hold(
                    deps,
                    { from: wallets[o.from].id, to: wallets[o.to].id, amount: o.amount + (variant ? 1n : 0n), expiresAt },
                    { idempotencyKey: k },
                  ).then((r) => ({
                    id: r.holdId,
                    hold: true,
                  })),
              };
            }
            case "post": {
              if (!holds.length) return null;
              const h = holds[o.hold % holds.length];
              return {
                key: k,
                send: (variant = false) =>
                  postPending(deps, h, variant ? (o.amount ?? 1n) + 1n : (o.amount ?? undefined), { idempotencyKey: k }).then((r) => ({
                    id: r.transactionId,
                    tx: true,
                  })),
              };
            }
            case "void": {
              if (!holds.length) return null;
              const h = holds[o.hold % holds.length];
              return {
                key: k,
                send: (variant = false) => voidPending(deps, variant ? NOBODY : h, { idempotencyKey: k }).then((r) => ({ id: r.holdId })),
              };
            }
            case "reverse": {
              if (!txs.length) return null;
              const t = txs[o.tx % txs.length];
              return {
                key: k,
                send: (variant = false) =>
                  reverseTransaction(deps, variant ? NOBODY : t, { idempotencyKey: k }).then((r) => ({ id: r.transactionId, tx: true })),
              };
            }
            case "retry":
              return null;
          }
        };

        for (const batch of batches) {
          const calls: { s: Sent; variant: boolean; retry: boolean }[] = [];
          for (const o of batch) {
            if (o.t === "retry") {
              if (!sent.length) continue;
              const s = sent[o.of % sent.length];
              // Another body under a used key only counts once the key has an answer (else it may run first).
              calls.push({ s, variant: !o.sameBody && firstAnswer.has(s.key), retry: true });
              continue;
            }
            const s = make(o);
            if (!s) continue;
            sent.push(s);
            calls.push({ s, variant: false, retry: false });
            // Half of the new calls are sent twice at once, as a client retrying on a timeout would.
            if (s.key.length % 2 === 0) calls.push({ s, variant: false, retry: true });
          }
          const results = await Promise.allSettled(calls.map((c) => c.s.send(c.variant)));
          results.forEach((r, i) => {
            const c = calls[i];
            if (r.status === "rejected") {
              // Every refusal is an expected, translated one; a key reused with another body is a CONFLICT.
              expect(r.reason).toBeInstanceOf(AppError);
              const e = r.reason as AppError;
              tally.refused++;
              if (e.code === "CONFLICT") tally.conflicts++;
              if (c.variant) expect(e.code === "CONFLICT" || e.code === "BAD_USER_INPUT" || e.code === "NOT_FOUND").toBe(true);
              else expect(e.code).not.toBe("INTERNAL_SERVER_ERROR");
              return;
            }
            expect(c.variant && firstAnswer.has(c.s.key)).toBe(false);
            const answer = r.value as { id: string; tx?: boolean; hold?: boolean };
            const first = firstAnswer.get(c.s.key);
            tally.answered++;
            if (first) {
              expect(answer.id).toBe(first);
              tally.replayed++;
            } else {
              firstAnswer.set(c.s.key, answer.id);
              if (answer.tx) txs.push(answer.id);
              if (answer.hold) holds.push(answer.id);
            }
          });
          expect(await checkLedger(server.ds)).toEqual([]);
          const [{ below }] = await server.ds.query(
            `SELECT count(*)::int AS below FROM money_balances WHERE flag = 'no_negative' AND posted < 0`,
          );
          expect(below).toBe(0);
          // Some holds expire between batches.
          await advanceAndRun(server, HOUR / 2);
        }
      }),
      { numRuns: RUNS },
    );
    // Most calls do something, and retries and conflicting bodies happen.
    expect(tally.answered).toBeGreaterThan(tally.refused);
    expect(tally.replayed).toBeGreaterThan(RUNS);
    expect(tally.conflicts).toBeGreaterThan(0);
  }, 600_000);
});
