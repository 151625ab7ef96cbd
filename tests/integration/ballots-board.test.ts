/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL answers are checked field by field below. */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createHash } from "node:crypto";
import { Role } from "../../server/src/common/auth/roles.js";
import { fromGlobalId } from "../../server/src/common/global-id.js";
import { assignCurator } from "../factories/curators.js";
import { buildRootspaces } from "../factories/rootspaces.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { buildVoter, codeOf, Q, seedOpenBallot, tokenFor } from "../support/ballots.js";
import { advanceAndRun, DAY, HOUR, TestClock } from "../support/clock.js";
import { buildVillage } from "../support/genealogy.js";
import { startTestServer, type TestServer } from "../support/server.js";

/**
 * A ballot's public board, through GraphQL (`ballotBoard`) and as the file anyone downloads
 * (`/ballots/<id>/board.json`): nothing before the close (the order is made then), then every
 * vote in the order of its receipt, chained by hashes a voter can recompute, and their own
 * receipt among them. The file is served only for a public village of the request's rootspace.
 */
let server: TestServer;
let village: { id: string; raw: string; slug: string };
let curator: BuiltUser;
let voters: BuiltUser[];
let ballotId: string;
let rawBallot: string;
const cast: { receipt: string; choice: string }[] = [];

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const board = async (id: string, opts: { headers?: Record<string, string> } = {}) =>
  server.gql<{ ballotBoard: any[] }>(Q.board, { id }, opts);
const boardFile = (raw: string, headers: Record<string, string> = {}) => fetch(`${server.url}/ballots/${raw}/board.json`, { headers });

beforeAll(async () => {
  server = await startTestServer({}, { clock: new TestClock() });
  village = await buildVillage(server, "Ehden");
  curator = await buildUser(server.ds, { roles: [{ role: Role.LOCAL_ROOT_CURATOR }], clock: server.clock });
  await assignCurator(server.ds, curator.id, [village.raw]);
  voters = [];
  for (let i = 0; i < 6; i++) voters.push(await buildVoter(server, village, { passport: true }));
  const p = await server.gql<any>(
    Q.propose,
    { input: { villageSlug: village.slug, language: "en", title: "The mill", content: "The old mill by the river.", summary: "" } },
    { token: voters[0].token },
  );
  const opened = await server.gql<any>(Q.open, { id: p.data.proposeRootpediaChange.id }, { token: curator.token });
  ballotId = opened.data.openBallot.id;
  rawBallot = fromGlobalId(ballotId)!.id;
});
afterAll(() => server.stop());

