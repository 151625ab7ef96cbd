/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL answers are checked field by field below. */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { Role } from "../../server/src/common/auth/roles.js";
import { checkLedger, registerPaymentProvider, startPayment, type MoneyDeps } from "../../server/src/modules/money/index.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { advanceAndRun, DAY, TestClock } from "../support/clock.js";
import { key, moneyDeps } from "../support/money.js";
import { SIGNATURE_HEADER, sign, signingProvider } from "../support/payment-provider.js";
import { startTestServer, type TestServer } from "../support/server.js";

/**
 * Payments (issue 38): a member starts a bank transfer (reference and bank details), staff confirm
 * what arrived (audited; wallet credited, receipt, notification, the asking area's job), refunds,
 * withdrawals held until staff send them, webhooks signed over the raw body, expiry after 14 days,
 * and every bad input refused with a translated error and nothing written.
 */
const SECRET = "webhook-test-secret";
let server: TestServer;
let deps: MoneyDeps;
let member: BuiltUser;
let other: BuiltUser;
let moderator: BuiltUser;
let admin: BuiltUser;
let editor: BuiltUser;

const Q = {
  wallet: `{ wallet { currency posted available held pendingPayments { id reference status amount bankDetails } payouts { id status amount } receipts { id number code kind amount } } }`,
  start: `mutation ($input: StartPaymentInput!) { startPayment(input: $input) { id reference amount status bankDetails expiresAt } }`,
  confirm: `mutation ($input: ConfirmPaymentInput!) { confirmPayment(input: $input) { transactionId receiptId replayed } }`,
  refund: `mutation ($input: RefundPaymentInput!) { refundPayment(input: $input) { transactionId receiptId replayed } }`,
  payout: `mutation ($input: RequestPayoutInput!) { requestPayout(input: $input) { id status amount } }`,
  confirmPayout: `mutation ($input: ConfirmPayoutInput!) { confirmPayout(input: $input) { transactionId receiptId replayed } }`,
  reverse: `mutation ($input: ReverseTransactionInput!) { reverseTransaction(input: $input) { transactionId replayed } }`,
  desk: `{ paymentsDesk { pendingPayments { reference memberName amount } requestedPayouts { id memberName amount } rates { perUsd source effectiveOn } } }`,
  rate: `mutation ($input: SetExchangeRateInput!) { setExchangeRate(input: $input) { perUsd source effectiveOn } }`,
  receipt: `query ($id: ID!) { receipt(id: $id) { number code kind amount reference } }`,
  verify: `query ($code: String!) { verifyReceipt(code: $code) { number kind amount currency } }`,
  entries: `{ ledgerEntries { kind purpose amount currency } }`,
  can: `{ viewer { can { handlePayments } } }`,
};

const errorOf = (r: { errors?: { message: string; extensions?: { code?: string } }[] }) =>
  r.errors ? { code: r.errors[0].extensions?.code, message: r.errors[0].message } : null;

const counts = async () => {
  const [r] = await server.ds.query(
    `SELECT (SELECT count(*) FROM money_transactions)::int AS t, (SELECT count(*) FROM money_receipts)::int AS rc,
            (SELECT coalesce(max(last), 0) FROM money_receipt_counters)::int AS n, (SELECT count(*) FROM money_payments)::int AS p,
            (SELECT count(*) FROM money_payouts)::int AS po, (SELECT count(*) FROM money_requests)::int AS k`,
  );
  return r;
};

async function started(token: string, amount = "5000") {
  const r = await server.gql<any>(Q.start, { input: { amount, idempotencyKey: key() } }, { token });
  expect(r.errors).toBeUndefined();
  return r.data.startPayment as { id: string; reference: string };
}

async function confirmed(reference: string, received = "5000", token = moderator.token) {
  const r = await server.gql<any>(Q.confirm, { input: { reference, received, idempotencyKey: key() } }, { token });
  expect(r.errors).toBeUndefined();
  return r.data.confirmPayment as { transactionId: string; receiptId: string };
}

