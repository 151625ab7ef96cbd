/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL answers are checked field by field below. */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { Role } from "../../server/src/common/auth/roles.js";
import { assignCurator } from "../factories/curators.js";
import { buildUser } from "../factories/users.js";
import { buildVoter, codeOf, Q, tokenFor } from "../support/ballots.js";
import { advanceAndRun, DAY, HOUR, TestClock } from "../support/clock.js";
import { buildVillage, gid } from "../support/genealogy.js";
import { startTestServer, wsOnce, type TestServer } from "../support/server.js";
import { ballotApply } from "../../server/src/modules/ballots/ballot.service.js";

import { fromGlobalId } from "../../server/src/common/global-id.js";

/** The database id inside a GraphQL global id. */
const rawOf = (gid: string) => fromGlobalId(gid)!.id;

/**
 * A ballot's life on the test clock: cooling-off (text frozen), open with a frozen roll, closed by
 * the scheduler, decided (quorum missed, tie, rejected, accepted), an accepted edit rebased onto
 * the article or sent to a curator as a conflict. Bad votes change nothing and count nothing.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { clock: new TestClock() });
});
afterAll(() => server.stop());

const BASE = "# Title\n\nFirst paragraph.\n\nSecond paragraph.\n\nThird paragraph.";

/** A village with a curator, an article whose text is BASE, `voters` eligible members and a proposal `content`. */
async function scenario(voters: number, content: string, opts: { hide?: boolean; newArticle?: string } = {}) {
  const village = await buildVillage(server, "Village");
  const curator = await buildUser(server.ds, { roles: [{ role: Role.LOCAL_ROOT_CURATOR }], clock: server.clock });
  await assignCurator(server.ds, curator.id, [village.raw]);
  // An article of its own (replacing the village's outline with a text this short would remove most of it: a review).
  const made = await server.gql<any>(
    `mutation ($input: RootpediaNewArticleInput!) { createRootpediaArticle(input: $input) { id baseRevisionId } }`,
    { input: { villageSlug: village.slug, language: "en", title: "Title", content: BASE, summary: "" } },
    { token: curator.token },
  );
  const en = made.data.createRootpediaArticle;
  const baseRevisionId = en.baseRevisionId;
  const members = [];
  for (let i = 0; i < voters; i++) members.push(await buildVoter(server, village, { passport: true }));
  const author = members[0] ?? (await buildVoter(server, village));
  const p = await server.gql<any>(
    Q.propose,
    {
      input: opts.newArticle
        ? { villageSlug: village.slug, language: "fr", title: opts.newArticle, content, summary: "" }
        : { villageSlug: village.slug, articleId: en.id, baseRevisionId, title: "Title", content, summary: "" },
    },
    { token: author.token },
  );
  const opened = await server.gql<any>(
    Q.open,
    { id: p.data.proposeRootpediaChange.id, hide: opts.hide ?? false },
    { token: curator.token },
  );
  expect(opened.errors).toBeUndefined();
  return {
    village,
    curator,
    article: en.id,
    baseRevisionId,
    members,
    proposal: p.data.proposeRootpediaChange.id,
    ballot: opened.data.openBallot.id,
    author,
  };
}

const ballot = async (id: string) => (await server.gql<any>(Q.ballot, { id })).data.ballot;
const stable = async (articleId: string) =>
  (await server.gql<any>(`query ($id: ID!) { rootpediaArticle(id: $id) { stable { content } } }`, { id: articleId })).data.rootpediaArticle
    .stable.content;

async function voteAll(s: Awaited<ReturnType<typeof scenario>>, choices: string[]) {
  const receipts = [];
  for (let i = 0; i < choices.length; i++) {
    const res = await server.gql<any>(Q.vote, { id: s.ballot, choice: choices[i] }, { token: await tokenFor(server, s.members[i].id) });
    expect(res.errors).toBeUndefined();
    receipts.push(res.data.castVote.receipt);
  }
  return receipts;
}

