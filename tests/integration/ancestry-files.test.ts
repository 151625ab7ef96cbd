/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL answers are checked field by field below. */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import sharp from "sharp";
import { checkLedger } from "../../server/src/modules/money/index.js";
import { Role } from "../../server/src/common/auth/roles.js";
import { fromGlobalId } from "../../server/src/common/global-id.js";
import { assignCurator } from "../factories/curators.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { ancestryWorld, AQ, errorOf, footprint, fund, ok, SCAN_PDF, uploadFile } from "../support/ancestry.js";
import { buildPerson } from "../support/genealogy.js";
import { key } from "../support/money.js";
import type { TestServer } from "../support/server.js";

/**
 * Ancestry's files (issue 39): the member's power of attorney and the officer's scan, checked
 * by their bytes and size, served through signed links that expire, only to those who see the
 * request's details; a delivered scan added to the person's sources, then VERIFIED by a curator;
 * and staff refunds of posted fees, never more than was paid.
 */
let w: Awaited<ReturnType<typeof ancestryWorld>>;
let server: TestServer;
let member: BuiltUser, other: BuiltUser, officer: BuiltUser, officer2: BuiltUser, moderator: BuiltUser, admin: BuiltUser;
const as = (u: BuiltUser | null, language = "en") => ({ token: u?.token, language });

const PDF = SCAN_PDF;
const HTML_AS_PDF = Buffer.from("<!doctype html><html><body><script>alert(document.cookie)</script></body></html>");
let PNG: Buffer;
let scanUrl: string;

const FILE_FIELDS = `files { id kind name mime size url attachedAt } lines { id kind usd status refundedUsd } viewerCan { attach refund }`;
const ONE = `query ($id: ID!) { documentRequest(id: $id) { id state ${FILE_FIELDS} } }`;
const DESK_ONE = `query { documentDesk(first: 100) { edges { node { id isPrivate files { kind url } } } } }`;
const ATTACH = `mutation ($id: ID!) { attachDocumentScan(id: $id) { id ${FILE_FIELDS} } }`;
const REFUND = `mutation ($input: RefundDocumentFeeInput!) { refundDocumentFee(input: $input) { id lines { kind refundedUsd } } }`;

const upload = (requestId: string, user: BuiltUser | null, kind: string, bytes: Buffer, name = "file.pdf", language = "en") =>
  uploadFile(server, requestId, user, kind, bytes, name, language);

const rawId = (globalId: string) => fromGlobalId(globalId)!.id;
const fileRows = async (requestId: string) =>
  (await server.ds.query(`SELECT kind, name, mime FROM ancestry_request_files WHERE request_id = $1`, [rawId(requestId)])) as any[];

beforeAll(async () => {
  w = await ancestryWorld();
  ({ server, member, other, officer, officer2, moderator, admin } = w);
  PNG = await sharp({ create: { width: 60, height: 40, channels: 3, background: "#f4efe6" } })
    .png()
    .toBuffer();
  await fund(server, member, moderator, "50000");
});
afterAll(() => server.stop());

describe("a power of attorney", () => {
  it("is needed to request a living relative's record as their attorney, and checked by its content", async () => {
    const d = await w.draft(member, { authority: "power_of_attorney", subjectNameAr: "رامي حداد", subjectNameLatin: "Rami Haddad" });
    expect(errorOf(await server.gql(AQ.submit, { id: d.id }, as(member)))?.message).toBe(
      "Attach the power of attorney to request with it.",
    );

    const before = await footprint(server);
    // HTML named .pdf: refused by its bytes, in the reader's language; nothing stored.
    const html = await upload(d.id, member, "authority", HTML_AS_PDF, "procuration.pdf", "fr");
    expect(html).toEqual({
      status: 415,
      body: { error: "ancestry.errors.file_type", message: "Seuls les fichiers PDF, JPEG ou PNG sont acceptés." },
    });
    // Too large: refused before the body is read.
    const big = await upload(d.id, member, "authority", Buffer.alloc(20 * 1024 * 1024 + 1, 0x25), "big.pdf");
    expect(big.status).toBe(413);
    expect(big.body.message).toBe("A file can be at most 20 MB.");
    // Not the member's request, no session, an unknown kind: refused.
    expect((await upload(d.id, other, "authority", PDF)).status).toBe(404);
    expect((await upload(d.id, null, "authority", PDF)).status).toBe(401);
    expect((await upload(d.id, member, "passport", PDF)).status).toBe(400);
    // An officer cannot add a scan to a draft.
    expect((await upload(d.id, officer, "scan", PNG)).status).toBe(404);
    expect(await footprint(server)).toEqual(before);
    expect(await fileRows(d.id)).toEqual([]);

    const good = await upload(d.id, member, "authority", PDF, "../../etc/\u202Eprocuration.pdf");
    expect(good.status).toBe(201);
    expect(await fileRows(d.id)).toEqual([{ kind: "authority", name: "procuration.pdf", mime: "application/pdf" }]);
    const r = ok(await server.gql(AQ.submit, { id: d.id }, as(member)), "submitDocumentRequest");
    expect(r.state).toBe("in_review");
    // Submitted: the authority can no longer change.
    expect((await upload(d.id, member, "authority", PDF)).status).toBe(409);
  });
});

