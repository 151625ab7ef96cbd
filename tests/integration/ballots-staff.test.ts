/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL answers are checked field by field below. */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { Role } from "../../server/src/common/auth/roles.js";
import { assignCurator } from "../factories/curators.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { buildVoter, codeOf, Q, tokenFor } from "../support/ballots.js";
import { advanceAndRun, HOUR, TestClock } from "../support/clock.js";
import { buildVillage } from "../support/genealogy.js";
import { startTestServer, type TestServer } from "../support/server.js";

/**
 * What the pages and the staff board read beyond the core: a proposal's change as a diff, its
 * conflict (the three texts and the two changes) for the village's curators, the viewer on a
 * ballot's roll, and the village's live passports (curators only), issued by the holder's email.
 */
let server: TestServer;
let village: { id: string; raw: string; slug: string };
let curator: BuiltUser;
let otherCurator: BuiltUser;
let member: BuiltUser;

const BASE = "# Title\n\nFirst paragraph.\n\nSecond paragraph.";

beforeAll(async () => {
  server = await startTestServer({}, { clock: new TestClock() });
  village = await buildVillage(server, "Hasroun");
  const other = await buildVillage(server, "Bsharri");
  curator = await buildUser(server.ds, { roles: [{ role: Role.LOCAL_ROOT_CURATOR }], clock: server.clock });
  await assignCurator(server.ds, curator.id, [village.raw]);
  otherCurator = await buildUser(server.ds, { roles: [{ role: Role.LOCAL_ROOT_CURATOR }], clock: server.clock });
  await assignCurator(server.ds, otherCurator.id, [other.raw]);
  member = await buildUser(server.ds, { roles: [{ role: Role.MEMBER }], email: "holder@example.test", clock: server.clock });
});
afterAll(() => server.stop());

const CONFLICT = `query ($id: ID!) { ballotProposal(id: $id) { id status villageSlug authorName viewerCan { review edit passports }
  diff { kind text } conflict { currentRevisionId baseContent currentContent proposedContent changesMeanwhile { kind text } proposedChanges { kind text } } } }`;

async function article(): Promise<{ id: string; base: string }> {
  // An article of its own (replacing the village's outline with a text this short would remove most of it: a review).
  const made = await server.gql<any>(
    `mutation ($input: RootpediaNewArticleInput!) { createRootpediaArticle(input: $input) { id baseRevisionId } }`,
    { input: { villageSlug: village.slug, language: "en", title: "Title", content: BASE, summary: "" } },
    { token: curator.token },
  );
  return { id: made.data.createRootpediaArticle.id, base: made.data.createRootpediaArticle.baseRevisionId };
}

