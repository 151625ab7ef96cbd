/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL answers are checked field by field below. */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { Role } from "../../server/src/common/auth/roles.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { TestClock } from "../support/clock.js";
import { key } from "../support/money.js";
import { startTestServer, type TestServer } from "../support/server.js";

/**
 * The payments desk refuses a withdrawal (issue 38): `cancelPayout` is staff's (moderators and
 * admins), audited, releases the hold so the money is available again in the wallet, happens
 * once (a retried key gets the first answer; another request on a decided withdrawal is refused
 * with a translated error and writes nothing), and the desk rows carry the member's id for the
 * statement staff read with a reason.
 */
let server: TestServer;
let member: BuiltUser;
let moderator: BuiltUser;
let admin: BuiltUser;

const Q = {
  start: `mutation ($input: StartPaymentInput!) { startPayment(input: $input) { reference } }`,
  confirm: `mutation ($input: ConfirmPaymentInput!) { confirmPayment(input: $input) { receiptId } }`,
  payout: `mutation ($input: RequestPayoutInput!) { requestPayout(input: $input) { id status memberId } }`,
  cancel: `mutation ($input: CancelPayoutInput!) { cancelPayout(input: $input) { transactionId receiptId replayed } }`,
  confirmPayout: `mutation ($input: ConfirmPayoutInput!) { confirmPayout(input: $input) { receiptId } }`,
  wallet: `{ wallet { posted available held payouts { id status } } }`,
  desk: `{ paymentsDesk { requestedPayouts { id memberId memberName } confirmedPayments { memberId } } }`,
  statement: `query ($id: ID!, $reason: String!) { memberStatement(memberId: $id, reason: $reason) { memberName wallet { available } } }`,
};

const errorOf = (r: { errors?: { message: string; extensions?: { code?: string } }[] }) =>
  r.errors ? { code: r.errors[0].extensions?.code, message: r.errors[0].message } : null;

async function requested(amount: string): Promise<string> {
  const r = await server.gql<any>(
    Q.payout,
    { input: { amount, destination: "LB62 0999 0000 0001", idempotencyKey: key() } },
    { token: member.token },
  );
  expect(r.errors).toBeUndefined();
  return r.data.requestPayout.id;
}

beforeAll(async () => {
  server = await startTestServer({}, { clock: new TestClock() });
  const clock = server.clock;
  [member, moderator, admin] = await Promise.all([
    buildUser(server.ds, { clock, displayName: "Rami Nassar" }),
    buildUser(server.ds, { clock, roles: [{ role: Role.MODERATOR }] }),
    buildUser(server.ds, { clock, roles: [{ role: Role.ADMIN }] }),
  ]);
  const s = await server.gql<any>(Q.start, { input: { amount: "1000", idempotencyKey: key() } }, { token: member.token });
  const c = await server.gql<any>(
    Q.confirm,
    { input: { reference: s.data.startPayment.reference, received: "1000", idempotencyKey: key() } },
    { token: moderator.token },
  );
  expect(c.errors).toBeUndefined();
});
afterAll(() => server.stop());

describe("cancelPayout", () => {
  it("is refused to a visitor and to the member, and an unknown withdrawal is NOT_FOUND", async () => {
    const id = await requested("100");
    expect(errorOf(await server.gql(Q.cancel, { input: { payoutId: id, idempotencyKey: key() } }))?.code).toBe("UNAUTHENTICATED");
    expect(errorOf(await server.gql(Q.cancel, { input: { payoutId: id, idempotencyKey: key() } }, { token: member.token }))?.code).toBe(
      "FORBIDDEN",
    );
    for (const bad of ["00000000-0000-4000-8000-000000000000", "nope"])
      expect(
        errorOf(await server.gql(Q.cancel, { input: { payoutId: bad, idempotencyKey: key() } }, { token: moderator.token }))?.code,
      ).toBe("NOT_FOUND");
    // Cleaned up by an admin, who passes every role check.
    const done = await server.gql<any>(Q.cancel, { input: { payoutId: id, idempotencyKey: key() } }, { token: admin.token });
    expect(done.errors).toBeUndefined();
  });

  it("releases the hold (audited), once: a retried key gets the first answer, a second request is refused and writes nothing", async () => {
    const before = (await server.gql<any>(Q.wallet, {}, { token: member.token })).data.wallet;
    const id = await requested("400");
    expect((await server.gql<any>(Q.wallet, {}, { token: member.token })).data.wallet).toMatchObject({
      posted: before.posted,
      held: "400",
    });
    const k = key();
    const first = await server.gql<any>(Q.cancel, { input: { payoutId: id, idempotencyKey: k } }, { token: moderator.token });
    expect(first.data.cancelPayout).toEqual({ transactionId: null, receiptId: null, replayed: false });
    const wallet = (await server.gql<any>(Q.wallet, {}, { token: member.token })).data.wallet;
    expect(wallet).toMatchObject({ posted: before.posted, available: before.available, held: "0" });
    expect(wallet.payouts.find((p: { id: string }) => p.id === id).status).toBe("cancelled");
    const [audit] = await server.ds.query(`SELECT action, user_id FROM audit_logs WHERE table_name = 'money_payouts' AND record_id = $1`, [
      id,
    ]);
    expect(audit).toEqual({ action: "cancel", user_id: moderator.id });

    const retried = await server.gql<any>(Q.cancel, { input: { payoutId: id, idempotencyKey: k } }, { token: moderator.token });
    expect(retried.data.cancelPayout.replayed).toBe(true);
    const [{ n: requestsBefore }] = await server.ds.query(`SELECT count(*)::int AS n FROM money_requests`);
    for (const q of [Q.cancel, Q.confirmPayout]) {
      const again = await server.gql<any>(q, { input: { payoutId: id, idempotencyKey: key() } }, { token: moderator.token });
      expect(errorOf(again)?.code).toBe("BAD_USER_INPUT");
      expect(errorOf(again)?.message).toBeTruthy();
    }
    const [{ n: requestsAfter }] = await server.ds.query(`SELECT count(*)::int AS n FROM money_requests`);
    expect(requestsAfter).toBe(requestsBefore);
  });
});

describe("the desk's rows", () => {
  it("name the member by id for the statement, which staff read only with a reason", async () => {
    const id = await requested("50");
    const desk = (await server.gql<any>(Q.desk, {}, { token: moderator.token })).data.paymentsDesk;
    const row = desk.requestedPayouts.find((p: { id: string }) => p.id === id);
    expect(row).toEqual({ id, memberId: member.id, memberName: "Rami Nassar" });
    expect(desk.confirmedPayments.map((p: { memberId: string }) => p.memberId)).toContain(member.id);
    expect(errorOf(await server.gql(Q.statement, { id: member.id, reason: "short" }, { token: moderator.token }))?.code).toBe(
      "BAD_USER_INPUT",
    );
    const read = await server.gql<any>(
      Q.statement,
      { id: row.memberId, reason: "Member asked about a withdrawal" },
      { token: moderator.token },
    );
    expect(read.data.memberStatement).toMatchObject({ memberName: "Rami Nassar" });
  });
});
