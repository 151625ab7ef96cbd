/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL answers are checked field by field below. */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { Role } from "../../server/src/common/auth/roles.js";
import { fromGlobalId } from "../../server/src/common/global-id.js";
import { assignCurator } from "../factories/curators.js";
import { buildRootspaces } from "../factories/rootspaces.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { codeOf, Q, seedOpenBallot } from "../support/ballots.js";
import { DAY, HOUR, TestClock } from "../support/clock.js";
import { buildVillage } from "../support/genealogy.js";
import { startTestServer, type TestServer } from "../support/server.js";

/**
 * The staff board's two lists (/management/linpedia): the live ballots (cooling-off and open)
 * and the proposals waiting for a decision. Visitors and plain members are refused; a curator
 * sees their villages' only, editors and admins every village of the request's rootspace. The
 * tallies shown there keep the privacy rules every reader has: the breakdown hidden below 20
 * votes and while a ballot hides its results until the close.
 */
let server: TestServer;
let other: string;
const v = {} as Record<"a" | "b" | "away", { id: string; raw: string; slug: string }>;
const u = {} as Record<"member" | "curatorA" | "curatorB" | "curatorNone" | "editor" | "admin" | "awayCurator", BuiltUser>;
/** Ballot global ids by name. */
const ballot = {} as Record<"low" | "twenty" | "hidden" | "cooling" | "closed" | "away", string>;
/** Proposal titles by what they show. */
const T = { draftA: "Draft in A", draftB: "Draft in B", applied: "Applied in A", rejected: "Rejected in A", conflict: "Conflict in A" };

const LIVE = `{ liveBallots { id status hideResults villageSlug proposal { title }
  tally { status turnout eligible quorum yes no abstain breakdownHidden secondsLeft } } }`;
const PENDING = `{ pendingBallotProposals { id title status villageSlug viewerCan { review } } }`;

const live = async (token?: string, headers?: Record<string, string>) => server.gql<{ liveBallots: any[] }>(LIVE, {}, { token, headers });
const pending = async (token?: string, headers?: Record<string, string>) =>
  server.gql<{ pendingBallotProposals: any[] }>(PENDING, {}, { token, headers });
const ids = (rows: { id: string }[]) => rows.map((r) => r.id).sort();

/** An open ballot as openNow leaves it, then with `counts` as last published (the breakdown too, from 20 votes, as the tally takes it) and closing `closesIn` from now. */
async function seeded(
  village: { raw: string },
  closesIn: number,
  counts: { published: number; yes: number; no: number; abstain: number } = { published: 0, yes: 0, no: 0, abstain: 0 },
  extra: { hide?: boolean; status?: string } = {},
): Promise<string> {
  const id = await seedOpenBallot(server.ds, village, [u.member.id], server.clock!.now());
  await server.ds.query(
    `UPDATE ballots SET published = $2, yes_count = $3, no_count = $4, abstain_count = $5, eligible_count = 40, quorum = 5,
       hide_results = $6, status = $7, closes_at = $8, published_at = $9,
       breakdown_yes = $3, breakdown_no = $4, breakdown_abstain = $5, breakdown_count = $2, breakdown_at = CASE WHEN $2 >= 20 THEN $9::timestamptz END
     WHERE id = $1`,
    [
      fromGlobalId(id)!.id,
      counts.published,
      counts.yes,
      counts.no,
      counts.abstain,
      extra.hide ?? false,
      extra.status ?? "open",
      new Date(server.clock!.now().getTime() + closesIn),
      server.clock!.now(),
    ],
  );
  return id;
}

async function proposal(village: { slug: string }, title: string, token = u.member.token): Promise<string> {
  const res = await server.gql<any>(
    Q.propose,
    { input: { villageSlug: village.slug, language: "en", title, content: `${title}.`, summary: "" } },
    { token },
  );
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data.proposeRootpediaChange.id;
}

