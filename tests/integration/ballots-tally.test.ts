/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL answers are checked field by field below. */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { Client } from "graphql-ws";
import { fromGlobalId } from "../../server/src/common/global-id.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { BREAKDOWN_EVERY_MS, TALLY_WINDOW_MS } from "../../server/src/modules/ballots/tally.js";
import { Q, seedOpenBallot, tokenFor } from "../support/ballots.js";
import { HOUR, TestClock } from "../support/clock.js";
import { buildVillage } from "../support/genealogy.js";
import { startTestServer, type TestServer } from "../support/server.js";

/**
 * The live tally's batching, on the test clock: an update goes out at most every 2 s and only
 * once 3 new votes are in (so that no one vote can be matched to its moment); votes too soon are
 * counted by the delayed `ballots.tally` flush; the breakdown shows while open from 20 votes,
 * unless the ballot hides its results until the close.
 *
 * The test clock starts an hour ahead of real time: a flush is due 2 s after the clock's now, and
 * a clock started with the server lags real time by the setup's seconds, so the scheduler (which
 * takes a job due by either time) would run it early, at a moment the clock still calls too soon.
 */
let server: TestServer;
let village: { id: string; raw: string; slug: string };
let voters: BuiltUser[];

const TALLY = `subscription ($id: ID!) { ballotTallyUpdated(ballotId: $id) { turnout yes breakdownHidden status } }`;

const turnout = async (id: string) => (await server.gql<any>(Q.ballot, { id })).data.ballot.tally.turnout as number;
const TALLY_Q = `query ($id: ID!) { ballot(id: $id) { tally { status turnout yes no abstain breakdownHidden breakdownHeld breakdownTurnout } } }`;
const tally = async (id: string) => (await server.gql<any>(TALLY_Q, { id })).data.ballot.tally;
const CHOICES = ["YES", "NO", "ABSTAIN"];

/** Votes of voters[from..to) on the ballot, at the clock's now. */
async function vote(id: string, from: number, to: number): Promise<void> {
  for (let i = from; i < to; i++) {
    const res = await server.gql(Q.vote, { id, choice: CHOICES[i % 3] }, { token: voters[i].token });
    expect(res.errors).toBeUndefined();
  }
}

/** Moves the test clock on and runs what fell due (the flushes). */
const advance = async (ms: number) => {
  server.clock!.advance(ms);
  await server.scheduler.runDue();
};

const waitingFlush = async (id: string): Promise<Date[]> =>
  (
    await server.ds.query(
      `SELECT start_after FROM pgboss.job WHERE name = 'ballots.tally' AND singleton_key LIKE $1 || ':%' AND state = 'created' ORDER BY start_after`,
      [fromGlobalId(id)!.id],
    )
  ).map((r: { start_after: Date }) => r.start_after.getTime());

/** Votes whose row still shares its transaction with its voter's roll entry (what the mixing ends). */
const joinable = async (id: string): Promise<number> =>
  (
    await server.ds.query(
      `SELECT count(*)::int AS n FROM ballot_roll r JOIN ballot_votes v ON v.ballot_id = r.ballot_id AND v.xmin = r.xmin WHERE r.ballot_id = $1`,
      [fromGlobalId(id)!.id],
    )
  )[0].n;

beforeAll(async () => {
  server = await startTestServer({}, { clock: new TestClock(new Date(Date.now() + HOUR)) });
  village = await buildVillage(server, "Bikfaya");
  voters = [];
  for (let i = 0; i < 20; i++) voters.push(await buildUser(server.ds, { clock: server.clock }));
});
afterAll(() => server.stop());

