/* eslint-disable @typescript-eslint/no-explicit-any -- subscription answers are checked field by field below. */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { Client } from "graphql-ws";
import { systemClock } from "../../server/src/common/clock.js";
import { fromGlobalId } from "../../server/src/common/global-id.js";
import { publishTally, type TallyEvent } from "../../server/src/modules/ballots/tally.js";
import { buildUser } from "../factories/users.js";
import { seedOpenBallot } from "../support/ballots.js";
import { buildVillage } from "../support/genealogy.js";
import { startTestServer, type TestServer } from "../support/server.js";

/**
 * A tally update reaching many subscribers of one server: every subscriber of the ballot gets it
 * (in its own language, with what it selected), subscribers of another ballot get nothing, and the
 * update costs one statement in all, the publisher's read of the ballot, however many are watching
 * (none per subscriber: the event carries the counts); each distinct result is serialised once.
 * The event carries only what anyone may read of the ballot then.
 */
let server: TestServer;
const clients: Client[] = [];

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.dispose()));
  await server.stop();
});

const TALLY = `subscription ($id: ID!) { ballotTallyUpdated(ballotId: $id) { turnout status } }`;
const OTHER = `subscription Watch($id: ID!) { ballotTallyUpdated(ballotId: $id) { turnout breakdownHidden } }`;
const SUBSCRIBERS = 100;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("a live tally to many subscribers", () => {
  it("reaches every subscriber of its ballot with one statement in all (the publisher's), one serialisation per distinct result, and no subscriber of another", async () => {
    const village = await buildVillage(server, "Douma");
    const voter = await buildUser(server.ds);
    const [watched, other] = [await seedOpenBallot(server.ds, village, [voter.id]), await seedOpenBallot(server.ds, village, [voter.id])];
    const got: any[][] = [];
    const subscribe = (client: Client, query: string, id: string, into: any[]) =>
      client.subscribe(
        { query, variables: { id } },
        { next: (v) => into.push(v.data?.ballotTallyUpdated ?? v.errors), error: (e) => into.push(e), complete: () => undefined },
      );
    for (let i = 0; i < SUBSCRIBERS; i++) {
      const client = server.ws({ language: i % 2 ? "en" : "fr" });
      clients.push(client);
      got.push([]);
      subscribe(client, i % 3 ? TALLY : OTHER, watched, got[i]);
    }
    const elsewhere: any[] = [];
    const lone = server.ws();
    clients.push(lone);
    subscribe(lone, TALLY, other, elsewhere);
    // Every subscription is in place once a probe reaches it; then the probes' answers are dropped.
    const raw = fromGlobalId(watched)!.id;
    for (let i = 0; i < 100 && got.some((g) => !g.length); i++) {
      await server.bus.publish("BALLOT_TALLY_UPDATED", { ballotId: raw, final: false });
      await sleep(100);
    }
    expect(got.filter((g) => g.length)).toHaveLength(SUBSCRIBERS);
    await sleep(200);
    got.forEach((g) => (g.length = 0));

    // Every statement the server runs while one update goes out to all of them, and every
    // serialisation of a tally result.
    await server.ds.query(`UPDATE ballots SET published = 7 WHERE id = $1`, [raw]);
    server.queries.length = 0;
    const stringify = JSON.stringify;
    let serialised = 0;
    JSON.stringify = ((...args: Parameters<typeof stringify>) => {
      const json = stringify(...args);
      if (typeof json === "string" && json.includes('"ballotTallyUpdated"')) serialised++;
      return json;
    }) as typeof stringify;
    try {
      await publishTally({ ds: server.ds, bus: server.bus, clock: systemClock }, raw, false);
      for (let i = 0; i < 100 && got.some((g) => !g.length); i++) await sleep(50);
      await sleep(200);
    } finally {
      JSON.stringify = stringify;
    }
    const during = server.queries.slice();
    expect(got.map((g) => g.length)).toEqual(Array(SUBSCRIBERS).fill(1));
    got.forEach((g, i) => expect(g[0]).toEqual(i % 3 ? { turnout: 7, status: "OPEN" } : { turnout: 7, breakdownHidden: true }));
    // One statement for the update, the publisher's read of the ballot; none per subscriber, whatever their operation or language.
    expect(during).toEqual([`SELECT * FROM ballots WHERE id = $1`]);
    // One serialisation per distinct result (two operations, two languages), not one per subscriber.
    expect(serialised).toBe(4);
    expect(elsewhere).toEqual([]);
  }, 60_000);

  it("publishes only what anyone may read: no breakdown of a ballot whose results or breakdown are held, all of it once closed", async () => {
    const village = await buildVillage(server, "Bcharre");
    const voter = await buildUser(server.ds);
    const raw = fromGlobalId(await seedOpenBallot(server.ds, village, [voter.id]))!.id;
    const events: TallyEvent[] = [];
    const bus = server.bus.subscribe("BALLOT_TALLY_UPDATED");
    void (async () => {
      for await (const e of bus) if (e.ballotId === raw) events.push(e);
    })();
    const deps = { ds: server.ds, bus: server.bus, clock: systemClock };
    const publish = async (set: string) => {
      await server.ds.query(
        `UPDATE ballots SET yes_count = 20, no_count = 9, abstain_count = 1, published = 30, breakdown_yes = 15, breakdown_no = 5,
                breakdown_abstain = 0, breakdown_count = 20, breakdown_at = now(), ${set} WHERE id = $1`,
        [raw],
      );
      await publishTally(deps, raw, false);
      for (let i = 0; i < 50 && events.length < 1; i++) await sleep(20);
      return events.splice(0).map((e) => e.tally!)[0];
    };
    const held = { yes: null, no: null, abstain: null, breakdownTurnout: null, breakdownHidden: true, turnout: 30 };
    expect(await publish(`hide_results = true`)).toMatchObject({ ...held, breakdownHeld: "hidden_results" });
    expect(await publish(`hide_results = false, hide_breakdown = true`)).toMatchObject({ ...held, breakdownHeld: "until_close" });
    // Open and shown: the breakdown's last batch, never the live counts.
    expect(await publish(`hide_breakdown = false`)).toMatchObject({
      yes: 15,
      no: 5,
      abstain: 0,
      breakdownTurnout: 20,
      breakdownHidden: false,
    });
    expect(await publish(`status = 'closed', hide_results = true`)).toMatchObject({
      yes: 20,
      no: 9,
      abstain: 1,
      turnout: 30,
      status: "closed",
    });
    await bus.return?.();
  }, 60_000);
});
