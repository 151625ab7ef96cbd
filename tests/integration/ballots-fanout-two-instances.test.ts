/* eslint-disable @typescript-eslint/no-explicit-any -- subscription answers are checked field by field below. */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { Client } from "graphql-ws";
import { Redis } from "ioredis";
import { fromGlobalId } from "../../server/src/common/global-id.js";
import type { TallyEvent } from "../../server/src/modules/ballots/tally.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { Q, seedOpenBallot } from "../support/ballots.js";
import { buildVillage } from "../support/genealogy.js";
import { REDIS_URL, requireRedis } from "../support/redis.js";
import { startTestServer, type TestServer } from "../support/server.js";

/**
 * A live tally over two instances sharing Redis, votes cast through A and subscribers on both:
 * the event on Redis carries the published counts (what anyone may read then), so instance B
 * runs no statement at all for it, A only the vote's and the publisher's; every subscriber on
 * both instances gets each update and ends on the final tally of the close.
 */
let a: TestServer | undefined;
let b: TestServer | undefined;
const clients: Client[] = [];
let redis: Redis | undefined;
beforeAll(async () => {
  await requireRedis();
  a = await startTestServer({ REDIS_URL });
  b = await startTestServer({ REDIS_URL }, { shareDatabaseWith: a });
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.dispose()));
  redis?.disconnect();
  await b?.stop();
  await a?.stop();
});

const PER_INSTANCE = 60;
const TALLY = `subscription ($id: ID!) { ballotTallyUpdated(ballotId: $id) { turnout status yes no abstain breakdownHidden } }`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const until = async (done: () => boolean, ms = 15_000) => {
  for (const end = Date.now() + ms; !done() && Date.now() < end;) await sleep(25);
};

describe("a live tally over two instances (REDIS_URL)", () => {
  it("carries its counts over Redis: the other instance runs no statement for it, and every subscriber ends on the final tally", async () => {
    const village = await buildVillage(a!, "Ehden");
    const voters: BuiltUser[] = [];
    for (let i = 0; i < 3; i++) voters.push(await buildUser(a!.ds));
    const ballot = await seedOpenBallot(
      a!.ds,
      village,
      voters.map((v) => v.id),
    );
    const raw = fromGlobalId(ballot)!.id;
    // What travels on Redis, as a third party listening on the topic's channel sees it.
    redis = new Redis(REDIS_URL);
    const onRedis: TallyEvent[] = [];
    redis.on("message", (_channel: string, message: string) => {
      const event = JSON.parse(message) as TallyEvent;
      if (event.ballotId === raw) onRedis.push(event);
    });
    await redis.subscribe("BALLOT_TALLY_UPDATED");

    const got: any[][] = [];
    for (const server of [a!, b!])
      for (let i = 0; i < PER_INSTANCE; i++) {
        const client = server.ws({ language: i % 2 ? "en" : "ar" });
        clients.push(client);
        const mine: any[] = [];
        got.push(mine);
        client.subscribe(
          { query: TALLY, variables: { id: ballot } },
          { next: (v) => mine.push(v.data?.ballotTallyUpdated ?? v.errors), error: (e) => mine.push(e), complete: () => undefined },
        );
      }
    // Every subscription is in place once a probe (an event without counts, read by each instance) reaches it.
    for (let i = 0; i < 100 && got.some((g) => !g.length); i++) {
      await a!.bus.publish("BALLOT_TALLY_UPDATED", { ballotId: raw, final: false });
      await sleep(100);
    }
    expect(got.filter((g) => g.length)).toHaveLength(2 * PER_INSTANCE);
    await sleep(300);
    got.forEach((g) => (g.length = 0));
    onRedis.length = 0;

    // Three votes through A: the least that publishes an update.
    a!.queries.length = 0;
    b!.queries.length = 0;
    for (const [i, choice] of ["YES", "NO", "YES"].entries()) {
      const res = await a!.gql(Q.vote, { id: ballot, choice }, { token: voters[i].token });
      expect(res.errors).toBeUndefined();
    }
    await until(() => got.every((g) => g.some((t) => t.turnout === 3)));
    await sleep(200);
    got.forEach((g) => expect(g).toContainEqual({ turnout: 3, status: "OPEN", yes: null, no: null, abstain: null, breakdownHidden: true }));
    // The update on Redis carries its counts, and only what anyone may read while open (below 20 votes: the turnout).
    expect(onRedis.map((e) => e.tally?.turnout)).toContain(3);
    expect(onRedis.find((e) => e.tally?.turnout === 3)).toMatchObject({
      final: false,
      tally: { status: "open", turnout: 3, yes: null, no: null, abstain: null, breakdownHeld: "below_minimum" },
    });
    // B ran nothing for it; A ran the votes' statements and one read of the ballot to publish, none per subscriber.
    expect(b!.queries).toEqual([]);
    expect(a!.queries.filter((sql) => sql.startsWith("SELECT b.* FROM ballots b"))).toEqual([]);
    expect(a!.queries.filter((sql) => sql === `SELECT * FROM ballots WHERE id = $1`)).toHaveLength(1);

    // The close, run by A's scheduler: the final tally reaches every subscriber on both instances.
    await a!.ds.query(`UPDATE ballots SET closes_at = now() - interval '1 second' WHERE id = $1`, [raw]);
    await a!.scheduler.sendByName("ballots.transition", { ballotId: raw, to: "close" });
    await a!.scheduler.runDue();
    await until(() => got.every((g) => g.at(-1)?.status === "CLOSED"));
    got.forEach((g) => expect(g.at(-1)).toEqual({ turnout: 3, status: "CLOSED", yes: 2, no: 1, abstain: 0, breakdownHidden: false }));
    expect(onRedis.at(-1)).toMatchObject({ final: true, tally: { status: "closed", turnout: 3, yes: 2, no: 1, abstain: 0 } });
  }, 120_000);
});