describe("batched live tallies", () => {
  let client: Client;
  afterAll(() => client?.dispose());

  it("publishes once 3 new votes are in, at most every 2 s; votes too soon go out with the delayed flush", async () => {
    const id = await seedOpenBallot(
      server.ds,
      village,
      voters.map((v) => v.id),
      server.clock!.now(),
    );
    const t0 = server.clock!.now().getTime();
    client = server.ws();
    const received: any[] = [];
    client.subscribe(
      { query: TALLY, variables: { id } },
      { next: (v) => received.push(v.data?.ballotTallyUpdated ?? v.errors), error: (e) => received.push(e), complete: () => undefined },
    );
    // The subscription is in place once a probe published on the bus reaches it; the probes' answers are then dropped.
    for (let i = 0; i < 100 && !received.length; i++) {
      await server.bus.publish("BALLOT_TALLY_UPDATED", { ballotId: fromGlobalId(id)!.id, final: false });
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(received[0]).toMatchObject({ turnout: 0 });
    await new Promise((r) => setTimeout(r, 100));
    received.length = 0;
    /** Waits until `n` updates have arrived (they travel through the bus), then a moment for any extra one. */
    const updates = async (n: number) => {
      for (let i = 0; i < 100 && received.length < n; i++) await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, 150));
      return received.map((t) => t.turnout);
    };

    // Two votes: fewer than 3, nothing goes out, however long it has been.
    await vote(id, 0, 2);
    expect(await turnout(id)).toBe(0);
    await vote(id, 2, 3);
    expect(await turnout(id)).toBe(3);
    expect(await updates(1)).toEqual([3]);

    // Three more at the same moment: enough votes but too soon; a flush waits for t0 + 2 s (and one for the window's end).
    await vote(id, 3, 6);
    expect(await turnout(id)).toBe(3);
    expect(await waitingFlush(id)).toEqual([t0 + 2000, t0 + TALLY_WINDOW_MS]);
    await advance(1999);
    expect(await turnout(id)).toBe(3);
    expect(await waitingFlush(id)).toHaveLength(2);
    await advance(1);
    expect(await turnout(id)).toBe(6);
    expect(await waitingFlush(id)).toEqual([t0 + TALLY_WINDOW_MS]);
    expect(await updates(2)).toEqual([3, 6]);

    // Two votes, and the flush 2 s later finds only two new: nothing goes out.
    await vote(id, 6, 8);
    await advance(2000);
    expect(await turnout(id)).toBe(6);
    // The third new vote, with 2 s gone since the last update, goes out at once.
    await vote(id, 8, 9);
    expect(await turnout(id)).toBe(9);
    expect(await updates(3)).toEqual([3, 6, 9]);
    expect(received.every((t) => t.breakdownHidden === true && t.yes === null && t.status === "OPEN")).toBe(true);
  });
});

describe("no vote left unpublished", () => {
  it("3 votes, 2 votes, 2.1 s with the flush still waiting, 3 votes: all 8 go out by the window's end, every row mixed", async () => {
    const id = await seedOpenBallot(
      server.ds,
      village,
      voters.map((v) => v.id),
      server.clock!.now(),
    );
    await vote(id, 0, 3);
    expect(await turnout(id)).toBe(3);
    await vote(id, 3, 5);
    // 2.1 s pass before the server's worker takes the flush due at 2 s (as on the probe's server).
    server.clock!.advance(2100);
    const second = server.clock!.now().getTime();
    await vote(id, 5, 8);
    expect(await turnout(id)).toBe(6);
    await server.scheduler.runDue();
    // Two new since the update: fewer than 3, not yet; their rows still carry their voters' transaction.
    expect(await turnout(id)).toBe(6);
    expect(await joinable(id)).toBe(2);
    expect(await waitingFlush(id)).toContain(second + TALLY_WINDOW_MS);
    await advance(second + TALLY_WINDOW_MS - 1 - server.clock!.now().getTime());
    expect(await turnout(id)).toBe(6);
    await advance(1);
    expect(await turnout(id)).toBe(8);
    expect(await joinable(id)).toBe(0);
    // Every row shares its transaction with at least two others (the two late votes went with an older group, whole).
    const groups: { n: number }[] = await server.ds.query(
      `SELECT count(*)::int AS n FROM ballot_votes WHERE ballot_id = $1 GROUP BY xmin::text`,
      [fromGlobalId(id)!.id],
    );
    expect(groups.map((g) => g.n).reduce((a, b) => a + b, 0)).toBe(8);
    expect(Math.min(...groups.map((g) => g.n))).toBeGreaterThanOrEqual(3);
    expect(await waitingFlush(id)).toEqual([]);
  });

  it("a vote after a quiet time waits for its window's end, not published alone at once", async () => {
    const id = await seedOpenBallot(
      server.ds,
      village,
      voters.map((v) => v.id),
      server.clock!.now(),
    );
    await vote(id, 0, 3);
    await advance(5 * TALLY_WINDOW_MS + 1000);
    await vote(id, 3, 4);
    expect(await turnout(id)).toBe(3);
    await advance(TALLY_WINDOW_MS - 1001);
    expect(await turnout(id)).toBe(3);
    await advance(1);
    expect(await turnout(id)).toBe(4);
    expect(await joinable(id)).toBe(0);
  });
});

