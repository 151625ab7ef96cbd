/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL answers are read field by field below. */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import { Role } from "../../server/src/common/auth/roles.js";
import { checkLedger } from "../../server/src/modules/money/index.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { TestClock } from "../support/clock.js";
import { key } from "../support/money.js";
import { startTestServer, type TestServer } from "../support/server.js";

/**
 * The money paths members and staff reach through the API (issue 38): random sequences of
 * payments started and confirmed, refunds, withdrawals requested and sent, and reversals, 16 at a
 * time, each call sometimes sent twice with its key. After each batch: the ledger checks clean,
 * no wallet is below zero, each key's answers agree, and only expected, translated refusals
 * happen. Runs: MONEY_API_PROPERTY_RUNS (default 12, 3 batches of 16).
 */
let server: TestServer;
let staff: BuiltUser;
let members: BuiltUser[];

beforeAll(async () => {
  server = await startTestServer({}, { clock: new TestClock(), pool: { max: 8 } });
  staff = await buildUser(server.ds, { clock: server.clock, roles: [{ role: Role.MODERATOR }] });
  members = await Promise.all([0, 1, 2].map(() => buildUser(server.ds, { clock: server.clock })));
});
afterAll(() => server.stop());

const RUNS = Number(process.env.MONEY_API_PROPERTY_RUNS ?? 12);

const M = {
  start: `mutation ($input: StartPaymentInput!) { startPayment(input: $input) { id reference } }`,
  confirm: `mutation ($input: ConfirmPaymentInput!) { confirmPayment(input: $input) { transactionId replayed } }`,
  refund: `mutation ($input: RefundPaymentInput!) { refundPayment(input: $input) { transactionId replayed } }`,
  payout: `mutation ($input: RequestPayoutInput!) { requestPayout(input: $input) { id } }`,
  sent: `mutation ($input: ConfirmPayoutInput!) { confirmPayout(input: $input) { transactionId replayed } }`,
  reverse: `mutation ($input: ReverseTransactionInput!) { reverseTransaction(input: $input) { transactionId replayed } }`,
};

type Op =
  | { t: "start"; who: number; amount: number }
  | { t: "confirm"; i: number; received: number }
  | { t: "refund"; i: number; amount: number }
  | { t: "payout"; who: number; amount: number }
  | { t: "sent"; i: number }
  | { t: "reverse"; i: number };

const amount = fc.integer({ min: 1, max: 500 });
const ref = fc.nat({ max: 100 });
const who = fc.integer({ min: 0, max: 2 });
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ t: fc.constant("start" as const), who, amount }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constant("confirm" as const), i: ref, received: amount }) },
  fc.record({ t: fc.constant("refund" as const), i: ref, amount }),
  { weight: 2, arbitrary: fc.record({ t: fc.constant("payout" as const), who, amount }) },
  fc.record({ t: fc.constant("sent" as const), i: ref }),
  fc.record({ t: fc.constant("reverse" as const), i: ref }),
);

/** Refusals these calls may meet; anything else (an internal error) fails the property. */
const EXPECTED = new Set(["BAD_USER_INPUT", "NOT_FOUND", "CONFLICT"]);

describe("the money API under random concurrent sequences", () => {
  it("keeps every invariant after each batch of 16", async () => {
    const payments: { id: string; reference: string }[] = [];
    const payouts: string[] = [];
    const txs: string[] = [];
    const answers = new Map<string, string>();
    let answered = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(op, { minLength: 16, maxLength: 16 }), { minLength: 3, maxLength: 3 }), async (batches) => {
        for (const batch of batches) {
          const calls: { name: string; query: string; input: Record<string, unknown>; token: string; k: string }[] = [];
          for (const o of batch) {
            const k = key(o.t);
            if (o.t === "start")
              calls.push({
                name: "startPayment",
                query: M.start,
                input: { amount: String(o.amount), idempotencyKey: k },
                token: members[o.who].token,
                k,
              });
            else if (o.t === "payout")
              calls.push({
                name: "requestPayout",
                query: M.payout,
                input: { amount: String(o.amount), destination: "LB00 0001", idempotencyKey: k },
                token: members[o.who].token,
                k,
              });
            else if (o.t === "confirm" && payments.length) {
              const p = payments[o.i % payments.length];
              calls.push({
                name: "confirmPayment",
                query: M.confirm,
                input: { reference: p.reference, received: String(o.received), idempotencyKey: k },
                token: staff.token,
                k,
              });
            } else if (o.t === "refund" && payments.length) {
              const p = payments[o.i % payments.length];
              calls.push({
                name: "refundPayment",
                query: M.refund,
                input: { paymentId: p.id, amount: String(o.amount), idempotencyKey: k },
                token: staff.token,
                k,
              });
            } else if (o.t === "sent" && payouts.length)
              calls.push({
                name: "confirmPayout",
                query: M.sent,
                input: { payoutId: payouts[o.i % payouts.length], idempotencyKey: k },
                token: staff.token,
                k,
              });
            else if (o.t === "reverse" && txs.length)
              calls.push({
                name: "reverseTransaction",
                query: M.reverse,
                input: { transactionId: txs[o.i % txs.length], reason: "property test", idempotencyKey: k },
                token: staff.token,
                k,
              });
          }
          // Every other call is sent twice at once, as a client retrying on a timeout.
          const sends = calls.flatMap((c, i) => (i % 2 ? [c, c] : [c]));
          const results = await Promise.all(sends.map((c) => server.gql<any>(c.query, { input: c.input }, { token: c.token })));
          results.forEach((r, i) => {
            const c = sends[i];
            if (r.errors) {
              expect(EXPECTED.has(r.errors[0].extensions?.code ?? "")).toBe(true);
              return;
            }
            answered++;
            const v = r.data[c.name];
            const id = v.id ?? v.transactionId;
            const first = answers.get(c.k);
            if (first) expect(id).toBe(first);
            else {
              answers.set(c.k, id);
              if (c.name === "startPayment") payments.push(v);
              else if (c.name === "requestPayout") payouts.push(v.id);
              else txs.push(v.transactionId);
            }
          });
          expect(await checkLedger(server.ds)).toEqual([]);
          const [{ below }] = await server.ds.query(
            `SELECT count(*)::int AS below FROM money_balances WHERE flag = 'no_negative' AND posted - pending_out < 0`,
          );
          expect(below).toBe(0);
          const [{ over }] = await server.ds.query(
            `SELECT count(*)::int AS over FROM money_payments WHERE refunded > coalesce(received, 0)`,
          );
          expect(over).toBe(0);
        }
      }),
      { numRuns: RUNS },
    );
    expect(answered).toBeGreaterThan(RUNS * 16);
    const [{ sent }] = await server.ds.query(`SELECT count(*)::int AS sent FROM money_payouts WHERE status = 'sent'`);
    expect(sent).toBeGreaterThan(0);
  }, 600_000);
});
