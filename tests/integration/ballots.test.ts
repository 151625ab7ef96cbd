/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL answers are checked field by field below. */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { Role } from "../../server/src/common/auth/roles.js";
import { assignCurator } from "../factories/curators.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { buildVoter, codeOf, Q, userGid } from "../support/ballots.js";
import { TestClock } from "../support/clock.js";
import { buildVillage } from "../support/genealogy.js";
import { startTestServer, type TestServer } from "../support/server.js";

/**
 * Proposals and Roots Passports through GraphQL: a member proposes an edit of an article or a new
 * one, discusses it, watchers are told; a curator accepts a minor edit directly (audited) and
 * issues and revokes passports (audited); eligibility says why not and how. Bad input changes nothing.
 */
let server: TestServer;
let village: { id: string; raw: string; slug: string };
let curator: BuiltUser;
let otherCurator: BuiltUser;
let member: BuiltUser;
let stranger: BuiltUser;
let watcher: BuiltUser;
let article: { id: string; baseRevisionId: string };

const count = async (table: string) => (await server.ds.query(`SELECT count(*)::int AS n FROM ${table}`))[0].n as number;

beforeAll(async () => {
  server = await startTestServer({}, { clock: new TestClock() });
  village = await buildVillage(server, "Douma");
  const other = await buildVillage(server, "Bcharre");
  curator = await buildUser(server.ds, { roles: [{ role: Role.LOCAL_ROOT_CURATOR }], clock: server.clock });
  await assignCurator(server.ds, curator.id, [village.raw]);
  otherCurator = await buildUser(server.ds, { roles: [{ role: Role.LOCAL_ROOT_CURATOR }], clock: server.clock });
  await assignCurator(server.ds, otherCurator.id, [other.raw]);
  member = await buildUser(server.ds, { roles: [{ role: Role.MEMBER }], clock: server.clock });
  stranger = await buildUser(server.ds, { roles: [{ role: Role.MEMBER }], clock: server.clock });
  watcher = await buildUser(server.ds, { roles: [{ role: Role.MEMBER }], clock: server.clock });
  const list = await server.gql<{ rootpediaArticles: any[] }>(
    `query ($s: String!) { rootpediaArticles(villageSlug: $s) { id language baseRevisionId } }`,
    { s: village.slug },
  );
  article = list.data!.rootpediaArticles.find((a) => a.language === "en");
  await server.ds.query(`INSERT INTO rootpedia_watches (id, user_id, village_id) VALUES (gen_random_uuid(), $1, $2)`, [
    watcher.id,
    village.raw,
  ]);
});
afterAll(() => server.stop());

const propose = (token: string | undefined, input: Record<string, unknown>) =>
  server.gql<{ proposeRootpediaChange: any }>(Q.propose, { input: { villageSlug: village.slug, summary: "", ...input } }, { token });