describe("a ballot's board", () => {
  it("is empty (GraphQL) and not found (board.json) while cooling off and while open", async () => {
    expect((await board(ballotId)).data!.ballotBoard).toEqual([]);
    expect((await boardFile(rawBallot)).status).toBe(404);

    await advanceAndRun(server, 49 * HOUR);
    const choices = ["YES", "NO", "YES", "ABSTAIN", "YES", "NO"];
    for (let i = 0; i < voters.length; i++) {
      const res = await server.gql<any>(Q.vote, { id: ballotId, choice: choices[i] }, { token: await tokenFor(server, voters[i].id) });
      expect(res.errors).toBeUndefined();
      cast.push({ receipt: res.data.castVote.receipt, choice: choices[i] });
    }
    expect((await server.gql<any>(Q.ballot, { id: ballotId })).data.ballot.status).toBe("OPEN");
    expect((await board(ballotId)).data!.ballotBoard).toEqual([]);
    const open = await boardFile(rawBallot);
    expect(open.status).toBe(404);
    expect(open.headers.get("cache-control")).toBe("no-store");
  });

  it("after the close lists every vote in the order of its receipt, chained from the ballot's genesis hash", async () => {
    await advanceAndRun(server, 7 * DAY);
    const entries = (await board(ballotId)).data!.ballotBoard;
    expect(entries).toHaveLength(cast.length);
    expect(entries.map((e) => e.position)).toEqual([1, 2, 3, 4, 5, 6]);
    // Ordered by receipt (random), so the board says nothing of who voted when.
    expect(entries.map((e) => e.receipt)).toEqual(cast.map((c) => c.receipt).sort());
    let prev = sha256(`roots-ballot:${rawBallot}`);
    for (const e of entries) {
      expect(e.prevHash).toBe(prev);
      prev = sha256(`${rawBallot}:${e.position}:${e.receipt}:${e.choice.toLowerCase()}:${e.prevHash}`);
      expect(e.entryHash).toBe(prev);
    }
    // Each voter finds their receipt with the choice they made.
    for (const c of cast) expect(entries.find((e) => e.receipt === c.receipt)?.choice).toBe(c.choice);
  });

  it("is served as board.json after the close: the same chain and the tally it adds up to", async () => {
    const res = await boardFile(rawBallot);
    expect(res.status).toBe(200);
    expect(res.headers.get("vary")?.toLowerCase()).toContain("x-rootspace");
    const file = (await res.json()) as any;
    const entries = (await board(ballotId)).data!.ballotBoard;
    expect(file).toMatchObject({ ballotId: rawBallot, outcome: "accepted", tally: { yes: 3, no: 2, abstain: 1 } });
    expect(file.entries).toEqual(entries.map((e) => ({ ...e, choice: e.choice.toLowerCase() })));
  });

  it("answers 404 for an unknown ballot or an id that is not one", async () => {
    expect((await boardFile("00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await boardFile("not-a-ballot")).status).toBe(404);
  });
});

describe("board.json outside the request's public villages", () => {
  /** A closed ballot written straight to the database (no votes: what is read here is whether it is served at all). */
  async function closedBallot(v: { raw: string }): Promise<{ id: string; raw: string }> {
    const id = await seedOpenBallot(server.ds, v, [], server.clock!.now());
    const raw = fromGlobalId(id)!.id;
    await server.ds.query(`UPDATE ballots SET status = 'closed', outcome = 'quorum_missed' WHERE id = $1`, [raw]);
    return { id, raw };
  }

  it("answers 404 for a ballot of a village that is not public, as for an unknown one", async () => {
    const hidden = await buildVillage(server, "Hidden");
    const b = await closedBallot(hidden);
    expect((await boardFile(b.raw)).status).toBe(200);
    await server.ds.query(`UPDATE villages SET is_public = false WHERE id = $1`, [hidden.raw]);
    const res = await boardFile(b.raw);
    expect(res.status).toBe(404);
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("answers 404 for a ballot of another rootspace; asked in its own rootspace it is served", async () => {
    const [other] = await buildRootspaces(server.ds, 1, { prefix: "phoenicia" });
    const away = await buildVillage(server, "Away");
    await server.ds.query(`UPDATE villages SET rootspace_id = $1 WHERE id = $2`, [other, away.raw]);
    const b = await closedBallot(away);
    expect((await boardFile(b.raw)).status).toBe(404);
    expect((await boardFile(b.raw, { "x-rootspace": "lebanon" })).status).toBe(404);
    expect(codeOf(await board(b.id))).toBe("NOT_FOUND");
    const there = await boardFile(b.raw, { "x-rootspace": other });
    expect(there.status).toBe(200);
    expect(((await there.json()) as any).ballotId).toBe(b.raw);
    // A plain link (the results page's, the verifier's) names the rootspace in its address.
    const linked = await fetch(`${server.url}/ballots/${b.raw}/board.json?rootspace=${encodeURIComponent(other)}`);
    expect(linked.status).toBe(200);
    expect(((await linked.json()) as any).ballotId).toBe(b.raw);
    // And the main ballot, of Lebanon, is not found from the other rootspace.
    expect((await boardFile(rawBallot, { "x-rootspace": other })).status).toBe(404);
  });

  it("gives the board's address with its rootspace, which a plain link can follow", async () => {
    const path = (await server.gql<any>(`query ($id: ID!) { ballot(id: $id) { boardPath } }`, { id: ballotId })).data.ballot.boardPath;
    expect(path).toBe(`/ballots/${rawBallot}/board.json?rootspace=lebanon`);
    expect((await fetch(`${server.url}${path}`)).status).toBe(200);
  });

  it("refuses a rootspace that does not exist with the translated reason", async () => {
    const res = await boardFile(rawBallot, { "x-rootspace": "atlantis-404", "accept-language": "fr" });
    expect(res.status).toBe(400);
    expect(((await res.json()) as any).message).toMatch(/Aucun espace de racines/);
  });

  it("answers NOT_FOUND for the GraphQL board of a ballot of a village that is not public, as board.json does", async () => {
    const hidden = await buildVillage(server, "Hidden too");
    const b = await closedBallot(hidden);
    await server.ds.query(`UPDATE villages SET is_public = false WHERE id = $1`, [hidden.raw]);
    expect(codeOf(await board(b.id))).toBe("NOT_FOUND");
  });
});