describe("a ballot's life", () => {
  it("cools off with the text frozen, opens on time with a frozen roll, and refuses bad votes", async () => {
    const s = await scenario(6, BASE.replace("Second", "2nd"));
    expect((await ballot(s.ballot)).status).toBe("COOLING_OFF");
    const frozen = await server.gql(Q.edit, { id: s.proposal, input: { title: "Title", content: "changed" } }, { token: s.author.token });
    expect(codeOf(frozen)).toBe("CONFLICT");
    const early = await server.gql(Q.vote, { id: s.ballot, choice: "YES" }, { token: s.members[1].token });
    expect(codeOf(early)).toBe("FORBIDDEN");
    expect(early.errors![0].message).toMatch(/not open/);
    // Comments go on while the text is frozen.
    expect((await server.gql(Q.comment, { id: s.proposal, body: "Agreed" }, { token: s.members[2].token })).errors).toBeUndefined();

    await advanceAndRun(server, 47 * HOUR);
    expect((await ballot(s.ballot)).status).toBe("COOLING_OFF");
    await advanceAndRun(server, 2 * HOUR);
    const late = await buildVoter(server, s.village, { passport: true }); // joins after the roll froze
    const open = await ballot(s.ballot);
    expect(open.status).toBe("OPEN");
    expect(open.tally).toMatchObject({ eligible: 6, quorum: 5, turnout: 0, breakdownHidden: true });

    const t1 = await tokenFor(server, s.members[1].id);
    const first = await server.gql<any>(Q.vote, { id: s.ballot, choice: "YES" }, { token: t1 });
    expect(first.data.castVote.receipt).toMatch(/^[0-9a-f]{64}$/);
    const twice = await server.gql(Q.vote, { id: s.ballot, choice: "NO" }, { token: t1 });
    expect(codeOf(twice)).toBe("CONFLICT");
    expect(twice.errors![0].message).toMatch(/already voted/);
    const notOnRoll = await server.gql(Q.vote, { id: s.ballot, choice: "NO" }, { token: await tokenFor(server, late.id) });
    expect(notOnRoll.errors![0].message).toMatch(/voter roll/);
    expect(
      codeOf(await server.gql(Q.vote, { id: gid("Ballot", "00000000-0000-4000-8000-000000000000"), choice: "NO" }, { token: t1 })),
    ).toBe("NOT_FOUND");
    expect(codeOf(await server.gql(Q.vote, { id: s.ballot, choice: "YES" }))).toBe("UNAUTHENTICATED");
    expect((await server.ds.query(`SELECT count(*)::int AS n FROM ballot_votes`))[0].n).toBe(1);
    // The receipt is counted while open; the board comes at close.
    expect((await server.gql<any>(Q.receipt, { id: s.ballot, r: first.data.castVote.receipt })).data.ballotReceipt).toEqual({
      counted: true,
      entry: null,
    });
    const missing = await server.gql(Q.receipt, { id: s.ballot, r: "0".repeat(64) }, { language: "fr" });
    expect(codeOf(missing)).toBe("NOT_FOUND");
    expect(missing.errors![0].message).toMatch(/reçu/);

    await advanceAndRun(server, 7 * DAY);
    const closed = await ballot(s.ballot);
    expect(closed.tally).toMatchObject({ status: "CLOSED", outcome: "QUORUM_MISSED", turnout: 1, yes: 1, no: 0, breakdownHidden: false });
    const after = await server.gql(Q.vote, { id: s.ballot, choice: "YES" }, { token: await tokenFor(server, s.members[2].id) });
    expect(after.errors![0].message).toMatch(/closed/);
    expect(await stable(s.article)).toBe(BASE);
  });

  it("rejects a tie", async () => {
    const s = await scenario(6, BASE.replace("First", "1st"));
    await advanceAndRun(server, 49 * HOUR);
    await voteAll(s, ["YES", "YES", "YES", "NO", "NO", "NO"]);
    await advanceAndRun(server, 7 * DAY);
    expect((await ballot(s.ballot)).tally).toMatchObject({ outcome: "TIE", yes: 3, no: 3 });
    expect((await server.gql<any>(Q.proposal, { id: s.proposal })).data.ballotProposal.status).toBe("REJECTED");
    expect(await stable(s.article)).toBe(BASE);
  });

  it("applies an accepted edit rebased onto a newer revision, audits each step, and lets voters find their receipt on the board", async () => {
    const s = await scenario(6, BASE.replace("Third paragraph.", "Third paragraph, amended."));
    await advanceAndRun(server, 49 * HOUR);
    // Meanwhile the article changed elsewhere: the edit is rebased onto it.
    const cur = await tokenFor(server, s.curator.id);
    const latest = (await server.gql<any>(`query ($id: ID!) { rootpediaArticle(id: $id) { baseRevisionId } }`, { id: s.article })).data
      .rootpediaArticle.baseRevisionId;
    await server.gql(
      `mutation ($id: ID!, $input: RootpediaEditInput!) { editRootpediaArticle(id: $id, input: $input) { id } }`,
      {
        id: s.article,
        input: {
          title: "Title",
          content: BASE.replace("First paragraph.", "First paragraph, revised."),
          summary: "",
          baseRevisionId: latest,
        },
      },
      { token: cur },
    );
    const receipts = await voteAll(s, ["YES", "YES", "YES", "NO", "ABSTAIN"]);
    await advanceAndRun(server, 7 * DAY);
    expect((await ballot(s.ballot)).tally).toMatchObject({ outcome: "ACCEPTED", yes: 3, no: 1, abstain: 1, turnout: 5 });
    expect((await server.gql<any>(Q.proposal, { id: s.proposal })).data.ballotProposal.status).toBe("APPLIED");
    const text = await stable(s.article);
    expect(text).toContain("First paragraph, revised.");
    expect(text).toContain("Third paragraph, amended.");
    const found = await server.gql<any>(Q.receipt, { id: s.ballot, r: receipts[3] });
    expect(found.data.ballotReceipt.entry).toMatchObject({ receipt: receipts[3], choice: "NO" });
    const [{ id: rawBallot }] = await server.ds.query(
      `SELECT id FROM ballots WHERE proposal_id = (SELECT id FROM ballot_proposals WHERE status = 'applied' ORDER BY updated_at DESC LIMIT 1)`,
    );
    const actions: any[] = await server.ds.query(`SELECT action, after FROM audit_logs WHERE record_id = $1 ORDER BY created_at`, [
      rawBallot,
    ]);
    expect(actions.map((a) => a.action)).toEqual(["cooling_off", "open", "close", "applied"]);
    expect(JSON.stringify(actions)).not.toMatch(/"(yes|no|abstain)"/);
  });

  it("sends an accepted edit that overlaps a newer change to a curator as a conflict, who resolves it", async () => {
    const s = await scenario(5, BASE.replace("Second paragraph.", "Second paragraph, by ballot."));
    await advanceAndRun(server, 49 * HOUR);
    const cur = await tokenFor(server, s.curator.id);
    const latest = (await server.gql<any>(`query ($id: ID!) { rootpediaArticle(id: $id) { baseRevisionId } }`, { id: s.article })).data
      .rootpediaArticle.baseRevisionId;
    await server.gql(
      `mutation ($id: ID!, $input: RootpediaEditInput!) { editRootpediaArticle(id: $id, input: $input) { id } }`,
      {
        id: s.article,
        input: {
          title: "Title",
          content: BASE.replace("Second paragraph.", "Second paragraph, by curator."),
          summary: "",
          baseRevisionId: latest,
        },
      },
      { token: cur },
    );
    await voteAll(s, ["YES", "YES", "YES", "YES", "NO"]);
    await advanceAndRun(server, 7 * DAY);
    expect((await ballot(s.ballot)).tally.outcome).toBe("ACCEPTED");
    expect((await server.gql<any>(Q.proposal, { id: s.proposal })).data.ballotProposal.status).toBe("CONFLICT");
    expect(await stable(s.article)).toContain("by curator");
    const cur2 = await tokenFor(server, s.curator.id);
    const merged = BASE.replace("Second paragraph.", "Second paragraph, by ballot and curator.");
    expect(
      codeOf(await server.gql(Q.resolve, { id: s.proposal, content: merged }, { token: await tokenFor(server, s.members[0].id) })),
    ).toBe("FORBIDDEN");
    const res = await server.gql<any>(Q.resolve, { id: s.proposal, content: merged }, { token: cur2 });
    expect(res.data.resolveBallotProposalConflict.status).toBe("APPLIED");
    expect(await stable(s.article)).toContain("by ballot and curator");
  });
});

