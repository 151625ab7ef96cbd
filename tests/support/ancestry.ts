/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL answers are checked field by field by the tests. */
import { expect } from "@jest/globals";
import { Role } from "../../server/src/common/auth/roles.js";
import { buildUser } from "../factories/users.js";
import { TestClock } from "./clock.js";
import { buildVillage } from "./genealogy.js";
import { startTestServer } from "./server.js";
import { loadConfig } from "../../server/src/config.js";
import { createSession } from "../../server/src/modules/accounts/sessions.service.js";
import { setExchangeRate } from "../../server/src/modules/money/index.js";
import type { BuiltUser } from "../factories/users.js";
import { key, moneyDeps } from "./money.js";
import type { TestServer } from "./server.js";

export const REQUEST_FIELDS = `id reference state delivery translation isPrivate totalUsd paymentReference question rejectionReason
  registryReference trackingNumber stepDueOn overdueDays expectedFrom expectedTo assignedToViewer nextStates
  details { subjectNameAr fatherName motherName registrationNumber subjectLiving authority contactEmail }
  lines { kind usd lbp ratePerUsd status } events { kind fromState toState note expectedOn }
  viewerCan { edit cancel answer claim assign work }`;

export const AQ = {
  types: `{ documentTypes { id code name governmentFeeLbp serviceFeeUsd requiredFields } }`,
  mine: `{ myDocumentRequests { id state } }`,
  one: `query ($id: ID!) { documentRequest(id: $id) { ${REQUEST_FIELDS} } }`,
  save: `mutation ($input: SaveDocumentRequestInput!) { saveDocumentRequest(input: $input) { ${REQUEST_FIELDS} } }`,
  submit: `mutation ($id: ID!) { submitDocumentRequest(id: $id) { ${REQUEST_FIELDS} } }`,
  cancel: `mutation ($id: ID!) { cancelDocumentRequest(id: $id) { ${REQUEST_FIELDS} } }`,
  answer: `mutation ($id: ID!, $answer: String!) { answerDocumentRequest(id: $id, answer: $answer) { ${REQUEST_FIELDS} } }`,
  desk: `query ($filter: DocumentDeskFilter, $first: Int, $after: String) { documentDesk(filter: $filter, first: $first, after: $after) {
    totalCount pageInfo { hasNextPage endCursor } edges { node { id reference state isPrivate overdueDays details { subjectNameAr } } } } }`,
  claim: `mutation ($id: ID!) { claimDocumentRequest(id: $id) { id assignedToViewer } }`,
  assign: `mutation ($id: ID!, $officerId: ID!) { assignDocumentRequest(id: $id, officerId: $officerId) { id assignedToViewer } }`,
  move: `mutation ($input: MoveDocumentRequestInput!) { moveDocumentRequest(input: $input) { ${REQUEST_FIELDS} } }`,
  ask: `mutation ($id: ID!, $question: String!) { requestInformation(id: $id, question: $question) { ${REQUEST_FIELDS} } }`,
  updateType: `mutation ($input: UpdateDocumentTypeInput!) { updateDocumentType(input: $input) { id reviewDays serviceFeeUsd } }`,
  holiday: `mutation ($input: SetPublicHolidayInput!) { setPublicHoliday(input: $input) { day code name toConfirm } }`,
  holidays: `query ($from: String!, $to: String!) { publicHolidays(from: $from, to: $to) { day code name toConfirm } }`,
  can: `{ viewer { can { handleDocumentRequests } } }`,
  startPayment: `mutation ($input: StartPaymentInput!) { startPayment(input: $input) { reference } }`,
  confirm: `mutation ($input: ConfirmPaymentInput!) { confirmPayment(input: $input) { transactionId } }`,
  wallet: `{ wallet { available held posted } }`,
};

export const errorOf = (r: { errors?: { message: string; extensions?: { code?: string; fields?: unknown } }[] }) =>
  r.errors ? { code: r.errors[0].extensions?.code, message: r.errors[0].message, fields: r.errors[0].extensions?.fields } : null;

/** The data of an answer that must have no error. */
export function ok<T = any>(r: { data?: any; errors?: unknown }, field: string): T {
  expect(r.errors).toBeUndefined();
  return r.data[field] as T;
}

/** Rows a refused request must not add: requests, fee lines, events, holds, ledger transactions, payments, audit rows. */
export async function footprint(server: TestServer): Promise<Record<string, number>> {
  const [r] = await server.ds.query(
    `SELECT (SELECT count(*) FROM ancestry_requests)::int AS requests, (SELECT count(*) FROM ancestry_request_lines)::int AS lines,
            (SELECT count(*) FROM ancestry_request_events)::int AS events, (SELECT count(*) FROM money_holds)::int AS holds,
            (SELECT count(*) FROM money_transactions)::int AS transactions, (SELECT count(*) FROM money_payments)::int AS payments,
            (SELECT count(*) FROM audit_logs)::int AS audits,
            (SELECT string_agg(state || coalesce(assigned_to::text, ''), ',' ORDER BY id) FROM ancestry_requests) AS states`,
  );
  return r;
}

