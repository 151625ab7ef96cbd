/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL answers are checked field by field below. */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { checkLedger } from "../../server/src/modules/money/index.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { ancestryWorld, AQ, errorOf, footprint, fund, ok, SCAN_PDF, uploadFile } from "../support/ancestry.js";
import { buildPerson } from "../support/genealogy.js";
import type { TestServer } from "../support/server.js";

/**
 * Ancestry documents (issue 39), the member's side and the desk's: sign-in and roles first
 * (an expired officer grant is a member's), every bad input refused with a translated error and
 * nothing written, then the paths: paid from the wallet or by a bank transfer the settle job
 * completes, claims that race, fees posted step by step, rejection and cancellation voiding the
 * rest, the needs-information loop, and privacy of a living subject.
 */
let w: Awaited<ReturnType<typeof ancestryWorld>>;
let server: TestServer;
let member: BuiltUser,
  other: BuiltUser,
  officer: BuiltUser,
  officer2: BuiltUser,
  expired: BuiltUser,
  moderator: BuiltUser,
  admin: BuiltUser;
let village: { id: string; raw: string };
let extract: { id: string; governmentFeeLbp: string; serviceFeeUsd: string };
const as = (u: BuiltUser | null, language = "en") => ({ token: u?.token, language });
const form = (overrides: Record<string, unknown> = {}) => w.form(overrides);
const draft = (u: BuiltUser, overrides: Record<string, unknown> = {}) => w.draft(u, overrides);
const submitted = (u: BuiltUser, overrides: Record<string, unknown> = {}) => w.submitted(u, overrides);

beforeAll(async () => {
  w = await ancestryWorld();
  ({ server, member, other, officer, officer2, expired, moderator, admin, village, extract } = w);
});
afterAll(() => server.stop());

describe("sign-in and roles", () => {
  it("shows document types to anyone, in the reader's language", async () => {
    const types = ok<any[]>(await server.gql(AQ.types, {}, as(null, "ar")), "documentTypes");
    expect(types.map((t) => t.code)).toContain("family_extract");
    expect(types.find((t) => t.code === "individual_extract").name).toBe("إخراج قيد فردي");
  });

  it("asks a visitor to sign in, and keeps the desk from members and from an officer whose grant expired", async () => {
    expect(errorOf(await server.gql(AQ.mine))?.code).toBe("UNAUTHENTICATED");
    expect(errorOf(await server.gql(AQ.save, { input: form() }))?.code).toBe("UNAUTHENTICATED");
    expect(errorOf(await server.gql(AQ.desk))?.code).toBe("UNAUTHENTICATED");
    for (const who of [member, expired]) {
      expect(errorOf(await server.gql(AQ.desk, {}, as(who)))?.code).toBe("FORBIDDEN");
      expect(errorOf(await server.gql(AQ.claim, { id: "x" }, as(who)))?.code).toBe("FORBIDDEN");
      expect(
        errorOf(await server.gql(AQ.holiday, { input: { day: "2026-12-07", code: "x", nameAr: "x", nameEn: "x", nameFr: "x" } }, as(who)))
          ?.code,
      ).toBe("FORBIDDEN");
    }
    for (const who of [officer, moderator, admin]) expect(errorOf(await server.gql(AQ.desk, {}, as(who)))).toBeNull();
    const can = async (u: BuiltUser) => ok(await server.gql(AQ.can, {}, as(u)), "viewer").can.handleDocumentRequests;
    expect([await can(member), await can(expired), await can(officer), await can(moderator), await can(admin)]).toEqual([
      false,
      false,
      true,
      true,
      true,
    ]);
  });
});

