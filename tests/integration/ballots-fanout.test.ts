/* eslint-disable @typescript-eslint/no-explicit-any -- subscription answers are checked field by field below. */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { Client } from "graphql-ws";
import { fromGlobalId } from "../../server/src/common/global-id.js";
import { buildUser } from "../factories/users.js";
import { seedOpenBallot } from "../support/ballots.js";
import { buildVillage } from "../support/genealogy.js";
import { startTestServer, type TestServer } from "../support/server.js";

/**
 * A tally update reaching many subscribers of one server: every subscriber of the ballot gets it
 * (in its own language, with what it selected), subscribers of another ballot get nothing, and the
 * update costs one statement in all, a read of the ballot, however many are watching (none per subscriber).
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
  it("reaches every subscriber of its ballot with one read of the ballot, and no subscriber of another", async () => {
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

    // Every statement the server runs while one update goes out to all of them.
    await server.ds.query(`UPDATE ballots SET published = 7 WHERE id = $1`, [raw]);
    server.queries.length = 0;
    await server.bus.publish("BALLOT_TALLY_UPDATED", { ballotId: raw, final: false });
    for (let i = 0; i < 100 && got.some((g) => !g.length); i++) await sleep(50);
    await sleep(200);
    const during = server.queries.slice();
    expect(got.map((g) => g.length)).toEqual(Array(SUBSCRIBERS).fill(1));
    got.forEach((g, i) => expect(g[0]).toEqual(i % 3 ? { turnout: 7, status: "OPEN" } : { turnout: 7, breakdownHidden: true }));
    // One read of the ballot for the update, none per subscriber, whatever their operation or language.
    expect(during.filter((sql) => /FROM ballots b JOIN villages/.test(sql))).toHaveLength(1);
    expect(during).toHaveLength(1);
    expect(elsewhere).toEqual([]);
  }, 60_000);
});
