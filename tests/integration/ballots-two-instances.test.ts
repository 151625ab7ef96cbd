import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { Client } from "graphql-ws";
import { createDataSource } from "../../server/src/db/data-source.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { seedOpenBallot } from "../support/ballots.js";
import { createTestDatabase } from "../support/database.js";
import { buildVillage } from "../support/genealogy.js";
import { gqlAt } from "../support/imports.js";
import { exited, startMain } from "../support/main-process.js";
import { REDIS_URL, requireRedis } from "../support/redis.js";
import { wsClientAt } from "../support/server.js";

/**
 * Two server processes on one database share Redis (REDIS_URL): a subscriber to a ballot's live
 * tally on one instance is told of votes cast through the other. Votes go in rounds of three (the
 * least that makes a tally go out): the subscription reaches Redis a moment after it is made, and
 * a round cast before that is simply not seen, so the test waits for the round after it instead
 * of guessing a delay.
 */
const ROUNDS = 6;
const ROUND_WAIT_MS = 4000;

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let ds: ReturnType<typeof createDataSource>;
beforeAll(async () => {
  await requireRedis();
  db = await createTestDatabase();
  ds = createDataSource({ url: db.url, poolMax: 2 });
  await ds.initialize();
});
// Without Redis the beforeAll stops before the database is made: nothing to undo then.
afterAll(async () => {
  await ds?.destroy();
  await db?.drop();
});

interface Tally {
  turnout: number;
  breakdownHidden: boolean;
  status: string;
}

const TALLY = `subscription ($id: ID!) { ballotTallyUpdated(ballotId: $id) { turnout breakdownHidden status } }`;
const VOTE = `mutation ($id: ID!, $choice: VoteChoice!) { castVote(ballotId: $id, choice: $choice) { receipt } }`;

describe("a ballot's live tally across two server instances (REDIS_URL)", () => {
  it("reaches a subscriber on one instance when votes are cast through the other", async () => {
    const village = await buildVillage({ ds }, "Zgharta");
    const voters: BuiltUser[] = [];
    for (let i = 0; i < ROUNDS * 3; i++) voters.push(await buildUser(ds));
    const ballot = await seedOpenBallot(
      ds,
      village,
      voters.map((v) => v.id),
    );
    const common = { DATABASE_URL: db.url, PORT: "0", HOST: "127.0.0.1", REDIS_URL, SEED_DEMO: "false" };
    // A only serves the subscriber (it runs no jobs): every tally it hears was published by B.
    const a = startMain({ ...common, JOBS_WORK: "false" });
    const b = startMain(common);
    let client: Client | undefined;
    let shutdown: PromiseSettledResult<number | null>[];
    try {
      const [portA, portB] = await Promise.all([a.ready, b.ready]);
      const gqlB = gqlAt(`http://127.0.0.1:${portB}`);
      client = wsClientAt(`ws://127.0.0.1:${portA}/graphql`);
      const received: Tally[] = [];
      let failed: unknown = null;
      client.subscribe<{ ballotTallyUpdated: Tally }>(
        { query: TALLY, variables: { id: ballot } },
        {
          next: (v) => (v.errors ? (failed = v.errors) : received.push(v.data!.ballotTallyUpdated)),
          error: (err) => (failed = err),
          complete: () => undefined,
        },
      );
      let cast = 0;
      for (let round = 0; round < ROUNDS && !received.length && !failed; round++) {
        for (let i = 0; i < 3; i++, cast++) {
          const res = await gqlB(VOTE, { id: ballot, choice: ["YES", "NO", "ABSTAIN"][i] }, { token: voters[cast].token });
          expect(res.errors).toBeUndefined();
        }
        // Tallies go out at most every 2 s: the next round, if one is needed, starts after that.
        for (const end = Date.now() + ROUND_WAIT_MS; !received.length && !failed && Date.now() < end;)
          await new Promise((r) => setTimeout(r, 50));
      }
      expect(failed).toBeNull();
      expect(received.length).toBeGreaterThan(0);
      // The tally is the count when it went out: every vote cast by then, breakdown hidden (< 20).
      expect(received[0]).toEqual({ turnout: cast, breakdownHidden: true, status: "OPEN" });
      const [row]: { n: number }[] = await ds.query(`SELECT count(*)::int AS n FROM ballot_votes`);
      expect(row.n).toBe(cast);
    } catch (err) {
      throw new Error(
        `${(err as Error).message}\n--- server A (subscriber) ---\n${a.output().slice(-4000)}\n--- server B (votes) ---\n${b.output().slice(-4000)}`,
        { cause: err },
      );
    } finally {
      await client?.dispose();
      a.child.kill("SIGTERM");
      b.child.kill("SIGTERM");
      shutdown = await Promise.allSettled([exited(a.child), exited(b.child)]);
    }
    // Both stop cleanly on SIGTERM (checked after the body, so a failure above is not hidden).
    expect(shutdown.map((s) => (s.status === "fulfilled" ? s.value : String(s.reason)))).toEqual([0, 0]);
  }, 180_000);
});