describe("the breakdown while open", () => {
  it("shows from 20 published votes, not at 19, and never while the ballot hides its results", async () => {
    const now = server.clock!.now();
    const roll = voters.map((v) => v.id);
    const [nineteen, twenty, hidden] = [
      await seedOpenBallot(server.ds, village, roll, now),
      await seedOpenBallot(server.ds, village, roll, now),
      await seedOpenBallot(server.ds, village, roll, now),
    ];
    await server.ds.query(`UPDATE ballots SET hide_results = true WHERE id = $1`, [fromGlobalId(hidden)!.id]);
    // Three votes each go out at once; the rest wait for the flush 2 s later.
    await vote(nineteen, 0, 19);
    await vote(twenty, 0, 20);
    await vote(hidden, 0, 20);
    for (const id of [nineteen, twenty, hidden]) expect(await tally(id)).toMatchObject({ turnout: 3, breakdownHidden: true, yes: null });
    await advance(2000);

    expect(await tally(nineteen)).toMatchObject({
      status: "OPEN",
      turnout: 19,
      breakdownHidden: true,
      breakdownHeld: "BELOW_MINIMUM",
      yes: null,
      no: null,
      abstain: null,
    });
    // voters[i] chose CHOICES[i % 3]: 7 yes, 7 no, 6 abstain of 20.
    expect(await tally(twenty)).toMatchObject({
      status: "OPEN",
      turnout: 20,
      breakdownHidden: false,
      breakdownHeld: null,
      breakdownTurnout: 20,
      yes: 7,
      no: 7,
      abstain: 6,
    });
    expect(await tally(hidden)).toMatchObject({
      status: "OPEN",
      turnout: 20,
      breakdownHidden: true,
      breakdownHeld: "HIDDEN_RESULTS",
      yes: null,
      no: null,
      abstain: null,
    });
  });

  it("moves the breakdown only by 10 new votes at least and every 10 minutes at most; the turnout stays live", async () => {
    const more: BuiltUser[] = [];
    for (let i = 0; i < 14; i++) more.push(await buildUser(server.ds, { clock: server.clock }));
    const all = [...voters, ...more];
    const id = await seedOpenBallot(
      server.ds,
      village,
      all.map((v) => v.id),
      server.clock!.now(),
    );
    const cast = async (from: number, to: number, choice?: string) => {
      for (let i = from; i < to; i++)
        expect((await server.gql(Q.vote, { id, choice: choice ?? CHOICES[i % 3] }, { token: all[i].token })).errors).toBeUndefined();
    };
    await cast(0, 20);
    await advance(2000);
    const first = server.clock!.now().getTime();
    expect(await tally(id)).toMatchObject({ turnout: 20, breakdownTurnout: 20, yes: 7, no: 7, abstain: 6 });
    // The probe's attack: a victim votes yes, two colluders vote no; the 3-vote batch goes out, the breakdown does not move.
    await cast(20, 21, "YES");
    await cast(21, 23, "NO");
    await advance(2000);
    expect(await tally(id)).toMatchObject({ turnout: 23, breakdownTurnout: 20, yes: 7, no: 7, abstain: 6 });
    // Ten new votes in all, but not ten minutes since the breakdown last moved: the turnout moves alone.
    await cast(23, 30, "ABSTAIN");
    await advance(2000);
    expect(await tally(id)).toMatchObject({ turnout: 30, breakdownTurnout: 20, yes: 7, no: 7, abstain: 6 });
    await advance(first + BREAKDOWN_EVERY_MS - 1 - server.clock!.now().getTime());
    expect(await tally(id)).toMatchObject({ turnout: 30, breakdownTurnout: 20 });
    // Ten minutes on, the breakdown moves by its own flush, with no new vote.
    await advance(1);
    expect(await tally(id)).toMatchObject({ turnout: 30, breakdownTurnout: 30, yes: 8, no: 9, abstain: 13, breakdownHeld: null });
    // Four more votes, ten minutes later: fewer than ten new, it stays.
    await cast(30, 34, "YES");
    await advance(BREAKDOWN_EVERY_MS + TALLY_WINDOW_MS);
    expect(await tally(id)).toMatchObject({ turnout: 34, breakdownTurnout: 30, yes: 8 });
  });

  it("holds the breakdown back until the close when the ballot copied its rootspace's rule", async () => {
    const id = await seedOpenBallot(
      server.ds,
      village,
      voters.map((v) => v.id),
      server.clock!.now(),
    );
    await server.ds.query(`UPDATE ballots SET hide_breakdown = true WHERE id = $1`, [fromGlobalId(id)!.id]);
    // The clock went past the tokens' lifetime above.
    for (const v of voters) v.token = await tokenFor(server, v.id);
    await vote(id, 0, 20);
    await advance(2000);
    expect(await tally(id)).toMatchObject({
      turnout: 20,
      breakdownHidden: true,
      breakdownHeld: "UNTIL_CLOSE",
      yes: null,
      breakdownTurnout: null,
    });
  });
});
