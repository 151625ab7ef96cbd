/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL answers are checked field by field below. */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { Role } from "../../server/src/common/auth/roles.js";
import { assignCurator } from "../factories/curators.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { buildVoter, codeOf, Q, seedOpenBallot, tokenFor } from "../support/ballots.js";
import { DAY, HOUR, TestClock } from "../support/clock.js";
import { buildVillage } from "../support/genealogy.js";
import { startTestServer, type TestServer } from "../support/server.js";

/**
 * Proposals and ballots as people read them (issue 43): a proposal reads as the article it
 * proposes, with the side-by-side comparison against the revision it was written on; a ballot's
 * stages with their dates and rules; a vote's receipt says when the live count includes it; the
 * discussion has replies, agree/disagree reactions (one per member per comment) and hidden
 * comments that take no reply, each refusal in the reader's language.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { clock: new TestClock() });
});
afterAll(() => server.stop());

const BASE = "# History\n\nThe village was founded by farmers.\n\nIts church is old.";
const PROPOSED = "# History\n\nThe village was founded by farmers from the coast.\n\nIts church is old.\n\n## Families\n\nThree families.";

async function scenario() {
  const village = await buildVillage(server, "Reading");
  const curator = await buildUser(server.ds, { roles: [{ role: Role.LOCAL_ROOT_CURATOR }], clock: server.clock });
  await assignCurator(server.ds, curator.id, [village.raw]);
  const made = await server.gql<any>(
    `mutation ($input: RootpediaNewArticleInput!) { createRootpediaArticle(input: $input) { id baseRevisionId } }`,
    { input: { villageSlug: village.slug, language: "en", title: "History", content: BASE, summary: "" } },
    { token: curator.token },
  );
  const article = made.data.createRootpediaArticle;
  const author = await buildVoter(server, village, { passport: true });
  const p = await server.gql<any>(
    Q.propose,
    {
      input: {
        villageSlug: village.slug,
        articleId: article.id,
        baseRevisionId: article.baseRevisionId,
        title: "History of Reading",
        content: PROPOSED,
        summary: "",
      },
    },
    { token: author.token },
  );
  expect(p.errors).toBeUndefined();
  return { village, curator, author, article, proposal: p.data.proposeRootpediaChange.id as string };
}

const READ = `query ($id: ID!) { ballotProposal(id: $id) {
  html contents { level text anchor }
  comparison { coarse rows { kind before { type spans { text change } } after { type spans { text change } } } }
} }`;

describe("a proposal reads as an article", () => {
  it("renders the proposed article and compares it side by side with the revision it was written on", async () => {
    const s = await scenario();
    const res = await server.gql<any>(READ, { id: s.proposal });
    expect(res.errors).toBeUndefined();
    const p = res.data.ballotProposal;
    expect(p.html).toContain("<h2");
    expect(p.html).toContain("Three families.");
    expect(p.contents.map((h: any) => h.text)).toEqual(["History", "Families"]);
    const rows = p.comparison.rows;
    // The title changed comes first, as a heading; then the text, its unchanged paragraph collapsed or kept as context.
    expect(rows[0].before[0].type).toBe("HEADING");
    expect(rows[0].after[0].spans.map((x: any) => x.text).join("")).toBe("History of Reading");
    const added = rows.flatMap((r: any) =>
      r.after.flatMap((l: any) => l.spans.filter((x: any) => x.change === "ADDED").map((x: any) => x.text)),
    );
    expect(added.join("")).toContain("from the coast");
    expect(added.join("")).toContain("Three families.");
    // Nothing removed but the old title and no escapes or Markdown marks shown.
    expect(JSON.stringify(rows)).not.toMatch(/\\\\|##/);
  });

  it("compares a proposed new article against nothing: all of it added", async () => {
    const village = await buildVillage(server, "Newplace");
    const author = await buildVoter(server, village, { passport: true });
    const p = await server.gql<any>(
      Q.propose,
      { input: { villageSlug: village.slug, language: "fr", title: "Église", content: "L'église est **ancienne**.", summary: "" } },
      { token: author.token },
    );
    const res = await server.gql<any>(READ, { id: p.data.proposeRootpediaChange.id });
    expect(res.errors).toBeUndefined();
    expect(res.data.ballotProposal.html).toContain("<strong>ancienne</strong>");
    const rows = res.data.ballotProposal.comparison.rows;
    expect(rows.every((r: any) => r.before.every((l: any) => l.spans.every((x: any) => x.change !== "SAME")))).toBe(true);
    expect(rows.flatMap((r: any) => r.after.flatMap((l: any) => l.spans.map((x: any) => x.text))).join("")).toContain("ancienne");
  });
});

describe("a ballot's timeline", () => {
  it("gives each stage its date, the real cooling-off and the days-open bounds of the rootspace", async () => {
    const s = await scenario();
    await server.ds.query(`UPDATE ballot_settings SET cooling_hours = 72, min_open_days = 10 WHERE rootspace_id = 'lb'`);
    await server.ds.query(
      `INSERT INTO ballot_settings (rootspace_id, cooling_hours, min_open_days, quorum_percent, quorum_min) SELECT 'lb', 72, 10, 10, 5
        WHERE NOT EXISTS (SELECT 1 FROM ballot_settings WHERE rootspace_id = 'lb')`,
    );
    const called = server.clock!.now();
    const opened = await server.gql<any>(
      `mutation ($id: ID!) { openBallot(proposalId: $id, openDays: 12, hideResults: false) { id } }`,
      { id: s.proposal },
      { token: s.curator.token },
    );
    expect(opened.errors).toBeUndefined();
    const res = await server.gql<any>(
      `query ($id: ID!) { ballot(id: $id) { timeline { proposedAt coolingOffFrom coolingHours opensAt openDays closesAt closed appliedAt proposalStatus minOpenDays maxOpenDays } } }`,
      { id: opened.data.openBallot.id },
    );
    expect(res.errors).toBeUndefined();
    const t = res.data.ballot.timeline;
    expect(t.coolingHours).toBe(72);
    expect(Date.parse(t.opensAt) - Date.parse(t.coolingOffFrom)).toBe(72 * HOUR);
    expect(Date.parse(t.coolingOffFrom)).toBe(called.getTime());
    expect(t.openDays).toBe(12);
    expect(Date.parse(t.closesAt) - Date.parse(t.opensAt)).toBe(12 * DAY);
    expect(Date.parse(t.proposedAt)).toBeLessThanOrEqual(Date.parse(t.coolingOffFrom));
    expect(t).toMatchObject({ closed: false, appliedAt: null, proposalStatus: "in_ballot", minOpenDays: 10, maxOpenDays: 90 });
    await server.ds.query(`DELETE FROM ballot_settings WHERE rootspace_id = 'lb'`);
  });
});

describe("a vote's receipt", () => {
  it("says by when the live count includes the vote, while the batched tally has not moved", async () => {
    const village = await buildVillage(server, "Voting");
    const voters: BuiltUser[] = [];
    for (let i = 0; i < 2; i++) voters.push(await buildVoter(server, village, { passport: true }));
    const ballot = await seedOpenBallot(
      server.ds,
      village,
      voters.map((v) => v.id),
      server.clock!.now(),
    );
    const before = server.clock!.now().getTime();
    const cast = await server.gql<any>(
      `mutation ($id: ID!) { castVote(ballotId: $id, choice: YES) { receipt countedBy } }`,
      { id: ballot },
      { token: await tokenFor(server, voters[0].id) },
    );
    expect(cast.errors).toBeUndefined();
    const by = Date.parse(cast.data.castVote.countedBy);
    expect(by).toBeGreaterThan(before);
    expect(by - before).toBeLessThanOrEqual(30_000);
    // One vote alone does not move the tally: the receipt is the voter's proof until it does.
    const tally = (await server.gql<any>(Q.ballot, { id: ballot })).data.ballot.tally;
    expect(tally.turnout).toBe(0);
    const found = await server.gql<any>(Q.receipt, { id: ballot, r: cast.data.castVote.receipt });
    expect(found.data.ballotReceipt.counted).toBe(true);
  });
});

const COMMENT = `mutation ($id: ID!, $body: String!, $replyTo: ID) {
  commentOnBallotProposal(id: $id, body: $body, replyTo: $replyTo) { id replyTo body hidden reactions { agree disagree mine } } }`;
const REACT = `mutation ($id: ID!, $r: BallotCommentReaction) { reactToBallotComment(id: $id, reaction: $r) { id reactions { agree disagree mine } } }`;
const HIDE = `mutation ($id: ID!, $reason: String!) { hideBallotComment(id: $id, reason: $reason) { id hidden hiddenReason body } }`;
const THREAD = `query ($id: ID!) { ballotProposal(id: $id) { comments { id replyTo body authorName hidden hiddenReason reactions { agree disagree mine } } } }`;

describe("the discussion", () => {
  it("takes replies under the comment they answer, and one reaction per member per comment, a second replacing the first", async () => {
    const s = await scenario();
    const other = await buildVoter(server, s.village);
    const top = (await server.gql<any>(COMMENT, { id: s.proposal, body: "Is the coast right?" }, { token: s.author.token })).data
      .commentOnBallotProposal;
    const reply = await server.gql<any>(COMMENT, { id: s.proposal, body: "Yes, Batroun.", replyTo: top.id }, { token: other.token });
    expect(reply.errors).toBeUndefined();
    expect(reply.data.commentOnBallotProposal.replyTo).toBe(top.id);
    // A reply to a reply goes under the comment of the thread.
    const again = await server.gql<any>(
      COMMENT,
      { id: s.proposal, body: "Thanks.", replyTo: reply.data.commentOnBallotProposal.id },
      { token: s.author.token },
    );
    expect(again.data.commentOnBallotProposal.replyTo).toBe(top.id);

    const agree = await server.gql<any>(REACT, { id: top.id, r: "AGREE" }, { token: other.token });
    expect(agree.data.reactToBallotComment.reactions).toEqual({ agree: 1, disagree: 0, mine: "AGREE" });
    await server.gql<any>(REACT, { id: top.id, r: "AGREE" }, { token: s.curator.token });
    // The same member again: their reaction is replaced, never added.
    const changed = await server.gql<any>(REACT, { id: top.id, r: "DISAGREE" }, { token: other.token });
    expect(changed.data.reactToBallotComment.reactions).toEqual({ agree: 1, disagree: 1, mine: "DISAGREE" });
    const twice = await server.gql<any>(REACT, { id: top.id, r: "DISAGREE" }, { token: other.token });
    expect(twice.data.reactToBallotComment.reactions).toEqual({ agree: 1, disagree: 1, mine: "DISAGREE" });
    const [{ n }] = await server.ds.query(`SELECT count(*)::int AS n FROM ballot_comment_reactions WHERE comment_id = $1`, [
      top.id && (await server.ds.query(`SELECT id FROM ballot_comments WHERE body = 'Is the coast right?'`))[0].id,
    ]);
    expect(n).toBe(2);
    const back = await server.gql<any>(REACT, { id: top.id, r: null }, { token: other.token });
    expect(back.data.reactToBallotComment.reactions).toEqual({ agree: 1, disagree: 0, mine: null });

    // A visitor reads the counts, without a reaction of their own; and may not react.
    const thread = (await server.gql<any>(THREAD, { id: s.proposal })).data.ballotProposal.comments;
    expect(thread.map((c: any) => [c.body, c.replyTo === null])).toEqual([
      ["Is the coast right?", true],
      ["Yes, Batroun.", false],
      ["Thanks.", false],
    ]);
    expect(thread[0].reactions).toEqual({ agree: 1, disagree: 0, mine: null });
    expect(codeOf(await server.gql<any>(REACT, { id: top.id, r: "AGREE" }))).toBe("UNAUTHENTICATED");
  });

  it("refuses a reply or a reaction to a hidden comment, in the reader's language; only the village's curators hide, with a reason", async () => {
    const s = await scenario();
    const other = await buildVoter(server, s.village);
    const top = (await server.gql<any>(COMMENT, { id: s.proposal, body: "Spam spam" }, { token: other.token })).data
      .commentOnBallotProposal;
    const early = (await server.gql<any>(COMMENT, { id: s.proposal, body: "Reply before", replyTo: top.id }, { token: s.author.token }))
      .data.commentOnBallotProposal;

    expect(codeOf(await server.gql<any>(HIDE, { id: top.id, reason: "spam" }, { token: s.author.token }))).toBe("FORBIDDEN");
    const noReason = await server.gql<any>(HIDE, { id: top.id, reason: " " }, { token: s.curator.token });
    expect(codeOf(noReason)).toBe("BAD_USER_INPUT");
    const hidden = await server.gql<any>(HIDE, { id: top.id, reason: "spam" }, { token: s.curator.token });
    expect(hidden.data.hideBallotComment).toMatchObject({ hidden: true, hiddenReason: "spam", body: "Spam spam" });

    for (const [language, words] of [
      ["en", "hidden by a curator"],
      ["fr", "masqué par un curateur"],
      ["ar", "أخفى أحد المشرفين"],
    ] as const) {
      const reply = await server.gql<any>(
        COMMENT,
        { id: s.proposal, body: "A reply", replyTo: top.id },
        { token: s.author.token, language },
      );
      expect(codeOf(reply)).toBe("CONFLICT");
      expect((reply.errors as any)[0].message).toContain(words);
      // Answering one of its replies is answering it too.
      expect(
        codeOf(await server.gql<any>(COMMENT, { id: s.proposal, body: "Sneaky", replyTo: early.id }, { token: s.author.token, language })),
      ).toBe("CONFLICT");
      const react = await server.gql<any>(REACT, { id: top.id, r: "AGREE" }, { token: s.author.token, language });
      expect(codeOf(react)).toBe("CONFLICT");
      expect((react.errors as any)[0].message).toContain(words);
    }
    const [{ n }] = await server.ds.query(`SELECT count(*)::int AS n FROM ballot_comments WHERE body IN ('A reply', 'Sneaky')`);
    expect(n).toBe(0);

    // Readers see that it was hidden, not what it said nor why; the village's curators see both.
    const read = async (token?: string) =>
      (await server.gql<any>(THREAD, { id: s.proposal }, token ? { token: await tokenFor(server, token) } : {})).data.ballotProposal
        .comments[0];
    expect(await read()).toMatchObject({ hidden: true, body: "", authorName: null, hiddenReason: null });
    expect(await read(s.curator.id)).toMatchObject({ hidden: true, body: "Spam spam", hiddenReason: "spam" });
    const [a] = await server.ds.query(`SELECT action FROM audit_logs WHERE table_name = 'ballot_comments'`);
    expect(a.action).toBe("hide");
  });

  it("refuses a reply to a comment of another proposal", async () => {
    const s = await scenario();
    const t = await scenario();
    const top = (await server.gql<any>(COMMENT, { id: s.proposal, body: "Here" }, { token: s.author.token })).data.commentOnBallotProposal;
    const res = await server.gql<any>(
      COMMENT,
      { id: t.proposal, body: "There", replyTo: top.id },
      { token: t.author.token, language: "fr" },
    );
    expect(codeOf(res)).toBe("NOT_FOUND");
    expect((res.errors as any)[0].message).toContain("ne fait pas partie");
  });
});