describe("bad input: a translated error, and nothing written or charged", () => {
  it("refuses malformed drafts: unknown type, a village outside the gazetteer, an unreadable date, an unknown choice", async () => {
    const before = await footprint(server);
    const cases: [Record<string, unknown>, string][] = [
      [{ documentTypeId: "nope" }, "documentTypeId"],
      [
        { registrationVillageId: Buffer.from("Village:00000000-0000-7000-8000-000000000000").toString("base64url") },
        "registrationVillageId",
      ],
      [{ birthDate: "the day after yesterday" }, "birthDate"],
      [{ delivery: "pigeon" }, "delivery"],
      [{ contactEmail: "not-an-address" }, "contactEmail"],
    ];
    for (const [input, field] of cases) {
      const en = errorOf(await server.gql(AQ.save, { input: form(input) }, as(member)));
      const fr = errorOf(await server.gql(AQ.save, { input: form(input) }, as(member, "fr")));
      expect(en).toMatchObject({ code: "BAD_USER_INPUT" });
      expect((en!.fields as any[])[0].field).toBe(field);
      expect(fr!.message).not.toBe(en!.message);
      expect(en!.message).not.toMatch(/^ancestry\./);
    }
    expect(await footprint(server)).toEqual(before);
  });

  it("refuses to submit what is incomplete or asked without authority, and another member's request is not found", async () => {
    await fund(server, member, moderator, "10000");
    const living = await buildPerson(server, other, {
      fullName: "Karim Saab",
      fullNameAr: "كريم صعب",
      birthDate: "1980",
      villageId: village.id,
    });
    const dead = await buildPerson(server, member, {
      fullName: "Tanios Haddad",
      birthDate: "1850",
      deathDate: "1920",
      villageId: village.id,
    });
    const brother = await buildPerson(server, member, { fullName: "Fadi Haddad", birthDate: "1988", villageId: village.id });
    // Another member's living relative: not found, as if absent.
    expect(errorOf(await server.gql(AQ.save, { input: form({ personId: living }) }, as(member)))?.code).toBe("NOT_FOUND");
    const cases: [Record<string, unknown>, string][] = [
      [{ fatherName: null }, "ancestry.errors.required"],
      [{ contactEmail: null }, "ancestry.errors.contact"],
      [{ delivery: "courier" }, "ancestry.errors.address"],
      [{ authority: "descendant" }, "ancestry.errors.authority_living"],
      [{ authority: "power_of_attorney" }, "ancestry.errors.authority_file"],
      [{ personId: dead, authority: "self" }, "ancestry.errors.authority_self"],
      // A living person of the member's tree who is not the member: not "self".
      [{ personId: brother, authority: "self" }, "ancestry.errors.authority_self"],
    ];
    for (const [input, field] of cases) {
      const d = await draft(member, input);
      const before = await footprint(server);
      const res = await server.gql(AQ.submit, { id: d.id }, as(member));
      expect([field, errorOf(res)?.code]).toEqual([field, "BAD_USER_INPUT"]);
      expect(await footprint(server)).toEqual(before);
    }
    // Another member cannot read, submit or cancel it.
    const mine = await draft(member);
    const before = await footprint(server);
    for (const q of [AQ.one, AQ.submit, AQ.cancel])
      expect(errorOf(await server.gql(q, { id: mine.id }, as(other)))?.code).toBe("NOT_FOUND");
    expect(await footprint(server)).toEqual(before);
  });

  it("refuses paying twice and paying a cancelled request", async () => {
    const r = await submitted(member);
    let before = await footprint(server);
    expect(errorOf(await server.gql(AQ.submit, { id: r.id }, as(member)))?.code).toBe("CONFLICT");
    expect(await footprint(server)).toEqual(before);
    const d = await draft(member);
    ok(await server.gql(AQ.cancel, { id: d.id }, as(member)), "cancelDocumentRequest");
    before = await footprint(server);
    expect(errorOf(await server.gql(AQ.submit, { id: d.id }, as(member)))?.code).toBe("CONFLICT");
    expect(await footprint(server)).toEqual(before);
  });
});

describe("pre-filled from the tree", () => {
  it("fills the empty fields from a person the member may see, and keeps what the member typed", async () => {
    const grandfather = await buildPerson(server, member, {
      fullName: "Youssef Haddad",
      fullNameAr: "يوسف حداد",
      fatherName: "Boutros",
      motherName: "Hanna",
      registrationNumber: "77",
      birthDate: "1890",
      deathDate: "1950",
      villageId: village.id,
    });
    const input = {
      documentTypeId: extract.id,
      personId: grandfather,
      fatherName: "Boutros Y.",
      authority: "descendant",
      contactEmail: "m@example.test",
    };
    const d = ok(await server.gql(AQ.save, { input }, as(member)), "saveDocumentRequest");
    expect(d.details).toMatchObject({
      subjectNameAr: "يوسف حداد",
      fatherName: "Boutros Y.",
      motherName: "Hanna",
      registrationNumber: "77",
      subjectLiving: false,
      authority: "descendant",
    });
  });
});