describe("the delivered scan", () => {
  let requestId: string;
  let person: string;

  beforeAll(async () => {
    person = await buildPerson(server, member, {
      fullName: "Maya Haddad",
      fullNameAr: "مايا حداد",
      birthDate: "12 March 1990",
      villageId: w.village.id,
    });
    await server.ds.query(`UPDATE people SET user_id = $1 WHERE id = $2`, [member.id, rawId(person)]);
    const r = await w.submitted(member, { personId: person });
    requestId = r.id;
    ok(await server.gql(AQ.claim, { id: requestId }, as(officer)), "claimDocumentRequest");
    for (const to of ["at_registry", "issued"])
      ok(await server.gql(AQ.move, { input: { id: requestId, to, registryReference: "ZH/2026/145" } }, as(officer)), "moveDocumentRequest");
  });

  it("is uploaded by the request's officer only, and a digital request is delivered only with it", async () => {
    expect(errorOf(await server.gql(AQ.move, { input: { id: requestId, to: "delivered" } }, as(officer)))?.message).toBe(
      "Upload the document's scan before marking it delivered.",
    );
    expect((await upload(requestId, officer2, "scan", PNG, "extract.png")).status).toBe(403);
    expect((await upload(requestId, member, "scan", PNG, "extract.png")).status).toBe(404);
    expect((await upload(requestId, officer, "scan", PNG, "extract.png")).status).toBe(201);
    const m = ok(await server.gql(AQ.move, { input: { id: requestId, to: "delivered" } }, as(officer)), "moveDocumentRequest");
    expect(m.state).toBe("delivered");
    // Delivered: no more scans.
    expect((await upload(requestId, officer, "scan", PNG)).status).toBe(409);
  });

  it("downloads as an attachment through a signed link, which a changed signature or time closes", async () => {
    const r = ok(await server.gql(ONE, { id: requestId }, as(member)), "documentRequest");
    expect(r.files).toMatchObject([{ kind: "scan", name: "extract.png", mime: "image/png", size: PNG.length, attachedAt: null }]);
    scanUrl = r.files[0].url;
    const res = await fetch(`${server.url}${scanUrl}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="extract.png"; filename*=UTF-8''extract.png`);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
    const forged = scanUrl.replace(/s=([A-Za-z0-9_-])/, (_m, c) => `s=${c === "A" ? "B" : "A"}`);
    expect((await fetch(`${server.url}${forged}`)).status).toBe(404);
    const longer = scanUrl.replace(/e=(\d+)/, (_m, e) => `e=${Number(e) + 3600}`);
    expect((await fetch(`${server.url}${longer}`)).status).toBe(404);
    // The living subject's file: another officer sees the request as "Private", with no link.
    const desk = ok(await server.gql(DESK_ONE, {}, as(officer2)), "documentDesk");
    const row = desk.edges.find((e: any) => e.node.id === requestId).node;
    expect(row).toMatchObject({ isPrivate: true, files: [{ kind: "scan", url: null }] });
    expect(errorOf(await server.gql(ONE, { id: requestId }, as(other)))?.code).toBe("NOT_FOUND");
  });

  it("joins the person's sources and documents once, and a curator's verification makes the person VERIFIED", async () => {
    expect(ok(await server.gql(ONE, { id: requestId }, as(member)), "documentRequest").viewerCan.attach).toBe(true);
    expect(errorOf(await server.gql(ATTACH, { id: requestId }, as(other)))?.code).toBe("NOT_FOUND");
    const twice = await Promise.all([1, 2].map(() => server.gql(ATTACH, { id: requestId }, as(member))));
    expect(twice.map((t) => errorOf(t)?.code ?? "ok").sort()).toEqual(["CONFLICT", "ok"]);
    const raw = rawId(person);
    const [p] = await server.ds.query(`SELECT sources, provenance FROM people WHERE id = $1`, [raw]);
    const line =
      "إخراج قيد فردي / Individual civil extract · № ZH/2026/145 · Roots " +
      ok(await server.gql(AQ.one, { id: requestId }, as(member)), "documentRequest").reference;
    expect(p.sources).toBe(line);
    const docs = await server.ds.query(`SELECT kind, bytes FROM media WHERE person_id = $1`, [raw]);
    expect(docs).toEqual([{ kind: "document", bytes: String(PNG.length) }]);
    const after = ok(await server.gql(ONE, { id: requestId }, as(member)), "documentRequest");
    expect(after.viewerCan.attach).toBe(false);
    expect(after.files[0].attachedAt).not.toBeNull();

    const curator = await buildUser(server.ds, { clock: server.clock, roles: [{ role: Role.LOCAL_ROOT_CURATOR }] });
    await assignCurator(server.ds, curator.id, [w.village.raw]);
    const v = await server.gql(
      `mutation ($id: ID!, $source: String!) { verifyRecord(kind: PERSON, id: $id, source: $source) { provenance } }`,
      { id: person, source: line },
      as(curator),
    );
    expect(ok(v, "verifyRecord").provenance).toBe("VERIFIED");
  });
});

