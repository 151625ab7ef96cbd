import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { randomBytes, randomUUID } from "node:crypto";
import pg from "pg";
import { fromGlobalId } from "../../server/src/common/global-id.js";
import { CAST_VOTES_SQL } from "../../server/src/modules/ballots/vote.service.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { codeOf, seedOpenBallot } from "../support/ballots.js";
import { buildVillage } from "../support/genealogy.js";
import { startTestServer, type TestServer } from "../support/server.js";

/**
 * Two instances on one database (issue 45): each voter's vote is sent to both at the same moment,
 * the two instances taking the voters in opposite orders, so each instance's batch meets the
 * other's on the same roll rows. An outside probe saw "deadlock detected" this way: 159 requests
 * answered INTERNAL_SERVER_ERROR, and the deadlock rolled back whole batches, other voters' votes
 * with them. Every voter must get one receipt and one CONFLICT, nothing else, and every vote must
 * count.
 */
const VOTERS = 60;
const ROUNDS = 4;
const VOTE = `mutation ($id: ID!) { castVote(ballotId: $id, choice: YES) { receipt } }`;

let a: TestServer;
let b: TestServer;
beforeAll(async () => {
  a = await startTestServer({}, { pool: { max: 8 } });
  b = await startTestServer({}, { shareDatabaseWith: a, pool: { max: 8 } });
});
afterAll(async () => {
  await b?.stop();
  await a?.stop();
});

describe("the same voters at two instances at once", () => {
  it.each(Array.from({ length: ROUNDS }, (_, k) => k + 1))(
    "round %i: each voter gets one receipt and one CONFLICT, never an internal error, and every vote counts",
    async () => {
      const village = await buildVillage(a, "Bcharre");
      const voters: BuiltUser[] = await Promise.all(Array.from({ length: VOTERS }, () => buildUser(a.ds)));
      const ballot = await seedOpenBallot(
        a.ds,
        village,
        voters.map((v) => v.id),
      );
      const vote = (server: TestServer, v: BuiltUser) => server.gql(VOTE, { id: ballot }, { token: v.token });
      const [fromA, fromB] = await Promise.all([
        Promise.all(voters.map((v) => vote(a, v))),
        Promise.all([...voters].reverse().map((v) => vote(b, v))),
      ]);
      fromB.reverse();
      const answers = voters.map((_, i) => [fromA[i], fromB[i]].map((r) => (r.errors ? codeOf(r) : "receipt")).sort());
      expect(answers.filter((pair) => pair.join() !== "CONFLICT,receipt")).toEqual([]);
      const [{ votes, marked }] = await a.ds.query(
        `SELECT (SELECT count(*) FROM ballot_votes WHERE ballot_id = r.ballot_id)::int AS votes, count(r.voted_on)::int AS marked
           FROM ballot_roll r WHERE r.ballot_id = (SELECT id FROM ballots WHERE proposal_id IN (SELECT id FROM ballot_proposals WHERE village_id = $1))
          GROUP BY r.ballot_id`,
        [village.raw],
      );
      expect({ votes, marked }).toEqual({ votes: VOTERS, marked: VOTERS });
    },
  );
});

describe("the votes statement", () => {
  it("locks roll entries in one order whatever order the votes come in, so two batches never deadlock", async () => {
    const village = await buildVillage(a, "Hasroun");
    const [x, y] = (await Promise.all([buildUser(a.ds), buildUser(a.ds)])).map((u) => u.id).sort();
    const ballot = fromGlobalId(await seedOpenBallot(a.ds, village, [x, y]))!.id;
    // A roll of thousands, as a village's is: PostgreSQL then walks the votes and looks each voter up,
    // instead of reading the whole roll in its own order.
    await a.ds.query(
      `WITH u AS (INSERT INTO users (id, email, display_name)
                  SELECT gen_random_uuid(), 'roll-' || g || '-' || $2 || '@example.test', 'Voter' FROM generate_series(1, 3000) g RETURNING id)
       INSERT INTO ballot_roll (ballot_id, user_id) SELECT $1, id FROM u`,
      [ballot, village.raw],
    );
    await a.ds.query(`ANALYZE ballot_roll`);
    const [rootspace] = await a.ds.query(`SELECT rootspace_id AS id FROM villages WHERE id = $1`, [village.raw]);
    const one = new pg.Client({ connectionString: a.databaseUrl });
    const two = new pg.Client({ connectionString: a.databaseUrl });
    await Promise.all([one.connect(), two.connect()]);
    const cast = (client: pg.Client, voters: string[]) =>
      client.query(CAST_VOTES_SQL, [
        ballot,
        rootspace.id,
        voters,
        voters.map(() => new Date()),
        voters.map(() => randomUUID()),
        voters.map(() => "yes"),
        voters.map(() => randomBytes(32).toString("hex")),
      ]);
    try {
      await one.query("BEGIN");
      await two.query("BEGIN");
      // One batch holds x; the other comes with y first, then x. Locked in the order given, it
      // would hold y while it waits for x, and the first batch's y would close the circle.
      await cast(one, [x]);
      const [{ pid }] = (await two.query(`SELECT pg_backend_pid() AS pid`)).rows;
      const second = cast(two, [y, x]);
      // The second batch is waiting for x (whatever it locked before).
      for (;;) {
        const [{ waiting }] = (await a.ds.query(
          `SELECT coalesce(wait_event_type = 'Lock', false) AS waiting FROM pg_stat_activity WHERE pid = $1`,
          [pid],
        )) as { waiting: boolean }[];
        if (waiting) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      const firstAgain = cast(one, [y]).then(
        () => "cast",
        (e: Error) => e.message,
      );
      const first = await firstAgain;
      await one.query("COMMIT");
      const secondDone = await second.then(
        () => "cast",
        (e: Error) => e.message,
      );
      await two.query("ROLLBACK");
      expect([first, secondDone]).toEqual(["cast", "cast"]);
    } finally {
      await Promise.all([one.end(), two.end()]);
    }
  });
});