describe("proposals", () => {
  it("refuses a proposal from a visitor who is not signed in, and stores nothing", async () => {
    const res = await propose(undefined, { articleId: article.id, title: "Douma", content: "x" });
    expect(codeOf(res)).toBe("UNAUTHENTICATED");
    expect(await count("ballot_proposals")).toBe(0);
  });

  it("takes an edit tied to the revision it changes, with a discussion; watchers are told", async () => {
    const res = await propose(member.token, {
      articleId: article.id,
      baseRevisionId: article.baseRevisionId,
      title: "Douma",
      content: "# Douma\n\nA town.",
    });
    expect(res.errors).toBeUndefined();
    const p = res.data!.proposeRootpediaChange;
    expect(p).toMatchObject({ status: "DRAFT", frozen: false, baseRevisionId: article.baseRevisionId });
    const said = await server.gql<any>(Q.comment, { id: p.id, body: "Add the church?" }, { token: stranger.token });
    expect(said.data.commentOnBallotProposal.body).toBe("Add the church?");
    const seen = await server.gql<any>(Q.proposal, { id: p.id });
    expect(seen.data.ballotProposal.comments).toEqual([{ body: "Add the church?" }]);
    // Announcements go out in jobs (ballots.announce).
    await server.scheduler.runDue();
    const told: { n: number }[] = await server.ds.query(
      `SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND kind = 'ballots.update'`,
      [watcher.id],
    );
    expect(told[0].n).toBe(2);
  });

  it("lets only its author (or a reviewer) change a draft", async () => {
    const p = (await propose(member.token, { articleId: article.id, title: "Douma", content: "one" })).data!.proposeRootpediaChange;
    expect(codeOf(await server.gql(Q.edit, { id: p.id, input: { title: "T", content: "hacked" } }, { token: stranger.token }))).toBe(
      "FORBIDDEN",
    );
    const ok = await server.gql<any>(Q.edit, { id: p.id, input: { title: "Douma", content: "two" } }, { token: member.token });
    expect(ok.data.editBallotProposal.content).toBe("two");
  });

  it("lets a curator of the village accept a minor edit directly, audited; it becomes the article's stable version and freezes", async () => {
    const p = (
      await propose(member.token, {
        articleId: article.id,
        baseRevisionId: article.baseRevisionId,
        title: "Douma",
        content: "# Douma\n\nAccepted text.",
      })
    ).data!.proposeRootpediaChange;
    expect(codeOf(await server.gql(Q.accept, { id: p.id }, { token: member.token }))).toBe("FORBIDDEN");
    expect(codeOf(await server.gql(Q.accept, { id: p.id }, { token: otherCurator.token }))).toBe("FORBIDDEN");
    const res = await server.gql<any>(Q.accept, { id: p.id }, { token: curator.token });
    expect(res.data.acceptBallotProposal.status).toBe("APPLIED");
    const a = await server.gql<any>(`query ($id: ID!) { rootpediaArticle(id: $id) { stable { content } } }`, { id: article.id });
    expect(a.data!.rootpediaArticle.stable.content).toContain("Accepted text.");
    const audited = await server.ds.query(
      `SELECT user_id FROM audit_logs WHERE table_name = 'ballot_proposals' AND action = 'accept_directly'`,
    );
    expect(audited).toEqual([{ user_id: curator.id }]);
    const frozen = await server.gql(Q.edit, { id: p.id, input: { title: "Douma", content: "later" } }, { token: member.token });
    expect(codeOf(frozen)).toBe("CONFLICT");
    expect(frozen.errors![0].message).toMatch(/frozen/);
  });

  it("takes a new article in one of the three languages, which only a ballot can accept; another language is refused and nothing is stored", async () => {
    const before = await count("ballot_proposals");
    const bad = await propose(member.token, { language: "xx", title: "Le souk", content: "Le vieux souk." });
    expect(codeOf(bad)).toBe("BAD_USER_INPUT");
    expect(await count("ballot_proposals")).toBe(before);

    const p = (await propose(member.token, { language: "fr", title: "Le souk", content: "Le vieux souk." })).data!.proposeRootpediaChange;
    expect(
      (await server.gql<any>(`query ($id: ID!) { ballotProposal(id: $id) { minorEdit } }`, { id: p.id })).data.ballotProposal.minorEdit,
    ).toBe(false);
    const refused = await server.gql<any>(Q.accept, { id: p.id }, { token: curator.token, language: "ar" });
    expect(codeOf(refused)).toBe("CONFLICT");
    expect(refused.errors![0].message).toMatch(/تصويت/);
    expect((await server.gql<any>(Q.proposal, { id: p.id })).data.ballotProposal).toMatchObject({ status: "DRAFT", frozen: false });
    expect(await server.ds.query(`SELECT 1 FROM rootpedia_articles WHERE village_id = $1 AND title = 'Le souk'`, [village.raw])).toEqual(
      [],
    );
  });

  it("calls an edit of a few hundred characters minor, and a larger one not, which is refused without a ballot", async () => {
    const minor = (await propose(member.token, { articleId: article.id, title: "Douma", content: "Douma, a village." })).data!
      .proposeRootpediaChange;
    const large = (await propose(member.token, { articleId: article.id, title: "Douma", content: "Douma. ".repeat(120) })).data!
      .proposeRootpediaChange;
    const minorEdit = async (id: string) =>
      (await server.gql<any>(`query ($id: ID!) { ballotProposal(id: $id) { minorEdit } }`, { id })).data.ballotProposal.minorEdit;
    expect(await minorEdit(minor.id)).toBe(true);
    expect(await minorEdit(large.id)).toBe(false);
    const refused = await server.gql<any>(Q.accept, { id: large.id }, { token: curator.token, language: "fr" });
    expect(codeOf(refused)).toBe("CONFLICT");
    expect(refused.errors![0].message).toMatch(/scrutin/);
    expect((await server.gql<any>(Q.proposal, { id: large.id })).data.ballotProposal.status).toBe("DRAFT");
  });

  it("lets one of two curators' decisions taken at once win: accepting twice writes one revision, accepting while a ballot opens does one of them", async () => {
    const revisions = async () =>
      (
        await server.ds.query(
          `SELECT count(*)::int AS n FROM rootpedia_revisions r JOIN rootpedia_articles a ON a.id = r.article_id WHERE a.village_id = $1`,
          [village.raw],
        )
      )[0].n as number;
    for (let round = 0; round < 3; round++) {
      const edit = async (content: string) =>
        (await propose(member.token, { articleId: article.id, title: "Douma", content })).data!.proposeRootpediaChange.id as string;
      const twice = await edit(`Douma, accepted twice ${round}.`);
      const before = await revisions();
      const both = await Promise.all([1, 2].map(() => server.gql<any>(Q.accept, { id: twice }, { token: curator.token })));
      expect(both.filter((r) => !r.errors).map((r) => r.data.acceptBallotProposal.status)).toEqual(["APPLIED"]);
      expect(both.filter((r) => r.errors).map(codeOf)).toEqual(["CONFLICT"]);
      expect(await revisions()).toBe(before + 1);

      const race = await edit(`Douma, accepted or balloted ${round}.`);
      const ballotsBefore = await count("ballots");
      const [accepted, opened] = await Promise.all([
        server.gql<any>(Q.accept, { id: race }, { token: curator.token }),
        server.gql<any>(Q.open, { id: race }, { token: curator.token }),
      ]);
      expect([accepted, opened].filter((r) => !r.errors)).toHaveLength(1);
      const status = (await server.gql<any>(Q.proposal, { id: race })).data.ballotProposal.status;
      expect(status).toBe(accepted.errors ? "IN_BALLOT" : "APPLIED");
      expect(await count("ballots")).toBe(ballotsBefore + (opened.errors ? 0 : 1));
    }
  });

  it("refuses opening a ballot without curator rights, and nothing changes", async () => {
    const p = (await propose(member.token, { articleId: article.id, title: "Douma", content: "three" })).data!.proposeRootpediaChange;
    const before = await count("ballots");
    expect(codeOf(await server.gql(Q.open, { id: p.id }, { token: member.token }))).toBe("FORBIDDEN");
    expect(codeOf(await server.gql(Q.open, { id: p.id }, { token: otherCurator.token }))).toBe("FORBIDDEN");
    expect(await count("ballots")).toBe(before);
    expect((await server.gql<any>(Q.proposal, { id: p.id })).data.ballotProposal.frozen).toBe(false);
  });
});