/** Sets the LBP rate (government fees are set in LBP). */
export const lbpRate = (server: TestServer, perUsd = "89500") =>
  setExchangeRate(moneyDeps(server), { currency: "LBP", perUsd, source: "Banque du Liban", effectiveOn: "2026-12-01", by: null });

/** Puts `cents` in a member's wallet: a bank transfer the moderator confirms. */
export async function fund(server: TestServer, member: BuiltUser, moderator: BuiltUser, cents: string): Promise<void> {
  const p = ok(
    await server.gql(AQ.startPayment, { input: { amount: cents, idempotencyKey: key() } }, { token: member.token }),
    "startPayment",
  );
  ok(
    await server.gql(AQ.confirm, { input: { reference: p.reference, received: cents, idempotencyKey: key() } }, { token: moderator.token }),
    "confirmPayment",
  );
}

/** A new session for a member whose token ran out while the test clock moved on. */
export async function freshToken(server: TestServer, user: BuiltUser): Promise<BuiltUser> {
  const s = await createSession(server.ds, user.id, {
    client: { ip: "127.0.0.1", userAgent: "test" },
    config: loadConfig({}),
    clock: server.clock,
  });
  return { ...user, token: s.accessToken, refreshToken: s.refreshToken };
}

/** A server on a TestClock (Friday 4 December 2026, 10:00 in Beirut) with the people ancestry's tests need and an LBP rate. */
export async function ancestryWorld() {
  const server = await startTestServer({}, { clock: new TestClock(new Date("2026-12-04T08:00:00Z")) });
  const clock = server.clock;
  const [member, other, officer, officer2, expired, moderator, admin] = await Promise.all([
    buildUser(server.ds, { clock, displayName: "Maya Haddad" }),
    buildUser(server.ds, { clock }),
    buildUser(server.ds, { clock, displayName: "Rami Nassar", roles: [{ role: Role.DOCUMENT_OFFICER }] }),
    buildUser(server.ds, { clock, roles: [{ role: Role.DOCUMENT_OFFICER }] }),
    buildUser(server.ds, { clock, roles: [{ role: Role.DOCUMENT_OFFICER, expiresAt: new Date("2026-12-01T00:00:00Z") }] }),
    buildUser(server.ds, { clock, roles: [{ role: Role.MODERATOR }] }),
    buildUser(server.ds, { clock, roles: [{ role: Role.ADMIN }] }),
  ]);
  const village = await buildVillage(server, "Zahle");
  await lbpRate(server);
  const extract: { id: string; governmentFeeLbp: string; serviceFeeUsd: string } = ok<any[]>(
    await server.gql(AQ.types),
    "documentTypes",
  ).find((t) => t.code === "individual_extract");
  const as = (u: BuiltUser | null, language = "en") => ({ token: u?.token, language });
  /** A whole, valid request form for the member themself; `overrides` change or clear fields. */
  const form = (overrides: Record<string, unknown> = {}) => ({
    documentTypeId: extract.id,
    subjectNameAr: "مايا حداد",
    subjectNameLatin: "Maya Haddad",
    fatherName: "Elias",
    grandfatherName: "Tanios",
    motherName: "Rima",
    birthDate: "12 March 1990",
    birthPlace: "Zahle",
    registrationVillageId: village.id,
    registrationNumber: "145",
    authority: "self",
    delivery: "digital",
    contactEmail: "maya@example.test",
    ...overrides,
  });
  const draft = async (u: BuiltUser, overrides: Record<string, unknown> = {}) =>
    ok(await server.gql(AQ.save, { input: form(overrides) }, as(u)), "saveDocumentRequest");
  const submitted = async (u: BuiltUser, overrides: Record<string, unknown> = {}) =>
    ok(await server.gql(AQ.submit, { id: (await draft(u, overrides)).id }, as(u)), "submitDocumentRequest");
  return { server, member, other, officer, officer2, expired, moderator, admin, village, extract, as, form, draft, submitted };
}

/** POSTs a file (a power of attorney, a scan) to a request as `user`; the status and the JSON answer. */
export async function uploadFile(
  server: Pick<TestServer, "url">,
  requestId: string,
  user: BuiltUser | null,
  kind: string,
  bytes: Buffer,
  name = "file.pdf",
  language = "en",
): Promise<{ status: number; body: { id?: string; error?: string; message?: string } }> {
  const query = `kind=${encodeURIComponent(kind)}&name=${encodeURIComponent(name)}`;
  const res = await fetch(`${server.url}/api/ancestry/requests/${encodeURIComponent(requestId)}/files?${query}`, {
    method: "POST",
    headers: {
      "content-type": "application/octet-stream",
      "accept-language": language,
      ...(user ? { authorization: `Bearer ${user.token}` } : {}),
    },
    body: new Blob([new Uint8Array(bytes)]),
  });
  return { status: res.status, body: (await res.json()) as { id?: string; error?: string; message?: string } };
}

/** A small PDF, as a registry's scan would be. */
export const SCAN_PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