beforeAll(async () => {
  registerPaymentProvider(signingProvider);
  server = await startTestServer(
    { PAYMENT_PROVIDERS: "manual,test-signing", PAYMENT_WEBHOOK_SECRET: SECRET, PAYMENT_BANK_DETAILS: "Roots SAL | IBAN LB12 3456" },
    { clock: new TestClock() },
  );
  deps = moneyDeps(server, { PAYMENT_PROVIDERS: "manual,test-signing", PAYMENT_WEBHOOK_SECRET: SECRET });
  const clock = server.clock;
  [member, other, moderator, admin, editor] = await Promise.all([
    buildUser(server.ds, { clock, displayName: "Maya Haddad" }),
    buildUser(server.ds, { clock }),
    buildUser(server.ds, { clock, roles: [{ role: Role.MODERATOR }] }),
    buildUser(server.ds, { clock, roles: [{ role: Role.ADMIN }] }),
    buildUser(server.ds, { clock, roles: [{ role: Role.EDITOR }] }),
  ]);
});
afterAll(() => server.stop());

describe("sign-in and roles", () => {
  it("asks a visitor to sign in for the wallet and the desk, and refuses the desk to members and editors", async () => {
    expect(errorOf(await server.gql(Q.wallet))?.code).toBe("UNAUTHENTICATED");
    expect(errorOf(await server.gql(Q.start, { input: { amount: "100", idempotencyKey: "x" } }))?.code).toBe("UNAUTHENTICATED");
    for (const who of [member, editor]) {
      expect(errorOf(await server.gql(Q.desk, {}, { token: who.token }))?.code).toBe("FORBIDDEN");
      expect(
        errorOf(
          await server.gql(Q.confirm, { input: { reference: "RT-AAAA-AAAA", received: "1", idempotencyKey: "x" } }, { token: who.token }),
        )?.code,
      ).toBe("FORBIDDEN");
    }
    for (const who of [moderator, admin]) expect(errorOf(await server.gql(Q.desk, {}, { token: who.token }))).toBeNull();
    const can = async (u: BuiltUser) => (await server.gql<any>(Q.can, {}, { token: u.token })).data.viewer.can.handlePayments;
    expect([await can(member), await can(editor), await can(moderator), await can(admin)]).toEqual([false, false, true, true]);
  });
});