describe("Roots Passports and eligibility", () => {
  const eligibility = async (token: string | undefined, language = "en") =>
    (await server.gql<any>(Q.eligibility, { s: village.slug }, { token, language })).data.ballotEligibility;

  it("makes a member with a VERIFIED record in the village eligible, not one whose record is unverified", async () => {
    const verified = await buildVoter(server, village, { root: "verified" });
    expect(await eligibility(verified.token)).toMatchObject({ eligible: true, reasons: [], through: ["verified_root"] });
    const community = await buildVoter(server, village, { root: "community" });
    expect(await eligibility(community.token)).toMatchObject({ eligible: false, reasons: ["no_verified_root"] });
  });

  it("tells a too-new account why, in the reader's language", async () => {
    const young = await buildVoter(server, village, { root: "verified", ageHours: 2 });
    const e = await eligibility(young.token, "ar");
    expect(e).toMatchObject({ eligible: false, reasons: ["account_too_new"] });
    expect(e.messages[0]).toMatch(/[\u0600-\u06FF]/);
    expect(e.messages[0]).toContain("48");
  });

  it("lets a curator of the village issue and revoke a passport with a reason, audited; others may not", async () => {
    const newcomer = await buildVoter(server, village);
    const before = await eligibility(newcomer.token);
    expect(before.reasons).toEqual(["no_verified_root"]);
    expect(before.messages[0]).toMatch(/Roots Passport/);
    const args = { s: village.slug, u: userGid(newcomer.id), r: "Known to the parish" };
    expect(codeOf(await server.gql(Q.issue, args, { token: member.token }))).toBe("FORBIDDEN");
    expect(codeOf(await server.gql(Q.issue, args, { token: otherCurator.token }))).toBe("FORBIDDEN");
    expect(codeOf(await server.gql(Q.issue, { ...args, r: "  " }, { token: curator.token }))).toBe("BAD_USER_INPUT");
    const issued = await server.gql<any>(Q.issue, args, { token: curator.token });
    expect(issued.data.issueRootsPassport.reason).toBe("Known to the parish");
    expect(codeOf(await server.gql(Q.issue, args, { token: curator.token }))).toBe("CONFLICT");
    expect(await eligibility(newcomer.token)).toMatchObject({ eligible: true, through: ["passport"] });
    const id = issued.data.issueRootsPassport.id;
    expect(codeOf(await server.gql(Q.revoke, { id, r: "Mistake" }, { token: member.token }))).toBe("FORBIDDEN");
    const revoked = await server.gql<any>(Q.revoke, { id, r: "Mistake" }, { token: curator.token });
    expect(revoked.data.revokeRootsPassport.revokeReason).toBe("Mistake");
    expect((await eligibility(newcomer.token)).eligible).toBe(false);
    const audited = await server.ds.query(
      `SELECT action, user_id FROM audit_logs WHERE table_name = 'roots_passports' ORDER BY created_at, action`,
    );
    expect(audited.map((a: any) => a.action).sort()).toEqual(["issue", "revoke"]);
  });

  it("tells a visitor to sign in", async () => {
    expect(await eligibility(undefined)).toMatchObject({ eligible: false, reasons: ["signed_out"] });
  });
});