beforeAll(async () => {
  server = await startTestServer({}, { clock: new TestClock() });
  [other] = await buildRootspaces(server.ds, 1, { prefix: "byblos" });
  v.a = await buildVillage(server, "Amchit");
  v.b = await buildVillage(server, "Batroun");
  v.away = await buildVillage(server, "Away");
  await server.ds.query(`UPDATE villages SET rootspace_id = $1 WHERE id = $2`, [other, v.away.raw]);
  const make = (roles: Role[]) => buildUser(server.ds, { roles: roles.map((role) => ({ role })), clock: server.clock });
  u.member = await make([Role.MEMBER]);
  u.curatorA = await make([Role.LOCAL_ROOT_CURATOR]);
  await assignCurator(server.ds, u.curatorA.id, [v.a.raw]);
  u.curatorB = await make([Role.LOCAL_ROOT_CURATOR]);
  await assignCurator(server.ds, u.curatorB.id, [v.b.raw]);
  u.awayCurator = await make([Role.LOCAL_ROOT_CURATOR]);
  await assignCurator(server.ds, u.awayCurator.id, [v.away.raw]);
  u.curatorNone = await make([Role.LOCAL_ROOT_CURATOR]);
  u.editor = await make([Role.EDITOR]);
  u.admin = await make([Role.ADMIN]);

  ballot.low = await seeded(v.a, 1 * DAY, { published: 19, yes: 10, no: 5, abstain: 4 });
  ballot.twenty = await seeded(v.a, 2 * DAY, { published: 20, yes: 11, no: 6, abstain: 3 });
  ballot.hidden = await seeded(v.a, 3 * DAY, { published: 30, yes: 20, no: 6, abstain: 4 }, { hide: true });
  ballot.closed = await seeded(v.a, 0, { published: 6, yes: 3, no: 2, abstain: 1 }, { status: "closed" });
  // Closed with too few votes: its proposal was rejected, as closeNow leaves it.
  await server.ds.query(`UPDATE ballot_proposals SET status = 'rejected' WHERE id = (SELECT proposal_id FROM ballots WHERE id = $1)`, [
    fromGlobalId(ballot.closed)!.id,
  ]);
  ballot.away = await seeded(v.away, 1 * DAY);
  // A cooling-off ballot through the API, in the other Lebanese village.
  const cooling = await server.gql<any>(Q.open, { id: await proposal(v.b, "Ballot in B") }, { token: u.curatorB.token });
  ballot.cooling = cooling.data.openBallot.id;

  await proposal(v.a, T.draftA);
  await proposal(v.b, T.draftB);
  for (const [title, status] of [
    [T.applied, "applied"],
    [T.rejected, "rejected"],
    [T.conflict, "conflict"],
  ])
    await server.ds.query(`UPDATE ballot_proposals SET status = $2 WHERE id = $1`, [fromGlobalId(await proposal(v.a, title))!.id, status]);
  await server.gql(
    Q.propose,
    { input: { villageSlug: v.away.slug, language: "en", title: "Draft away", content: "Away.", summary: "" } },
    { token: u.member.token, headers: { "x-rootspace": other } },
  );
});
afterAll(() => server.stop());