describe("a bank transfer", () => {
  it("gives a reference and the bank details; staff confirm it: wallet, receipt, audit, notification", async () => {
    const p = await started(member.token);
    expect(p.reference).toMatch(/^RT-[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}$/);
    const w = (await server.gql<any>(Q.wallet, {}, { token: member.token })).data.wallet;
    expect(w).toMatchObject({ currency: "USD", posted: "0", available: "0" });
    expect(w.pendingPayments[0]).toMatchObject({
      reference: p.reference,
      status: "pending",
      amount: "5000",
      bankDetails: ["Roots SAL", "IBAN LB12 3456"],
    });
    const desk = (await server.gql<any>(Q.desk, {}, { token: moderator.token })).data.paymentsDesk;
    expect(desk.pendingPayments).toContainEqual({ reference: p.reference, memberName: "Maya Haddad", amount: "5000" });

    // Less arrived than asked: the wallet gets what arrived.
    const c = await confirmed(p.reference.toLowerCase(), "4990");
    const after = (await server.gql<any>(Q.wallet, {}, { token: member.token })).data.wallet;
    expect(after).toMatchObject({ posted: "4990", available: "4990", pendingPayments: [] });
    expect(after.receipts[0]).toMatchObject({ kind: "payment", amount: "4990", id: c.receiptId });
    expect(after.receipts[0].number).toMatch(/^\d{4}-\d{6}$/);
    expect(after.receipts[0].code).toMatch(/^[A-Z2-7]{20}$/);
    const [a] = await server.ds.query(
      `SELECT user_id, action, after FROM audit_logs WHERE table_name = 'money_payments' AND record_id = $1`,
      [p.id],
    );
    expect(a).toMatchObject({ user_id: moderator.id, action: "confirm", after: { received: "4990" } });
    const [n] = await server.ds.query(`SELECT kind, params FROM notifications WHERE user_id = $1`, [member.id]);
    expect(n).toMatchObject({ kind: "money.payment_confirmed", params: { amount: "4990", receiptId: c.receiptId } });
    const [event] = await server.ds.query(
      `SELECT event_type, user_id, entity_id, properties FROM analytics_events WHERE action = 'receipt_generated'`,
    );
    expect(event).toEqual({ event_type: "economic", user_id: null, entity_id: null, properties: { receiptType: "payment" } });
    expect((await server.gql<any>(Q.entries, {}, { token: member.token })).data.ledgerEntries).toEqual([
      { kind: "payment", purpose: "wallet", amount: "4990", currency: "USD" },
    ]);
    expect(await checkLedger(server.ds)).toEqual([]);
  });

  it("refuses confirming twice or an unknown reference, with nothing written", async () => {
    const p = await started(member.token, "100");
    await confirmed(p.reference, "100");
    const before = await counts();
    const twice = await server.gql<any>(
      Q.confirm,
      { input: { reference: p.reference, received: "100", idempotencyKey: key() } },
      { token: moderator.token },
    );
    expect(errorOf(twice)).toEqual({ code: "BAD_USER_INPUT", message: "This payment has already been confirmed." });
    const unknown = await server.gql<any>(
      Q.confirm,
      { input: { reference: "RT-2222-2222", received: "100", idempotencyKey: key() } },
      { token: moderator.token, language: "fr" },
    );
    expect(errorOf(unknown)).toEqual({ code: "NOT_FOUND", message: "Aucun paiement ne porte cette référence." });
    expect(await counts()).toEqual(before);
  });

  it("refuses zero, negative, fractional and too large amounts, in the reader's language, writing nothing", async () => {
    const before = await counts();
    for (const amount of ["0", "-5", "12.5", "1e3", "100000001", "", "abc"]) {
      const r = await server.gql<any>(Q.start, { input: { amount, idempotencyKey: key() } }, { token: member.token, language: "ar" });
      expect(errorOf(r)?.code).toBe("BAD_USER_INPUT");
      expect(r.errors![0].message).toMatch(/[\u0600-\u06FF]/);
    }
    const payout = await server.gql<any>(
      Q.payout,
      { input: { amount: "999999", destination: "LB00 1234", idempotencyKey: key() } },
      { token: member.token },
    );
    expect(errorOf(payout)).toEqual({ code: "BAD_USER_INPUT", message: "There is not enough available in this account." });
    expect(await counts()).toEqual(before);
  });

  it("answers a retried key with the first payment, and refuses the key with another body", async () => {
    const k = key();
    const a = await server.gql<any>(Q.start, { input: { amount: "700", idempotencyKey: k } }, { token: member.token });
    const b = await server.gql<any>(Q.start, { input: { amount: "700", idempotencyKey: k } }, { token: member.token });
    expect(b.data.startPayment.reference).toBe(a.data.startPayment.reference);
    const c = await server.gql<any>(Q.start, { input: { amount: "701", idempotencyKey: k } }, { token: member.token });
    expect(errorOf(c)?.code).toBe("CONFLICT");
    // Another member's same key is their own.
    const d = await server.gql<any>(Q.start, { input: { amount: "701", idempotencyKey: k } }, { token: other.token });
    expect(d.errors).toBeUndefined();
  });

  it("sends, in the confirming transaction, the job the asking area named", async () => {
    const { payment } = await startPayment(
      deps,
      { memberId: other.id, amount: 250n, then: { job: "notifications.digest", payload: { from: "test" } } },
      { idempotencyKey: key() },
    );
    await confirmed(payment.reference, "250");
    const jobs = await server.ds.query(`SELECT data FROM pgboss.job WHERE name = 'notifications.digest' AND singleton_key = $1`, [
      `payment:${payment.id}`,
    ]);
    expect(jobs).toHaveLength(1);
    expect(jobs[0].data).toMatchObject({ from: "test", paymentId: payment.id, received: "250" });
    // A job name nobody defined is refused when the payment starts, and nothing is written.
    const before = await counts();
    await expect(
      startPayment(deps, { memberId: other.id, amount: 250n, then: { job: "nobody.nothing", payload: {} } }, { idempotencyKey: key() }),
    ).rejects.toMatchObject({ code: "BAD_USER_INPUT", key: "money.errors.then_job" });
    expect(await counts()).toEqual(before);
  });
});