describe("a request paid from the wallet, worked to delivery", () => {
  it("quotes a line per fee (LBP at the kept rate), holds each, and posts each at its step", async () => {
    await fund(server, member, moderator, "5000");
    const r = await submitted(member);
    expect(r.state).toBe("in_review");
    expect(r.lines).toEqual([
      { kind: "government", usd: "56", lbp: extract.governmentFeeLbp, ratePerUsd: "89500.000000", status: "held" },
      { kind: "service", usd: extract.serviceFeeUsd, lbp: null, ratePerUsd: null, status: "held" },
    ]);
    // Submitted on Friday: two business days of review are due on Tuesday.
    expect(r.stepDueOn).toBe("2026-12-08");

    // Two officers claim at once: one wins.
    const claims = await Promise.all([officer, officer2].map((o) => server.gql(AQ.claim, { id: r.id }, as(o))));
    expect(claims.map((c) => errorOf(c)?.code ?? "won").sort()).toEqual(["CONFLICT", "won"]);
    const [winner, loser] = claims[0].errors ? [officer2, officer] : [officer, officer2];

    // Off the path, or not the officer's: refused, nothing changes.
    const before = await footprint(server);
    for (const to of ["shipped", "translating", "issued", "delivered", "cancelled"])
      expect([to, errorOf(await server.gql(AQ.move, { input: { id: r.id, to } }, as(winner)))?.code]).toEqual([to, "BAD_USER_INPUT"]);
    expect(errorOf(await server.gql(AQ.move, { input: { id: r.id, to: "at_registry" } }, as(loser)))?.code).toBe("FORBIDDEN");
    expect(errorOf(await server.gql(AQ.move, { input: { id: r.id, to: "at_registry" } }, as(moderator)))?.code).toBe("FORBIDDEN");
    expect(await footprint(server)).toEqual(before);

    let m = ok(
      await server.gql(AQ.move, { input: { id: r.id, to: "at_registry", registryReference: "ZH/2026/145" } }, as(winner)),
      "moveDocumentRequest",
    );
    expect(m.lines.map((l: any) => l.status)).toEqual(["posted", "held"]);
    m = ok(await server.gql(AQ.move, { input: { id: r.id, to: "issued" } }, as(winner)), "moveDocumentRequest");
    expect(m.lines.map((l: any) => l.status)).toEqual(["posted", "posted"]);
    expect(m.nextStates).toEqual(["delivered"]);
    expect((await uploadFile(server, r.id, winner, "scan", SCAN_PDF, "extract.pdf")).status).toBe(201);
    m = ok(await server.gql(AQ.move, { input: { id: r.id, to: "delivered" } }, as(winner)), "moveDocumentRequest");
    expect(m.state).toBe("delivered");
    expect(m.registryReference).toBe("ZH/2026/145");
    expect(m.events.filter((e: any) => e.kind === "state").map((e: any) => e.toState)).toEqual([
      "draft",
      "awaiting_payment",
      "in_review",
      "at_registry",
      "issued",
      "delivered",
    ]);
    const [n] = await server.ds.query(`SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND kind = 'ancestry.status'`, [
      member.id,
    ]);
    expect(n.n).toBeGreaterThanOrEqual(4);
    expect(await checkLedger(server.ds)).toEqual([]);
  });
});

describe("a request paid by bank transfer", () => {
  it("waits for the payment; the settle job holds the fees and moves it to review, once", async () => {
    const poor = await buildUser(server.ds, { clock: server.clock });
    const r = await submitted(poor);
    expect(r.state).toBe("awaiting_payment");
    expect(r.paymentReference).toMatch(/^RT-/);
    expect(r.lines.map((l: any) => l.status)).toEqual(["quoted", "quoted"]);
    ok(
      await server.gql(
        AQ.confirm,
        { input: { reference: r.paymentReference, received: r.totalUsd, idempotencyKey: "pay-1" } },
        as(moderator),
      ),
      "confirmPayment",
    );
    await server.scheduler.runDue();
    const after = ok(await server.gql(AQ.one, { id: r.id }, as(poor)), "documentRequest");
    expect(after.state).toBe("in_review");
    expect(after.lines.map((l: any) => l.status)).toEqual(["held", "held"]);
    // Confirmed twice: refused, one transaction.
    expect(
      errorOf(
        await server.gql(
          AQ.confirm,
          { input: { reference: r.paymentReference, received: r.totalUsd, idempotencyKey: "pay-2" } },
          as(moderator),
        ),
      )?.code,
    ).toBe("BAD_USER_INPUT");
    const [p] = await server.ds.query(
      `SELECT count(*)::int AS n FROM money_transactions WHERE kind = 'payment' AND memo->>'reference' = $1`,
      [r.paymentReference],
    );
    expect(p.n).toBe(1);
    expect(await checkLedger(server.ds)).toEqual([]);
  });
});