describe("who may read the staff board", () => {
  it("asks a visitor to sign in and refuses a plain member and a curator of no village", async () => {
    expect(codeOf(await live())).toBe("UNAUTHENTICATED");
    expect(codeOf(await pending())).toBe("UNAUTHENTICATED");
    for (const who of [u.member, u.curatorNone]) {
      const [l, p] = [await live(who.token), await pending(who.token)];
      expect([codeOf(l), codeOf(p)]).toEqual(["FORBIDDEN", "FORBIDDEN"]);
      expect([l.data, p.data]).toEqual([null, null]);
    }
  });

  it("shows a curator the live ballots of their villages only: open and cooling-off, not closed", async () => {
    const a = (await live(u.curatorA.token)).data!.liveBallots;
    // Soonest to close first.
    expect(a.map((b) => b.id)).toEqual([ballot.low, ballot.twenty, ballot.hidden]);
    expect(a.every((b) => b.villageSlug === v.a.slug)).toBe(true);
    expect(ids((await live(u.curatorB.token)).data!.liveBallots)).toEqual([ballot.cooling]);
  });

  it("shows editors and admins every live ballot of the request's rootspace, and only of it", async () => {
    const lebanon = [ballot.low, ballot.twenty, ballot.hidden, ballot.cooling].sort();
    expect(ids((await live(u.editor.token)).data!.liveBallots)).toEqual(lebanon);
    expect(ids((await live(u.admin.token)).data!.liveBallots)).toEqual(lebanon);
    expect(ids((await live(u.admin.token, { "x-rootspace": other })).data!.liveBallots)).toEqual([ballot.away]);
    // A Lebanese curator asking in the other rootspace curates nothing there.
    expect((await live(u.curatorA.token, { "x-rootspace": other })).data!.liveBallots).toEqual([]);
  });
});

describe("what the live ballots show", () => {
  const byId = async (token: string) => new Map(((await live(token)).data!.liveBallots as any[]).map((b) => [b.id, b]));

  it("gives each its turnout, roll and time left; a cooling-off ballot shows no votes yet", async () => {
    const all = await byId(u.editor.token);
    expect(all.get(ballot.low)).toMatchObject({
      status: "OPEN",
      proposal: { title: "Seeded" },
      tally: { status: "OPEN", turnout: 19, eligible: 40, quorum: 5, secondsLeft: DAY / 1000 },
    });
    expect(all.get(ballot.cooling)).toMatchObject({
      status: "COOLING_OFF",
      villageSlug: v.b.slug,
      proposal: { title: "Ballot in B" },
      tally: { turnout: 0, eligible: null, breakdownHidden: true, yes: null, secondsLeft: (48 * HOUR + 7 * DAY) / 1000 },
    });
  });

  it("hides the breakdown below 20 votes and while a ballot hides its results, from staff as from anyone", async () => {
    for (const token of [u.curatorA.token, u.admin.token]) {
      const all = await byId(token);
      expect(all.get(ballot.low).tally).toMatchObject({ turnout: 19, breakdownHidden: true, yes: null, no: null, abstain: null });
      expect(all.get(ballot.twenty).tally).toMatchObject({ turnout: 20, breakdownHidden: false, yes: 11, no: 6, abstain: 3 });
      expect(all.get(ballot.hidden)).toMatchObject({
        hideResults: true,
        tally: { turnout: 30, breakdownHidden: true, yes: null, no: null, abstain: null },
      });
    }
  });
});

describe("the pending proposals", () => {
  const titles = (rows: any[]) => rows.map((p) => p.title).sort();

  it("lists drafts, those in a ballot and those in conflict of a curator's villages, not decided ones", async () => {
    const rows = (await pending(u.curatorA.token)).data!.pendingBallotProposals;
    // The three live seeded ballots' proposals are in a ballot; the closed one's was rejected.
    expect(titles(rows)).toEqual([T.conflict, T.draftA, "Seeded", "Seeded", "Seeded"].sort());
    expect(rows.every((p: any) => p.villageSlug === v.a.slug && p.viewerCan.review)).toBe(true);
    expect(rows.find((p: any) => p.title === T.conflict).status).toBe("CONFLICT");
    expect(titles((await pending(u.curatorB.token)).data!.pendingBallotProposals)).toEqual(["Ballot in B", T.draftB]);
  });

  it("lists every village of the request's rootspace for editors and admins", async () => {
    for (const token of [u.editor.token, u.admin.token]) {
      const rows = (await pending(token)).data!.pendingBallotProposals;
      expect(titles(rows)).toEqual(["Ballot in B", T.conflict, T.draftA, T.draftB, "Seeded", "Seeded", "Seeded"].sort());
    }
    const away = (await pending(u.admin.token, { "x-rootspace": other })).data!.pendingBallotProposals;
    expect(titles(away)).toEqual(["Draft away", "Seeded"]);
  });
});
