/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL answers are checked field by field below. */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { Role } from "../../server/src/common/auth/roles.js";
import { fromGlobalId } from "../../server/src/common/global-id.js";
import { assignCurator } from "../factories/curators.js";
import { buildUser } from "../factories/users.js";
import { buildVoter, Q, tokenFor } from "../support/ballots.js";
import { advanceAndRun, DAY, HOUR, TestClock } from "../support/clock.js";
import { buildVillage } from "../support/genealogy.js";
import { startTestServer, type TestServer } from "../support/server.js";

/**
 * 200 eligible members vote at once through the API, some twice: one vote each is counted, the
 * public board recomputes and recounts with scripts/verify-ballot.mjs, and the verifier fails
 * when one entry is altered, removed or reordered. What is stored keeps who and what apart.
 */
const run = promisify(execFile);
const VOTERS = 200;
let server: TestServer;
let ballotId: string;
let board: any;
let dir: string;

/** Exit code of the verifier on a board given as a file or a URL. */
async function verify(source: string): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await run(process.execPath, ["scripts/verify-ballot.mjs", source]);
    return { code: 0, out: stdout };
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
  await advanceAndRun(server, 7 * DAY);
  const raw = fromGlobalId(ballotId)!.id;
  const res = await fetch(`${server.url}/ballots/${raw}/board.json`);
  board = await res.json();
}, 120_000);
afterAll(() => server.stop());

describe("200 voters at once", () => {
  it("counts one vote per distinct voter, and the verifier recounts the tally from the board by its URL", async () => {
    const tally = (await server.gql<any>(Q.ballot, { id: ballotId })).data.ballot.tally;
    expect(tally.turnout).toBe(VOTERS);
    expect(tally.yes + tally.no + tally.abstain).toBe(VOTERS);
    expect(board.entries).toHaveLength(VOTERS);
    const raw = fromGlobalId(ballotId)!.id;
    const checked = await verify(`${server.url}/ballots/${raw}/board.json`);
    expect(checked.code).toBe(0);
    expect(checked.out).toContain(`${tally.yes} yes, ${tally.no} no, ${tally.abstain} abstain`);
  });

  it("fails the verifier when one entry is altered, removed or reordered, or the tally is changed", async () => {
    const write = (name: string, b: unknown) => {
      const file = join(dir, name);
      writeFileSync(file, JSON.stringify(b));
      return file;
    };
    const copy = () => JSON.parse(JSON.stringify(board));
    expect((await verify(write("same.json", copy()))).code).toBe(0);
    const altered = copy();
    altered.entries[17].choice = altered.entries[17].choice === "yes" ? "no" : "yes";
    expect((await verify(write("altered.json", altered))).code).toBe(1);
    const removed = copy();
    removed.entries.splice(42, 1);
    expect((await verify(write("removed.json", removed))).code).toBe(1);
    const reordered = copy();
    [reordered.entries[3], reordered.entries[4]] = [reordered.entries[4], reordered.entries[3]];
    expect((await verify(write("reordered.json", reordered))).code).toBe(1);
    const recounted = copy();
    recounted.tally.yes += 1;
    expect((await verify(write("tally.json", recounted))).code).toBe(1);
  });

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