describe("refunds, payouts and reversals", () => {
  it("refunds up to what was paid, with a receipt each time", async () => {
    const u = await buildUser(server.ds, { clock: server.clock });
    const p = await started(u.token, "1000");
    await confirmed(p.reference, "1000");
    const r1 = await server.gql<any>(
      Q.refund,
      { input: { paymentId: p.id, amount: "600", idempotencyKey: key() } },
      { token: admin.token },
    );
    expect(r1.errors).toBeUndefined();
    const over = await server.gql<any>(
      Q.refund,
      { input: { paymentId: p.id, amount: "401", idempotencyKey: key() } },
      { token: admin.token },
    );
    expect(errorOf(over)).toEqual({ code: "BAD_USER_INPUT", message: "You cannot refund more than was paid." });
    const w = (await server.gql<any>(Q.wallet, {}, { token: u.token })).data.wallet;
    expect(w.posted).toBe("400");
    expect(w.receipts.map((r: any) => r.kind)).toEqual(["refund", "payment"]);
  });

  it("holds a withdrawal until staff confirm it, then posts it with a receipt", async () => {
    const u = await buildUser(server.ds, { clock: server.clock });
    const p = await started(u.token, "1000");
    await confirmed(p.reference, "1000");
    const po = await server.gql<any>(
      Q.payout,
      { input: { amount: "700", destination: "LB62 0999 0000 0001", idempotencyKey: key() } },
      { token: u.token },
    );
    expect(po.data.requestPayout).toMatchObject({ status: "requested", amount: "700" });
    expect((await server.gql<any>(Q.wallet, {}, { token: u.token })).data.wallet).toMatchObject({
      posted: "1000",
      available: "300",
      held: "700",
    });
    const c = await server.gql<any>(
      Q.confirmPayout,
      { input: { payoutId: po.data.requestPayout.id, idempotencyKey: key() } },
      { token: moderator.token },
    );
    expect(c.errors).toBeUndefined();
    expect((await server.gql<any>(Q.wallet, {}, { token: u.token })).data.wallet).toMatchObject({
      posted: "300",
      available: "300",
      held: "0",
    });
    const again = await server.gql<any>(
      Q.confirmPayout,
      { input: { payoutId: po.data.requestPayout.id, idempotencyKey: key() } },
      { token: moderator.token },
    );
    expect(errorOf(again)?.message).toBe("This withdrawal has already been handled.");
    expect(await checkLedger(server.ds)).toEqual([]);
  });

  it("reverses a transaction once, audited with its reason", async () => {
    const u = await buildUser(server.ds, { clock: server.clock });
    const p = await started(u.token, "800");
    const c = await confirmed(p.reference, "800");
    const r = await server.gql<any>(
      Q.reverse,
      { input: { transactionId: c.transactionId, reason: "confirmed the wrong reference", idempotencyKey: key() } },
      { token: moderator.token },
    );
    expect(r.errors).toBeUndefined();
    expect((await server.gql<any>(Q.wallet, {}, { token: u.token })).data.wallet.posted).toBe("0");
    const twice = await server.gql<any>(
      Q.reverse,
      { input: { transactionId: c.transactionId, reason: "confirmed twice by mistake", idempotencyKey: key() } },
      { token: moderator.token },
    );
    expect(errorOf(twice)?.message).toBe("This transaction has already been reversed.");
    const [a] = await server.ds.query(`SELECT action, after FROM audit_logs WHERE table_name = 'money_transactions' AND record_id = $1`, [
      c.transactionId,
    ]);
    expect(a).toMatchObject({ action: "reverse", after: { reason: "confirmed the wrong reference" } });
  });
});

describe("a member's statement", () => {
  const STATEMENT = `query ($id: ID!, $reason: String!) { memberStatement(memberId: $id, reason: $reason) { memberName wallet { posted } entries { kind amount } } }`;
  it("is read by staff only, with a reason, audited", async () => {
    const u = await buildUser(server.ds, { clock: server.clock, displayName: "Karim Saab" });
    const p = await started(u.token, "321");
    await confirmed(p.reference, "321");
    expect(errorOf(await server.gql(STATEMENT, { id: u.id, reason: "a member asked about a payment" }, { token: other.token }))?.code).toBe(
      "FORBIDDEN",
    );
    const short = await server.gql(STATEMENT, { id: u.id, reason: "why" }, { token: moderator.token });
    expect(errorOf(short)).toEqual({ code: "BAD_USER_INPUT", message: "Give a reason (at least 10 characters)." });
    const r = await server.gql<any>(STATEMENT, { id: u.id, reason: "the member asked about a payment" }, { token: moderator.token });
    expect(r.data.memberStatement).toEqual({
      memberName: "Karim Saab",
      wallet: { posted: "321" },
      entries: [{ kind: "payment", amount: "321" }],
    });
    const audits = await server.ds.query(`SELECT user_id, after FROM audit_logs WHERE action = 'read_statement' AND record_id = $1`, [
      u.id,
    ]);
    expect(audits).toEqual([{ user_id: moderator.id, after: { reason: "the member asked about a payment" } }]);
  });
});

