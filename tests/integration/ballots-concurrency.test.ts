/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL answers are checked field by field below. */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import express from "express";
import { promisify } from "node:util";
import { Role } from "../../server/src/common/auth/roles.js";
import { fromGlobalId } from "../../server/src/common/global-id.js";
import { decide } from "../../server/src/modules/ballots/decide.js";
import { assignCurator } from "../factories/curators.js";
import { buildUser } from "../factories/users.js";
import { buildVoter, Q, tokenFor } from "../support/ballots.js";
import { advanceAndRun, DAY, HOUR, TestClock } from "../support/clock.js";
import { buildVillage } from "../support/genealogy.js";
import { startTestServer, type TestServer } from "../support/server.js";

/**
 * 200 eligible members vote at once through the API, some twice: one vote each is counted, the
 * public board recomputes and recounts with scripts/verify-ballot.mjs, and the verifier fails
 * when one entry is altered, removed or reordered, when the board is cut short (against the head
 * and count the results page shows), when its tally is missing, when its outcome does not follow
 * from the counts and the rules it carries, or when it is another ballot's. What is stored keeps who and
 * what apart.
 */
const run = promisify(execFile);
const VOTERS = 200;
let server: TestServer;
let ballotId: string;
let board: any;
/** A ballot of the same village that closes with no votes. */
let emptyBallotId: string;
/** What the results page shows beside the board before the close (null) and after. */
let headBeforeClose: string | null;
let anchor: { head: string; count: number };
let dir: string;

const HEAD = `query ($id: ID!) { ballot(id: $id) { boardHead tally { turnout } } }`;
const boardUrl = (id: string) => `${server.url}/ballots/${fromGlobalId(id)!.id}/board.json`;
const argsOf = (a: { head: string; count: number }) => ["--head", a.head, "--count", String(a.count)];

/** Exit code of the verifier on a board given as a file or a URL, with any options after it. */
async function verify(source: string, ...options: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ["scripts/verify-ballot.mjs", source, ...options]);
    return { code: 0, out: `${stdout}${stderr}` };
  } catch (err: any) {
    return { code: err.code ?? 1, out: `${err.stdout}${err.stderr}` };
  }
}

beforeAll(async () => {
  server = await startTestServer({}, { clock: new TestClock() });
  dir = mkdtempSync(join(tmpdir(), "roots-ballots-"));
  const village = await buildVillage(server, "Zgharta");
  const curator = await buildUser(server.ds, { roles: [{ role: Role.LOCAL_ROOT_CURATOR }], clock: server.clock });
  await assignCurator(server.ds, curator.id, [village.raw]);
  const voters = [];
  for (let i = 0; i < VOTERS; i++) voters.push(await buildVoter(server, village, { passport: true }));
  const p = await server.gql<any>(
    Q.propose,
    { input: { villageSlug: village.slug, language: "en", title: "Fountain", content: "The old fountain.", summary: "" } },
    { token: voters[0].token },
  );
  const opened = await server.gql<any>(Q.open, { id: p.data.proposeRootpediaChange.id }, { token: curator.token });
  ballotId = opened.data.openBallot.id;
  const quiet = await server.gql<any>(
    Q.propose,
    { input: { villageSlug: village.slug, language: "en", title: "Well", content: "The old well.", summary: "" } },
    { token: voters[1].token },
  );
  emptyBallotId = (await server.gql<any>(Q.open, { id: quiet.data.proposeRootpediaChange.id }, { token: curator.token })).data.openBallot
    .id;
  await advanceAndRun(server, 49 * HOUR);
  const tokens = await Promise.all(voters.map((v) => tokenFor(server, v.id)));
  const choices = ["YES", "NO", "ABSTAIN"];
  // Everyone at once; every fifth voter twice, the second with another choice.
  const attempts = [
    ...tokens.map((t, i) => ({ t, choice: choices[i % 3] })),
    ...tokens.filter((_, i) => i % 5 === 0).map((t, i) => ({ t, choice: choices[(i + 1) % 3] })),
  ];
  const results = await Promise.all(attempts.map((a) => server.gql<any>(Q.vote, { id: ballotId, choice: a.choice }, { token: a.t })));
  const ok = results.filter((r) => !r.errors).length;
  const refused = results.filter((r) => r.errors?.[0]?.extensions?.code === "CONFLICT").length;
  expect({ ok, refused }).toEqual({ ok: VOTERS, refused: attempts.length - VOTERS });
  headBeforeClose = (await server.gql<any>(HEAD, { id: ballotId })).data.ballot.boardHead;
  await advanceAndRun(server, 7 * DAY);
  board = await (await fetch(boardUrl(ballotId))).json();
  const shown = (await server.gql<any>(HEAD, { id: ballotId })).data.ballot;
  anchor = { head: shown.boardHead, count: shown.tally.turnout };
}, 120_000);
afterAll(() => server.stop());