describe("a proposal's change and conflict", () => {
  it("shows the change as a diff, and a conflict's texts to the village's curators only", async () => {
    const a = await article();
    const proposed = await server.gql<any>(
      Q.propose,
      {
        input: {
          villageSlug: village.slug,
          articleId: a.id,
          baseRevisionId: a.base,
          title: "Title",
          content: BASE.replace("Second paragraph.", "Second paragraph, proposed."),
          summary: "",
        },
      },
      { token: member.token },
    );
    const id = proposed.data.proposeRootpediaChange.id;
    const draft = (await server.gql<any>(CONFLICT, { id }, { token: member.token })).data.ballotProposal;
    expect(draft).toMatchObject({
      status: "DRAFT",
      villageSlug: village.slug,
      authorName: "Test Member",
      // Its author may change the draft; only the village's reviewers review it or hand out passports.
      viewerCan: { review: false, edit: true, passports: false },
      conflict: null,
    });
    const listed = await server.gql<any>(`query ($a: ID!) { articleBallotProposals(articleId: $a) { id status } }`, { a: a.id });
    expect(listed.data.articleBallotProposals).toEqual([{ id, status: "DRAFT" }]);
    expect(draft.diff.filter((p: any) => p.kind === "ADDED").map((p: any) => p.text.trim())).toEqual([", proposed"]);

    // The curator changes the same paragraph meanwhile, then accepts the proposal directly: a conflict.
    await server.gql(
      `mutation ($id: ID!, $input: RootpediaEditInput!) { editRootpediaArticle(id: $id, input: $input) { id } }`,
      {
        id: a.id,
        input: {
          title: "Title",
          content: BASE.replace("Second paragraph.", "Second paragraph, by curator."),
          summary: "",
          baseRevisionId: a.base,
        },
      },
      { token: curator.token },
    );
    const accepted = await server.gql<any>(Q.accept, { id }, { token: curator.token });
    expect(accepted.data.acceptBallotProposal.status).toBe("CONFLICT");

    const seen = (await server.gql<any>(CONFLICT, { id }, { token: curator.token })).data.ballotProposal;
    expect(seen.viewerCan).toEqual({ review: true, edit: true, passports: true });
    expect(seen.conflict).toMatchObject({
      baseContent: BASE,
      currentContent: BASE.replace("Second paragraph.", "Second paragraph, by curator."),
      proposedContent: BASE.replace("Second paragraph.", "Second paragraph, proposed."),
    });
    expect(seen.conflict.currentRevisionId).toBeTruthy();
    expect(seen.conflict.changesMeanwhile.find((p: any) => p.kind === "ADDED").text).toContain("curator");
    expect(seen.conflict.proposedChanges.find((p: any) => p.kind === "ADDED").text).toContain("proposed");

    // The author is told, with a link the proposal page opens (its global id).
    const told = await server.gql<any>(`{ notifications(first: 5) { edges { node { kind link } } } }`, {}, { token: member.token });
    expect(told.data.notifications.edges.map((e: any) => e.node.link)).toContain(`/root/${village.slug}/rootpedia/proposal/${id}`);

    for (const who of [member, otherCurator]) expect(codeOf(await server.gql(CONFLICT, { id }, { token: who.token }))).toBe("FORBIDDEN");
    expect(codeOf(await server.gql(CONFLICT, { id }))).toBe("FORBIDDEN");
  });

  it("shows all of a new article as added", async () => {
    const res = await server.gql<any>(
      Q.propose,
      { input: { villageSlug: village.slug, language: "en", title: "The church", content: "The church of the village.", summary: "" } },
      { token: member.token },
    );
    const p = (await server.gql<any>(CONFLICT, { id: res.data.proposeRootpediaChange.id })).data.ballotProposal;
    expect(p.diff).toEqual([{ kind: "ADDED", text: "The church of the village." }]);
  });

  it("names its village in the reader's language, for lists of many villages (the staff board)", async () => {
    await server.ds.query(`UPDATE villages SET name_ar = 'حصرون', name_fr = 'Hasroûn' WHERE id = $1`, [village.raw]);
    const res = await server.gql<any>(
      Q.propose,
      { input: { villageSlug: village.slug, language: "en", title: "Names", content: "Text.", summary: "" } },
      { token: member.token },
    );
    const NAME = `query ($id: ID!) { ballotProposal(id: $id) { villageSlug villageName } }`;
    const id = res.data.proposeRootpediaChange.id;
    const name = async (language: string) => (await server.gql<any>(NAME, { id }, { language })).data.ballotProposal;
    expect(await name("ar")).toEqual({ villageSlug: village.slug, villageName: "حصرون" });
    expect((await name("fr")).villageName).toBe("Hasroûn");
    expect((await name("en")).villageName).toBe("Hasroun");
  });
});