describe("needs information, rejection and cancellation", () => {
  it("asks the member, who answers: the request goes back to its step", async () => {
    await fund(server, member, moderator, "3000");
    const r = await submitted(member);
    ok(
      await server.gql(AQ.assign, { id: r.id, officerId: Buffer.from(`Member:${officer.id}`).toString("base64url") }, as(moderator)),
      "assignDocumentRequest",
    );
    expect(errorOf(await server.gql(AQ.ask, { id: r.id, question: "?" }, as(officer)))?.code).toBe("BAD_USER_INPUT");
    const asked = ok(
      await server.gql(AQ.ask, { id: r.id, question: "Which of the two Elias is the father?" }, as(officer)),
      "requestInformation",
    );
    expect(asked).toMatchObject({ state: "needs_information", question: "Which of the two Elias is the father?", stepDueOn: null });
    const mine = ok(await server.gql(AQ.one, { id: r.id }, as(member)), "documentRequest");
    expect(mine.viewerCan).toMatchObject({ answer: true, cancel: true });
    const back = ok(await server.gql(AQ.answer, { id: r.id, answer: "Elias Haddad, born 1960." }, as(member)), "answerDocumentRequest");
    expect(back.state).toBe("in_review");
    expect(back.events.map((e: any) => e.kind)).toEqual(expect.arrayContaining(["question", "answer"]));
  });

  it("a rejection voids the fees still held; the posted ones stay spent", async () => {
    await fund(server, member, moderator, "3000");
    const r = await submitted(member);
    ok(await server.gql(AQ.claim, { id: r.id }, as(officer)), "claimDocumentRequest");
    ok(await server.gql(AQ.move, { input: { id: r.id, to: "at_registry" } }, as(officer)), "moveDocumentRequest");
    expect(errorOf(await server.gql(AQ.move, { input: { id: r.id, to: "rejected" } }, as(officer)))?.code).toBe("BAD_USER_INPUT");
    const rej = ok(
      await server.gql(AQ.move, { input: { id: r.id, to: "rejected", note: "No such registration in Zahle." } }, as(officer)),
      "moveDocumentRequest",
    );
    expect(rej.lines.map((l: any) => l.status)).toEqual(["posted", "voided"]);
    expect(rej.rejectionReason).toBe("No such registration in Zahle.");
    expect(await checkLedger(server.ds)).toEqual([]);
  });

  it("the member cancels before the registry and every hold is released; not after", async () => {
    await fund(server, member, moderator, "3000");
    const held = ok(await server.gql(AQ.wallet, {}, as(member)), "wallet").held;
    const r = await submitted(member);
    const c = ok(await server.gql(AQ.cancel, { id: r.id }, as(member)), "cancelDocumentRequest");
    expect(c.lines.map((l: any) => l.status)).toEqual(["voided", "voided"]);
    expect(ok(await server.gql(AQ.wallet, {}, as(member)), "wallet").held).toBe(held);
    const late = await submitted(member);
    ok(await server.gql(AQ.claim, { id: late.id }, as(officer)), "claimDocumentRequest");
    ok(await server.gql(AQ.move, { input: { id: late.id, to: "at_registry" } }, as(officer)), "moveDocumentRequest");
    expect(errorOf(await server.gql(AQ.cancel, { id: late.id }, as(member)))?.code).toBe("BAD_USER_INPUT");
  });
});

describe("privacy of a living subject", () => {
  it("shows who the record is about to the member, the assigned officer and admins; another officer and moderators see Private", async () => {
    await fund(server, member, moderator, "3000");
    const r = await submitted(member);
    ok(await server.gql(AQ.claim, { id: r.id }, as(officer)), "claimDocumentRequest");
    const seen = async (u: BuiltUser) => ok(await server.gql(AQ.one, { id: r.id }, as(u)), "documentRequest");
    for (const u of [member, officer, admin]) expect((await seen(u)).details?.subjectNameAr).toBe("مايا حداد");
    for (const u of [officer2, moderator]) expect(await seen(u)).toMatchObject({ isPrivate: true, details: null });
    expect(errorOf(await server.gql(AQ.one, { id: r.id }, as(other)))?.code).toBe("NOT_FOUND");
    expect(errorOf(await server.gql(AQ.one, { id: r.id }))?.code).toBe("UNAUTHENTICATED");
    const desk = ok(await server.gql(AQ.desk, { filter: { states: ["in_review"] }, first: 100 }, as(officer2)), "documentDesk");
    const row = desk.edges.find((e: any) => e.node.id === r.id).node;
    expect(row).toMatchObject({ isPrivate: true, details: null });
  });
});