describe("200 voters at once", () => {
  it("counts one vote per distinct voter, and the verifier recounts the tally from the board by its URL", async () => {
    const tally = (await server.gql<any>(Q.ballot, { id: ballotId })).data.ballot.tally;
    expect(tally.turnout).toBe(VOTERS);
    expect(tally.yes + tally.no + tally.abstain).toBe(VOTERS);
    expect(board.entries).toHaveLength(VOTERS);
    const checked = await verify(boardUrl(ballotId));
    expect(checked.code).toBe(0);
    expect(checked.out).toContain(`${tally.yes} yes, ${tally.no} no, ${tally.abstain} abstain`);
  });

  it("shows the hash the board ends at and its count once closed (null before), and the verifier checks the board against them", async () => {
    expect(headBeforeClose).toBeNull();
    expect(anchor).toEqual({ head: board.entries[VOTERS - 1].entryHash, count: VOTERS });
    const checked = await verify(boardUrl(ballotId), ...argsOf(anchor));
    expect(checked).toEqual({ code: 0, out: expect.stringContaining("board verifies") });
    // A ballot no one voted in ends at its genesis hash, with 0 entries.
    const quiet = (await server.gql<any>(HEAD, { id: emptyBallotId })).data.ballot;
    const genesis = createHash("sha256")
      .update(`roots-ballot:${fromGlobalId(emptyBallotId)!.id}`)
      .digest("hex");
    expect(quiet).toEqual({ boardHead: genesis, tally: { turnout: 0 } });
    expect((await verify(boardUrl(emptyBallotId), "--head", genesis, "--count", "0")).code).toBe(0);
    // Another ballot's anchor does not fit.
    expect((await verify(boardUrl(emptyBallotId), ...argsOf(anchor))).code).toBe(1);
  });

  it("fails the verifier when one entry is altered, removed or reordered, the board is cut short, or the tally is changed or missing", async () => {
    const write = (name: string, b: unknown) => {
      const file = join(dir, name);
      writeFileSync(file, JSON.stringify(b));
      return file;
    };
    const copy = () => JSON.parse(JSON.stringify(board));
    /** The verifier's exit code on a tampered board, alone and against the anchor the results page shows. */
    const codes = async (name: string, b: unknown) => {
      const file = write(name, b);
      return [(await verify(file)).code, (await verify(file, ...argsOf(anchor))).code];
    };
    expect(await codes("same.json", copy())).toEqual([0, 0]);
    const altered = copy();
    altered.entries[17].choice = altered.entries[17].choice === "yes" ? "no" : "yes";
    expect(await codes("altered.json", altered)).toEqual([1, 1]);
    const removed = copy();
    removed.entries.splice(42, 1);
    expect(await codes("removed.json", removed)).toEqual([1, 1]);
    const reordered = copy();
    [reordered.entries[3], reordered.entries[4]] = [reordered.entries[4], reordered.entries[3]];
    expect(await codes("reordered.json", reordered)).toEqual([1, 1]);
    const recounted = copy();
    recounted.tally.yes += 1;
    expect(await codes("tally.json", recounted)).toEqual([1, 1]);
    // The last entry dropped and the tally lowered to match: the chain still holds and recounts,
    // so only the anchor catches it.
    const cut = copy();
    const [last] = cut.entries.splice(-1, 1);
    cut.tally[last.choice] -= 1;
    cut.outcome = decide(cut.tally, cut.rules.quorum);
    expect(await codes("cut.json", cut)).toEqual([0, 1]);
    const cutOut = await verify(write("cut.json", cut), ...argsOf(anchor));
    expect(cutOut.out).toContain(`count: expected ${VOTERS} entries, the board has ${VOTERS - 1}`);
    expect(cutOut.out).toContain(`head: expected the board to end at ${anchor.head}`);
    // Every entry dropped, the tally zeroed: the same.
    const emptied = { ...copy(), entries: [], tally: { yes: 0, no: 0, abstain: 0 }, outcome: "quorum_missed" };
    expect(await codes("emptied.json", emptied)).toEqual([0, 1]);
    // The tally is not optional, nor its turnout.
    const untallied = copy();
    delete untallied.tally;
    expect(await codes("untallied.json", untallied)).toEqual([1, 1]);
    const partly = copy();
    delete partly.tally.abstain;
    expect(await codes("partly.json", partly)).toEqual([1, 1]);
    expect(await codes("empty.json", { ...copy(), entries: [] })).toEqual([1, 1]);
    // The outcome is decided again from the counts and the rules the board carries.
    expect(board.rules).toEqual({ eligible: VOTERS, quorum: 20, quorumPercent: 10, quorumMin: 5 });
    expect(board.outcome).toBe(decide(board.tally, 20));
    for (const other of ["accepted", "rejected", "tie", "quorum_missed"].filter((o) => o !== board.outcome)) {
      const flipped = { ...copy(), outcome: other };
      expect(await codes(`outcome-${other}.json`, flipped)).toEqual([1, 1]);
      expect((await verify(write(`outcome-${other}.json`, flipped), ...argsOf(anchor))).out).toContain(`outcome: published ${other}`);
    }
    // Rules changed to fit another outcome: the quorum no longer follows from them, or they are gone.
    const quorumRaised = copy();
    quorumRaised.rules.quorum = VOTERS + 1;
    quorumRaised.outcome = "quorum_missed";
    expect(await codes("quorum.json", quorumRaised)).toEqual([1, 1]);
    const rollShrunk = copy();
    rollShrunk.rules.eligible = 150;
    expect(await codes("roll.json", rollShrunk)).toEqual([1, 1]);
    const unruled = copy();
    delete unruled.rules;
    expect(await codes("unruled.json", unruled)).toEqual([1, 1]);
    // A malformed anchor is a usage error, not a pass.
    expect((await verify(write("same.json", copy()), "--head", "nothex", "--count", String(VOTERS))).code).toBe(2);
  }, 180_000);

  it("binds a board to its ballot: another ballot's board does not verify under this one's address or --ballot", async () => {
    const raw = fromGlobalId(ballotId)!.id;
    const other = await (await fetch(boardUrl(emptyBallotId))).json();
    const file = join(dir, "other.json");
    writeFileSync(file, JSON.stringify(other));
    // Alone it verifies (it is that ballot's, whole), and it says so unbound.
    const alone = await verify(file);
    expect(alone).toEqual({ code: 0, out: expect.stringContaining("not bound") });
    expect((await verify(file, "--ballot", fromGlobalId(emptyBallotId)!.id)).code).toBe(0);
    const asThis = await verify(file, "--ballot", raw);
    expect(asThis.code).toBe(1);
    expect(asThis.out).toContain(`ballot: the board is ballot ${other.ballotId}'s, expected ${raw}`);
    // Served at this ballot's address (a mirror), it is refused by the id the address names.
    const mirror = express();
    mirror.get("/ballots/:id/board.json", (_req, res) => res.json(other));
    const listening = mirror.listen(0);
    try {
      const port = (listening.address() as AddressInfo).port;
      const served = await verify(`http://127.0.0.1:${port}/ballots/${raw}/board.json`);
      expect(served.code).toBe(1);
      expect(served.out).toContain("ballot: the board is ballot");
      // A board relabelled with another ballot's id: the chain no longer holds (the id is in every hash).
      const otherRaw = fromGlobalId(emptyBallotId)!.id;
      writeFileSync(join(dir, "relabelled.json"), JSON.stringify({ ...board, ballotId: otherRaw }));
      const relabelled = await verify(join(dir, "relabelled.json"), "--ballot", otherRaw);
      expect(relabelled.code).toBe(1);
      expect(relabelled.out).toContain("entry 1: previous hash does not match the chain");
    } finally {
      listening.close();
    }
    // An address and a --ballot that disagree: a usage error.
    expect((await verify(boardUrl(ballotId), "--ballot", fromGlobalId(emptyBallotId)!.id)).code).toBe(2);
  }, 60_000);

  it("stores votes apart from voters: random v4 ids, no time, no voter; the roll keeps the day only", async () => {
    const columns: { column_name: string }[] = await server.ds.query(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'ballot_votes' ORDER BY column_name`,
    );
    expect(columns.map((c) => c.column_name)).toEqual([
      "ballot_id",
      "choice",
      "entry_hash",
      "id",
      "mixed",
      "position",
      "prev_hash",
      "receipt",
    ]);
    const ids: { id: string }[] = await server.ds.query(`SELECT id::text FROM ballot_votes`);
    expect(ids.every((r) => r.id[14] === "4")).toBe(true);
    const [roll] = await server.ds.query(
      `SELECT data_type FROM information_schema.columns WHERE table_name = 'ballot_roll' AND column_name = 'voted_on'`,
    );
    expect(roll.data_type).toBe("date");
    const audits = JSON.stringify(
      await server.ds.query(`SELECT action, after FROM audit_logs WHERE table_name IN ('ballots', 'ballot_votes', 'ballot_roll')`),
    );
    expect(audits).not.toMatch(/"(yes|no|abstain)"/);
  });
});