describe("an accepted edit's apply", () => {
  it("is written by the curator who opened the ballot when the author's account is gone", async () => {
    const s = await scenario(5, BASE.replace("Third paragraph.", "Third paragraph, author gone."));
    await advanceAndRun(server, 49 * HOUR);
    await voteAll(s, ["YES", "YES", "YES", "NO", "ABSTAIN"]);
    await server.ds.query(`UPDATE ballot_proposals SET author_id = NULL WHERE id = $1`, [rawOf(s.proposal)]);
    await advanceAndRun(server, 7 * DAY);
    expect((await server.gql<any>(Q.proposal, { id: s.proposal })).data.ballotProposal.status).toBe("APPLIED");
    expect(await stable(s.article)).toContain("author gone");
    const [{ author_id }] = await server.ds.query(
      `SELECT r.author_id FROM rootpedia_revisions r JOIN ballot_proposals p ON p.applied_revision_id = r.id WHERE p.id = $1`,
      [rawOf(s.proposal)],
    );
    expect(author_id).toBe(s.curator.id);
  });

  it("writes a new article once, even when its apply runs again after a failure that came after the write", async () => {
    const s = await scenario(5, "Le vieux souk de la place.", { newArticle: "Le souk du village" });
    await advanceAndRun(server, 49 * HOUR);
    await voteAll(s, ["YES", "YES", "YES", "NO", "ABSTAIN"]);
    await advanceAndRun(server, 7 * DAY);
    expect((await server.gql<any>(Q.proposal, { id: s.proposal })).data.ballotProposal.status).toBe("APPLIED");
    const articles = () =>
      server.ds.query(`SELECT id FROM rootpedia_articles WHERE village_id = $1 AND title = 'Le souk du village'`, [s.village.raw]);
    expect(await articles()).toHaveLength(1);
    // As if the process stopped between writing the article and marking the proposal: the job runs again.
    await server.ds.query(`UPDATE ballot_proposals SET status = 'applying', applied_revision_id = NULL WHERE id = $1`, [rawOf(s.proposal)]);
    await server.scheduler.send(ballotApply, { ballotId: rawOf(s.ballot) }, { key: `${rawOf(s.ballot)}:again` });
    await advanceAndRun(server, 1000);
    expect(await articles()).toHaveLength(1);
    const p = (await server.gql<any>(Q.proposal, { id: s.proposal })).data.ballotProposal;
    expect(p.status).toBe("APPLIED");
    expect(p.appliedRevisionId).not.toBeNull();
  });
});

