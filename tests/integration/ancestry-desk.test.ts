/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL answers are checked field by field below. */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { toGlobalId } from "../../server/src/common/global-id.js";
import { checkLedger } from "../../server/src/modules/money/index.js";
import type { BuiltUser } from "../factories/users.js";
import { ancestryWorld, AQ, errorOf, footprint, freshToken, fund, ok } from "../support/ancestry.js";
import { advanceAndRun, DAY } from "../support/clock.js";
import type { TestServer } from "../support/server.js";

/**
 * Ancestry's desk (issue 39): paper deliveries along their own paths (courier, embassy pouch)
 * with what each step records, the queue's pages and filters, document types and holidays kept
 * by staff, and business days on a TestClock: a holiday out of a due day, the SLA reminder.
 */
let w: Awaited<ReturnType<typeof ancestryWorld>>;
let server: TestServer;
let member: BuiltUser, other: BuiltUser, officer: BuiltUser, officer2: BuiltUser, moderator: BuiltUser, admin: BuiltUser;
let extract: { id: string };
const as = (u: BuiltUser | null, language = "en") => ({ token: u?.token, language });
const submitted = (u: BuiltUser, overrides: Record<string, unknown> = {}) => w.submitted(u, overrides);

beforeAll(async () => {
  w = await ancestryWorld();
  ({ server, member, other, officer, officer2, moderator, admin, extract } = w);
  // A queue to page through: three requests, one of them claimed.
  await fund(server, member, moderator, "10000");
  const first = await submitted(member);
  await submitted(member);
  await submitted(member);
  ok(await server.gql(AQ.claim, { id: first.id }, as(officer)), "claimDocumentRequest");
});
afterAll(() => server.stop());

describe("paper deliveries", () => {
  const work = (id: string, to: string, extra: Record<string, string> = {}) =>
    server.gql(AQ.move, { input: { id, to, ...extra } }, as(officer));

  it("a courier with a translation: translating, then shipped with its tracking number; each line posts at its step", async () => {
    await fund(server, member, moderator, "20000");
    const r = await submitted(member, { delivery: "courier", translation: "fr", contactAddress: "12 rue de Rivoli, Paris" });
    expect(r.lines.map((l: any) => l.kind)).toEqual(["government", "service", "translation", "courier"]);
    ok(await server.gql(AQ.claim, { id: r.id }, as(officer)), "claimDocumentRequest");
    for (const to of ["at_registry", "issued"]) ok(await work(r.id, to), "moveDocumentRequest");
    expect(errorOf(await work(r.id, "shipped"))?.code).toBe("BAD_USER_INPUT");
    let m = ok(await work(r.id, "translating"), "moveDocumentRequest");
    expect(m.lines.map((l: any) => l.status)).toEqual(["posted", "posted", "posted", "held"]);
    expect(errorOf(await work(r.id, "shipped"))).toMatchObject({ code: "BAD_USER_INPUT" });
    m = ok(await work(r.id, "shipped", { trackingNumber: "DHL 1234567890" }), "moveDocumentRequest");
    expect(m).toMatchObject({ state: "shipped", trackingNumber: "DHL 1234567890" });
    expect(m.lines.map((l: any) => l.status)).toEqual(["posted", "posted", "posted", "posted"]);
    expect(ok(await work(r.id, "delivered"), "moveDocumentRequest").state).toBe("delivered");
  });

  it("an embassy pouch needs the pouch's and the ministry's numbers, then goes to the embassy", async () => {
    await fund(server, member, moderator, "20000");
    const r = await submitted(member, { delivery: "pouch", contactAddress: "Embassy of Lebanon, Paris" });
    ok(await server.gql(AQ.claim, { id: r.id }, as(officer)), "claimDocumentRequest");
    for (const to of ["at_registry", "issued"]) ok(await work(r.id, to), "moveDocumentRequest");
    const before = await footprint(server);
    expect(errorOf(await work(r.id, "in_pouch", { pouchNumber: "P-77" }))?.code).toBe("BAD_USER_INPUT");
    expect(errorOf(await work(r.id, "at_embassy"))?.code).toBe("BAD_USER_INPUT");
    expect(await footprint(server)).toEqual(before);
    const m = ok(await work(r.id, "in_pouch", { pouchNumber: "P-77", ministryNumber: "MFA/2026/991" }), "moveDocumentRequest");
    expect(m.nextStates).toEqual(["at_embassy"]);
    for (const to of ["at_embassy", "delivered"]) ok(await work(r.id, to), "moveDocumentRequest");
    expect(await checkLedger(server.ds)).toEqual([]);
  });
});