describe("receipts", () => {
  it("are the member's own (another member's is NOT_FOUND) and anyone verifies one by its code", async () => {
    const u = await buildUser(server.ds, { clock: server.clock });
    const p = await started(u.token, "1234");
    const c = await confirmed(p.reference, "1234");
    const mine = await server.gql<any>(Q.receipt, { id: c.receiptId }, { token: u.token });
    expect(mine.data.receipt).toMatchObject({ kind: "payment", amount: "1234", reference: p.reference });
    expect(errorOf(await server.gql(Q.receipt, { id: c.receiptId }, { token: other.token }))?.code).toBe("NOT_FOUND");
    const v = await server.gql<any>(Q.verify, { code: mine.data.receipt.code.toLowerCase() });
    expect(v.data.verifyReceipt).toEqual({ number: mine.data.receipt.number, kind: "payment", amount: "1234", currency: "USD" });
    expect(errorOf(await server.gql(Q.verify, { code: "A".repeat(20) }))?.code).toBe("NOT_FOUND");
    // The public page shows what the receipt shows, in the visitor's language.
    const page = await fetch(`${server.url}/verify/${mine.data.receipt.code}`, { headers: { "accept-language": "ar" } });
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('dir="rtl"');
    expect(html).toContain(mine.data.receipt.number);
    // Arabic pages write amounts as Lebanese prices are written: Latin digits, a comma before the cents.
    expect(html).toContain("12,34");
    expect(html).not.toContain(u.email);
    const own = await fetch(`${server.url}/receipts/${c.receiptId}`, { headers: { authorization: `Bearer ${u.token}` } });
    expect(own.status).toBe(200);
    expect((await fetch(`${server.url}/receipts/${c.receiptId}`, { headers: { authorization: `Bearer ${other.token}` } })).status).toBe(
      404,
    );
    expect((await fetch(`${server.url}/receipts/${c.receiptId}`)).status).toBe(404);
    // Opened from a link, the page is read as the member the page cookie names, like rendered pages.
    const byCookie = await fetch(`${server.url}/receipts/${c.receiptId}`, { headers: { cookie: `roots_page=${u.token}` } });
    expect(byCookie.status).toBe(200);
    expect((await fetch(`${server.url}/receipts/${c.receiptId}`, { headers: { cookie: `roots_page=${other.token}` } })).status).toBe(404);
    // The cookie never writes: an upload carrying only it is a visitor's, refused before its body is read.
    const upload = await fetch(`${server.url}/api/media?kind=photo&target=x`, {
      method: "POST",
      headers: { cookie: `roots_page=${u.token}` },
      body: "x",
    });
    expect(upload.status).toBe(401);
  });

  it("are numbered without gaps within the year, even when confirmations run at once and some fail", async () => {
    const u = await buildUser(server.ds, { clock: server.clock });
    const refs = await Promise.all(Array.from({ length: 6 }, () => started(u.token, "10")));
    await Promise.all([
      ...refs.map((p) =>
        server.gql(Q.confirm, { input: { reference: p.reference, received: "10", idempotencyKey: key() } }, { token: moderator.token }),
      ),
      ...refs.map((p) =>
        server.gql(Q.confirm, { input: { reference: p.reference, received: "10", idempotencyKey: key() } }, { token: admin.token }),
      ),
    ]);
    const rows: { year: number; seq: number }[] = await server.ds.query(`SELECT year, seq FROM money_receipts ORDER BY year, seq`);
    const year = rows[rows.length - 1].year;
    const seqs = rows.filter((r) => r.year === year).map((r) => r.seq);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
  });
});