describe("the viewer on a ballot's roll", () => {
  it("is null before the ballot opens, then says whether the viewer is on the roll and has voted", async () => {
    const voter = await buildVoter(server, village, { passport: true });
    const res = await server.gql<any>(
      Q.propose,
      { input: { villageSlug: village.slug, language: "en", title: "Roll", content: "Text.", summary: "" } },
      { token: voter.token },
    );
    const opened = await server.gql<any>(Q.open, { id: res.data.proposeRootpediaChange.id }, { token: curator.token });
    const ballotId = opened.data.openBallot.id;
    const ROLL = `query ($id: ID!) { ballot(id: $id) { status villageSlug viewerRoll { onRoll voted } proposal { title } } }`;
    expect((await server.gql<any>(ROLL, { id: ballotId }, { token: voter.token })).data.ballot).toMatchObject({
      status: "COOLING_OFF",
      villageSlug: village.slug,
      viewerRoll: null,
      proposal: { title: "Roll" },
    });
    await advanceAndRun(server, 49 * HOUR);
    const token = await tokenFor(server, voter.id);
    expect((await server.gql<any>(ROLL, { id: ballotId }, { token })).data.ballot.viewerRoll).toEqual({ onRoll: true, voted: false });
    await server.gql(Q.vote, { id: ballotId, choice: "YES" }, { token });
    expect((await server.gql<any>(ROLL, { id: ballotId }, { token })).data.ballot.viewerRoll).toEqual({ onRoll: true, voted: true });
    const outsider = await tokenFor(server, otherCurator.id);
    expect((await server.gql<any>(ROLL, { id: ballotId }, { token: outsider })).data.ballot.viewerRoll).toEqual({
      onRoll: false,
      voted: false,
    });
    expect((await server.gql<any>(ROLL, { id: ballotId })).data.ballot.viewerRoll).toBeNull();
  });
});

describe("the village's passports", () => {
  const LIST = `query ($s: String!) { rootsPassports(villageSlug: $s) { id userId holderName reason issuedAt } }`;
  const ISSUE = `mutation ($s: String!, $e: String, $r: String!) { issueRootsPassport(villageSlug: $s, email: $e, reason: $r) { id holderName reason } }`;

  it("are listed to the village's curators only, and issued by the holder's email; an unknown email changes nothing", async () => {
    const cur = await tokenFor(server, curator.id);
    const before = (await server.gql<any>(LIST, { s: village.slug }, { token: cur })).data.rootsPassports.length;
    for (const token of [undefined, (await tokenFor(server, member.id)) as string | undefined, await tokenFor(server, otherCurator.id)]) {
      const res = await server.gql(LIST, { s: village.slug }, { token });
      expect(codeOf(res)).toBe("FORBIDDEN");
      // Nor may they probe an email by issuing.
      expect(codeOf(await server.gql(ISSUE, { s: village.slug, e: "holder@example.test", r: "why" }, { token }))).toBe(
        token ? "FORBIDDEN" : "UNAUTHENTICATED",
      );
    }
    const unknown = await server.gql(ISSUE, { s: village.slug, e: "nobody@example.test", r: "why" }, { token: cur });
    expect(codeOf(unknown)).toBe("BAD_USER_INPUT");
    expect(codeOf(await server.gql(ISSUE, { s: village.slug, e: null, r: "why" }, { token: cur }))).toBe("BAD_USER_INPUT");
    expect((await server.gql<any>(LIST, { s: village.slug }, { token: cur })).data.rootsPassports).toHaveLength(before);
    const issued = await server.gql<any>(ISSUE, { s: village.slug, e: " holder@EXAMPLE.test ", r: "Known to the parish" }, { token: cur });
    expect(issued.errors).toBeUndefined();
    const list = (await server.gql<any>(LIST, { s: village.slug }, { token: cur })).data.rootsPassports;
    expect(list).toHaveLength(before + 1);
    expect(list[0]).toMatchObject({ holderName: "Test Member", reason: "Known to the parish" });
    await server.gql(Q.revoke, { id: list[0].id, r: "Moved away" }, { token: cur });
    expect((await server.gql<any>(LIST, { s: village.slug }, { token: cur })).data.rootsPassports).toHaveLength(before);
  });
});