describe("the desk's queue", () => {
  it("pages oldest first with filters", async () => {
    const all = ok(await server.gql(AQ.desk, { first: 2 }, as(admin)), "documentDesk");
    expect(all.edges).toHaveLength(2);
    expect(all.pageInfo.hasNextPage).toBe(true);
    const next = ok(await server.gql(AQ.desk, { first: 100, after: all.pageInfo.endCursor }, as(admin)), "documentDesk");
    expect(next.edges).toHaveLength(all.totalCount - 2);
    const mine = ok(await server.gql(AQ.desk, { filter: { mine: true }, first: 100 }, as(officer)), "documentDesk");
    expect(mine.totalCount).toBeGreaterThan(0);
    const unassigned = ok(
      await server.gql(AQ.desk, { filter: { unassigned: true, states: ["awaiting_payment", "in_review"] } }, as(officer)),
      "documentDesk",
    );
    for (const e of unassigned.edges) expect(["awaiting_payment", "in_review"]).toContain(e.node.state);
    expect(errorOf(await server.gql(AQ.desk, { filter: { states: ["limbo"] } }, as(officer)))?.code).toBe("BAD_USER_INPUT");
    expect(errorOf(await server.gql(AQ.desk, { first: 1000 }, as(officer)))?.code).toBe("BAD_USER_INPUT");
  });

  it("keeps document types and holidays (audited), refusing bad values", async () => {
    const before = await footprint(server);
    expect(errorOf(await server.gql(AQ.updateType, { input: { id: extract.id, reviewDays: 99 } }, as(officer)))?.code).toBe(
      "BAD_USER_INPUT",
    );
    expect(errorOf(await server.gql(AQ.updateType, { input: { id: extract.id, serviceFeeUsd: "-5" } }, as(officer)))?.code).toBe(
      "BAD_USER_INPUT",
    );
    expect(
      errorOf(await server.gql(AQ.holiday, { input: { day: "2026-02-30", code: "x", nameAr: "x", nameEn: "x", nameFr: "x" } }, as(officer)))
        ?.code,
    ).toBe("BAD_USER_INPUT");
    expect(await footprint(server)).toEqual(before);
    expect(
      ok(await server.gql(AQ.updateType, { input: { id: extract.id, reviewDays: 3 } }, as(officer)), "updateDocumentType").reviewDays,
    ).toBe(3);
    ok(await server.gql(AQ.updateType, { input: { id: extract.id, reviewDays: 2 } }, as(officer)), "updateDocumentType");
    const eid = ok<any[]>(await server.gql(AQ.holidays, { from: "2026-01-01", to: "2026-12-31" }, as(null, "fr")), "publicHolidays");
    expect(eid.find((h) => h.code === "eid_al_fitr_1")).toMatchObject({ day: "2026-03-20", name: "Aïd el-Fitr", toConfirm: true });
    expect(eid.find((h) => h.code === "easter_orthodox")).toMatchObject({ day: "2026-04-12", toConfirm: false });
    const [a] = await server.ds.query(`SELECT count(*)::int AS n FROM audit_logs WHERE table_name = 'ancestry_document_types'`);
    expect(a.n).toBe(2);
  });
});

describe("who a request may be given to", () => {
  it("lists the desk's officers, moderators and admins with a grant still valid, for moderators and admins only", async () => {
    const q = `{ documentOfficers { id displayName } }`;
    const names = ok<any[]>(await server.gql(q, {}, as(moderator)), "documentOfficers").map((o) => o.id);
    for (const u of [officer, officer2, moderator, admin]) expect(names).toContain(toGlobalId("User", u.id));
    expect(names).not.toContain(toGlobalId("User", w.expired.id));
    expect(names).not.toContain(toGlobalId("User", member.id));
    expect(errorOf(await server.gql(q, {}, as(officer)))?.code).toBe("FORBIDDEN");
    expect(errorOf(await server.gql(q, {}, as(member)))?.code).toBe("FORBIDDEN");
  });
});

describe("business days and the SLA (TestClock)", () => {
  it("counts a holiday out of a step's due day, and reminds the officer once the step runs over", async () => {
    // Monday 7 December becomes a holiday: a review started on Friday is due on Wednesday.
    ok(
      await server.gql(
        AQ.holiday,
        { input: { day: "2026-12-07", code: "test_day", nameAr: "يوم", nameEn: "Day", nameFr: "Jour" } },
        as(officer),
      ),
      "setPublicHoliday",
    );
    await fund(server, other, moderator, "3000");
    const r = await submitted(other);
    expect(r.stepDueOn).toBe("2026-12-09");
    ok(await server.gql(AQ.claim, { id: r.id }, as(officer2)), "claimDocumentRequest");
    await advanceAndRun(server, 7 * DAY);
    const late = ok(await server.gql(AQ.one, { id: r.id }, as(await freshToken(server, officer2))), "documentRequest");
    expect(late.overdueDays).toBeGreaterThan(0);
    expect(late.events.map((e: any) => e.kind)).toContain("reminder");
    const [n] = await server.ds.query(`SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND kind = 'ancestry.overdue'`, [
      officer2.id,
    ]);
    expect(n.n).toBe(1);
    expect(await checkLedger(server.ds)).toEqual([]);
  });
});