describe("webhooks", () => {
  const post = (body: string, signature?: string) =>
    fetch(`${server.url}/api/payments/webhook/test-signing`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(signature ? { [SIGNATURE_HEADER]: signature } : {}) },
      body,
    });

  it("confirm a payment once per event id, signed over the raw body; a bad signature writes nothing", async () => {
    const u = await buildUser(server.ds, { clock: server.clock });
    const p = await started(u.token, "900");
    // The signature covers these exact bytes (spacing included): re-serialising would break it.
    const body = `{ "id": "evt_1", "reference": "${p.reference}",  "amount": "900" }`;
    const before = await counts();
    expect((await post(body)).status).toBe(401);
    expect((await post(body, sign("wrong-secret", body))).status).toBe(401);
    expect((await post(body.replace("900", "9000"), sign(SECRET, body))).status).toBe(401);
    expect(await counts()).toEqual(before);
    const [first, second] = await Promise.all([post(body, sign(SECRET, body)), post(body, sign(SECRET, body))]);
    const answers = [await first.json(), await second.json()] as any[];
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(answers[0].transactionId).toBe(answers[1].transactionId);
    expect(answers.map((a) => a.replayed).sort()).toEqual([false, true]);
    expect((await server.gql<any>(Q.wallet, {}, { token: u.token })).data.wallet.posted).toBe("900");
    expect((await fetch(`${server.url}/api/payments/webhook/manual`, { method: "POST", body })).status).toBe(404);
  });
});

describe("exchange rates", () => {
  it("are kept by staff as exact decimals (audited); bad ones are refused", async () => {
    const ok = await server.gql<any>(
      Q.rate,
      { input: { currency: "LBP", perUsd: "89500.5", source: "Banque du Liban", effectiveOn: "2026-12-01" } },
      { token: moderator.token },
    );
    expect(ok.data.setExchangeRate).toEqual({ perUsd: "89500.500000", source: "Banque du Liban", effectiveOn: "2026-12-01" });
    for (const input of [
      { currency: "LBP", perUsd: "0", source: "BdL", effectiveOn: "2026-12-01" },
      { currency: "LBP", perUsd: "1.1234567", source: "BdL", effectiveOn: "2026-12-01" },
      { currency: "LBP", perUsd: "89500", source: "", effectiveOn: "2026-12-01" },
      { currency: "LBP", perUsd: "89500", source: "BdL", effectiveOn: "2026-02-30" },
      { currency: "EUR", perUsd: "1", source: "BdL", effectiveOn: "2026-12-01" },
    ])
      expect(errorOf(await server.gql(Q.rate, { input }, { token: moderator.token }))?.code).toBe("BAD_USER_INPUT");
    expect(
      errorOf(
        await server.gql(
          Q.rate,
          { input: { currency: "LBP", perUsd: "1", source: "x", effectiveOn: "2026-12-01" } },
          { token: member.token },
        ),
      )?.code,
    ).toBe("FORBIDDEN");
  });
});

// Last: the clock moves 14 days on (the test tokens expire with it).
describe("unpaid payments", () => {
  it("expires unpaid after 14 days; a late confirmation is refused", async () => {
    const p = await started(other.token, "300");
    await advanceAndRun(server, 13 * DAY);
    expect((await server.ds.query(`SELECT status FROM money_payments WHERE id = $1`, [p.id]))[0].status).toBe("pending");
    await advanceAndRun(server, DAY + 3_600_000);
    expect((await server.ds.query(`SELECT status FROM money_payments WHERE id = $1`, [p.id]))[0].status).toBe("expired");
    const staff = await buildUser(server.ds, { clock: server.clock, roles: [{ role: Role.MODERATOR }] });
    const r = await server.gql<any>(
      Q.confirm,
      { input: { reference: p.reference, received: "300", idempotencyKey: key() } },
      { token: staff.token },
    );
    expect(errorOf(r)?.message).toBe("This payment has expired: it was not paid within 14 days.");
  });

  it("forgets idempotency keys after 30 days: the same key is then a new request", async () => {
    const u = await buildUser(server.ds, { clock: server.clock });
    const k = key();
    const first = await server.gql<any>(Q.start, { input: { amount: "100", idempotencyKey: k } }, { token: u.token });
    const memberKey = `m:${u.id}:${k}`;
    await advanceAndRun(server, 29 * DAY);
    expect(await server.ds.query(`SELECT 1 FROM money_requests WHERE key = $1`, [memberKey])).toHaveLength(1);
    await advanceAndRun(server, 2 * DAY);
    expect(await server.ds.query(`SELECT 1 FROM money_requests WHERE key = $1`, [memberKey])).toHaveLength(0);
    // The member's session has lapsed by now: the same request, as the API would send it, through index.ts.
    const again = await startPayment(deps, { memberId: u.id, amount: 100n }, { idempotencyKey: memberKey });
    expect(again.replayed).toBe(false);
    expect(again.payment.id).not.toBe(first.data.startPayment.id);
  });
});