describe("secrecy in the database", () => {
  it("rewrites votes when a tally first counts them (at least 3, in a random order) and at close in board order, so no vote row shares a transaction with its voter's roll entry", async () => {
    const s = await scenario(6, BASE.replace("First paragraph.", "First paragraph, secret."));
    await advanceAndRun(server, 49 * HOUR);
    const ballotRaw = rawOf(s.ballot);
    const joined = async () =>
      (
        await server.ds.query(
          `SELECT count(*)::int AS n FROM ballot_roll r JOIN ballot_votes v ON v.xmin = r.xmin WHERE r.ballot_id = $1 AND v.ballot_id = $1`,
          [ballotRaw],
        )
      )[0].n as number;
    const unmixed = async () =>
      (await server.ds.query(`SELECT count(*)::int AS n FROM ballot_votes WHERE ballot_id = $1 AND NOT mixed`, [ballotRaw]))[0].n as number;
    await voteAll(s, ["YES", "NO", "YES"]);
    // The third vote published the first tally, which rewrote the three.
    expect((await ballot(s.ballot)).tally.turnout).toBe(3);
    expect(await unmixed()).toBe(0);
    expect(await joined()).toBe(0);
    // Two more, not yet counted by a tally: until one is, their rows share their voters' transaction.
    for (const m of s.members.slice(3, 5))
      expect(
        (await server.gql<any>(Q.vote, { id: s.ballot, choice: "ABSTAIN" }, { token: await tokenFor(server, m.id) })).errors,
      ).toBeUndefined();
    expect(await unmixed()).toBe(2);
    expect(await joined()).toBe(2);
    await advanceAndRun(server, 7 * DAY);
    expect((await ballot(s.ballot)).tally).toMatchObject({ status: "CLOSED", turnout: 5 });
    expect(await unmixed()).toBe(0);
    expect(await joined()).toBe(0);
    // Stored in board order (the receipts', random), not in the order they were cast.
    const stored: { position: number }[] = await server.ds.query(`SELECT position FROM ballot_votes WHERE ballot_id = $1 ORDER BY ctid`, [
      ballotRaw,
    ]);
    expect(stored.map((r) => r.position)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe("live tallies", () => {
  it("refuses subscribing to a ballot whose results are hidden until close", async () => {
    const s = await scenario(5, BASE.replace("First", "One"), { hide: true });
    const client = server.ws({ language: "en" });
    const res = await wsOnce(client, `subscription ($id: ID!) { ballotTallyUpdated(ballotId: $id) { turnout } }`, { id: s.ballot });
    await client.dispose();
    expect(res.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect(res.errors?.[0]?.message).toMatch(/hidden/);
  });

  it("sends the turnout once 3 new votes are in, with the breakdown hidden below 20 votes", async () => {
    const s = await scenario(5, BASE.replace("First", "Uno"));
    await advanceAndRun(server, 49 * HOUR);
    const client = server.ws({ language: "en" });
    const update = wsOnce<any>(client, `subscription ($id: ID!) { ballotTallyUpdated(ballotId: $id) { turnout yes breakdownHidden } }`, {
      id: s.ballot,
    });
    await new Promise((r) => setTimeout(r, 200)); // the subscription is in place
    await voteAll(s, ["YES", "NO"]);
    expect((await ballot(s.ballot)).tally.turnout).toBe(0);
    await voteAll({ ...s, members: s.members.slice(2) }, ["YES"]);
    const got = await update;
    await client.dispose();
    expect(got.data.ballotTallyUpdated).toEqual({ turnout: 3, yes: null, breakdownHidden: true });
  });
});
