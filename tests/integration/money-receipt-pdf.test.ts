/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL answers are checked field by field below. */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { Role } from "../../server/src/common/auth/roles.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { TestClock } from "../support/clock.js";
import { key } from "../support/money.js";
import { startTestServer, type TestServer } from "../support/server.js";

/**
 * Receipts as PDF (issue 38): `/receipts/:id.pdf` is the payer's own (another member's and a
 * visitor's: 404), written in the reader's language with the committed Noto fonts, Arabic right to
 * left; the code and its QR point at the public check. The Arabic and French PDFs are turned into
 * PNG (poppler's pdftoppm, installed by .ci/run) to be looked at, and their text read back
 * (pdftotext). Issuing a receipt emails it to the payer in the payer's language, linking the PDF.
 */
let server: TestServer;
let moderator: BuiltUser;
let payer: BuiltUser;
let other: BuiltUser;
let receiptId: string;
let code: string;
const out = mkdtempSync(join(tmpdir(), "roots-receipt-pdf-"));

const Q = {
  start: `mutation ($input: StartPaymentInput!) { startPayment(input: $input) { reference } }`,
  confirm: `mutation ($input: ConfirmPaymentInput!) { confirmPayment(input: $input) { receiptId } }`,
  receipt: `query ($id: ID!) { receipt(id: $id) { number code } }`,
};

const pdfOf = (id: string, headers: Record<string, string>) => fetch(`${server.url}/receipts/${id}.pdf`, { headers });

beforeAll(async () => {
  server = await startTestServer({}, { clock: new TestClock() });
  const clock = server.clock;
  [moderator, payer, other] = await Promise.all([
    buildUser(server.ds, { clock, roles: [{ role: Role.MODERATOR }] }),
    buildUser(server.ds, { clock, displayName: "ليلى الخوري" }),
    buildUser(server.ds, { clock }),
  ]);
  await server.ds.query(`UPDATE users SET preferred_language = 'ar' WHERE id = $1`, [payer.id]);
  const started = await server.gql<any>(Q.start, { input: { amount: "123456", idempotencyKey: key() } }, { token: payer.token });
  expect(started.errors).toBeUndefined();
  const confirmed = await server.gql<any>(
    Q.confirm,
    { input: { reference: started.data.startPayment.reference, received: "123456", idempotencyKey: key() } },
    { token: moderator.token },
  );
  expect(confirmed.errors).toBeUndefined();
  receiptId = confirmed.data.confirmPayment.receiptId;
  code = (await server.gql<any>(Q.receipt, { id: receiptId }, { token: payer.token })).data.receipt.code;
});
afterAll(async () => {
  await server.stop();
  if (!process.env.KEEP_RECEIPT_PNG) rmSync(out, { recursive: true, force: true });
});

describe("the receipt PDF", () => {
  it("is the payer's own: another member and a visitor get 404", async () => {
    expect((await pdfOf(receiptId, { authorization: `Bearer ${other.token}` })).status).toBe(404);
    expect((await pdfOf(receiptId, {})).status).toBe(404);
    expect((await pdfOf("not-a-receipt", { authorization: `Bearer ${payer.token}` })).status).toBe(404);
    // The HTML receipt links it.
    const page = await fetch(`${server.url}/receipts/${receiptId}`, { headers: { authorization: `Bearer ${payer.token}` } });
    expect(await page.text()).toContain(`/receipts/${receiptId}.pdf`);
  });

  it.each([
    ["ar", "1.234,56", "إيصال"],
    ["fr", "234,56", "Reçu Roots"],
  ])("in %s carries the amount and the verification code, and turns into an image", async (lang, amount, title) => {
    const res = await pdfOf(receiptId, { authorization: `Bearer ${payer.token}`, "accept-language": lang });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/pdf");
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const file = join(out, `receipt-${lang}.pdf`);
    writeFileSync(file, pdf);

    const text = execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"]).toString("utf8");
    expect(text).toContain(code);
    expect(text).toContain(amount);
    expect(text).toContain(`/verify/${code}`);
    if (lang === "fr") expect(text).toContain(title);

    execFileSync("pdftoppm", ["-png", "-r", "80", "-singlefile", file, join(out, `receipt-${lang}`)]);
    const png = join(out, `receipt-${lang}.png`);
    expect(statSync(png).size).toBeGreaterThan(10_000);
    expect(readFileSync(png).subarray(1, 4).toString()).toBe("PNG");
    // Both fonts are embedded (subsets): Arabic letters in Noto Naskh Arabic, Latin ones in Noto Sans.
    const fontsList = execFileSync("pdffonts", [file]).toString();
    expect(fontsList).toContain("NotoSans");
    if (lang === "ar") expect(fontsList).toContain("NotoNaskhArabic");
  });
});

describe("the receipt email", () => {
  it("goes to the payer once, in the payer's language, linking the PDF", async () => {
    const mails: { subject: string; text: string; language: string }[] = await server.ds.query(
      `SELECT subject, text, language FROM outbox_emails WHERE to_address = $1 AND text LIKE $2`,
      [payer.email, `%/receipts/${receiptId}.pdf%`],
    );
    expect(mails).toHaveLength(1);
    expect(mails[0].language).toBe("ar");
    expect(mails[0].subject).toContain("إيصالك");
    expect(mails[0].text).toContain(code);
    expect(mails[0].text).toContain("1.234,56");
    // The confirmation's notification stays in the bell: one email for one payment.
    const [{ n }] = await server.ds.query(`SELECT count(*)::int AS n FROM outbox_emails WHERE to_address = $1`, [payer.email]);
    expect(n).toBe(1);
  });
});