describe("refunds of posted fees", () => {
  it("give back part of a posted line to the wallet, never more than it, once per key, by moderators and admins only", async () => {
    const r = await w.submitted(member);
    ok(await server.gql(AQ.claim, { id: r.id }, as(officer)), "claimDocumentRequest");
    ok(await server.gql(AQ.move, { input: { id: r.id, to: "at_registry" } }, as(officer)), "moveDocumentRequest");
    const one = ok(await server.gql(ONE, { id: r.id }, as(member)), "documentRequest");
    const gov = one.lines.find((l: any) => l.kind === "government");
    const service = one.lines.find((l: any) => l.kind === "service");
    expect([gov.status, service.status]).toEqual(["posted", "held"]);
    const refund = (u: BuiltUser, lineId: string, amount: string, k = key()) =>
      server.gql(REFUND, { input: { lineId, amount, reason: "Registry fee waived", idempotencyKey: k } }, as(u));

    const before = await footprint(server);
    const wallet0 = ok(await server.gql(AQ.wallet, {}, as(member)), "wallet");
    expect(errorOf(await refund(officer, gov.id, "10"))?.code).toBe("FORBIDDEN");
    expect(errorOf(await refund(member, gov.id, "10"))?.code).toBe("FORBIDDEN");
    expect(errorOf(await refund(moderator, service.id, "10"))?.message).toBe(
      "Only a fee already charged can be refunded; a held fee is released by cancelling or rejecting.",
    );
    expect(errorOf(await refund(moderator, gov.id, String(Number(gov.usd) + 1)))?.message).toBe(
      "This is more than what remains to refund on this fee.",
    );
    expect(errorOf(await refund(moderator, gov.id, "-5"))?.code).toBe("BAD_USER_INPUT");
    expect(await footprint(server)).toEqual(before);

    // Two refunds of 60 % each at once: one wins, the other is refused.
    const part = String(Math.ceil(Number(gov.usd) * 0.6));
    const both = await Promise.all([refund(moderator, gov.id, part), refund(admin, gov.id, part)]);
    expect(both.map((b) => errorOf(b)?.code ?? "ok").sort()).toEqual(["BAD_USER_INPUT", "ok"]);
    // The same key again refunds once.
    const k = key();
    const rest = String(Number(gov.usd) - Number(part));
    ok(await refund(moderator, gov.id, rest, k), "refundDocumentFee");
    const again = ok(await refund(moderator, gov.id, rest, k), "refundDocumentFee");
    expect(again.lines.find((l: any) => l.kind === "government").refundedUsd).toBe(gov.usd);
    const wallet1 = ok(await server.gql(AQ.wallet, {}, as(member)), "wallet");
    expect(BigInt(wallet1.posted) - BigInt(wallet0.posted)).toBe(BigInt(gov.usd));
    expect(await checkLedger(server.ds)).toEqual([]);
  });
});

describe("a file's link", () => {
  it("expires after 15 minutes", async () => {
    await server.clock!.advance(16 * 60 * 1000);
    expect((await fetch(`${server.url}${scanUrl}`)).status).toBe(404);
  });
});
