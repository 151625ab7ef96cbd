import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { Role } from "../../server/src/common/auth/roles.js";
import { createContext, type Context } from "../../server/src/common/context.js";
import { createEventBus, type EventBus } from "../../server/src/common/event-bus.js";
import { fromGlobalId } from "../../server/src/common/global-id.js";
import { loadConfig } from "../../server/src/config.js";
import { createFlagStore } from "../../server/src/modules/admin/flag.store.js";
import { castVote } from "../../server/src/modules/ballots/vote.service.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { seedOpenBallot } from "../support/ballots.js";
import { TestClock } from "../support/clock.js";
import { buildVillage } from "../support/genealogy.js";
import { startTestServer, type TestServer } from "../support/server.js";

/**
 * Votes cast at the same moment ride together to the database (group commit): those of one
 * ballot in one statement. Each is still decided on its own — a member's second vote in the same
 * statement is refused as already cast, a vote on another ballot is counted on that ballot.
 */
let server: TestServer;
let bus: EventBus;
let ann: BuiltUser;
let bob: BuiltUser;
/** Raw ids (castVote's, as the resolver passes them). */
let ballots: string[];

/** A request's context for `user`, as the server makes it (in the Lebanon rootspace). */
const ctxOf = (user: BuiltUser): Context =>
  createContext({
    viewer: { userId: user.id, sessionId: null, roles: [Role.MEMBER], curatedVillageIds: [] },
    language: "en",
    ds: server.ds,
    bus,
    config: loadConfig({}),
    clock: server.clock,
    jobs: server.scheduler,
    client: { ip: null, userAgent: null },
    cookies: null,
    flags: createFlagStore(server.ds, bus),
    rootspace: { id: "lb", slug: "lebanon" },
  });

const votesOn = async (ballot: string) =>
  (await server.ds.query(`SELECT receipt FROM ballot_votes WHERE ballot_id = $1`, [ballot])).map((r: { receipt: string }) => r.receipt);

beforeAll(async () => {
  server = await startTestServer({}, { clock: new TestClock() });
  bus = createEventBus();
  const village = await buildVillage(server, "Ehden");
  ann = await buildUser(server.ds, { roles: [{ role: Role.MEMBER }], clock: server.clock });
  bob = await buildUser(server.ds, { roles: [{ role: Role.MEMBER }], clock: server.clock });
  const now = server.clock!.now();
  const seeded = [await seedOpenBallot(server.ds, village, [ann.id, bob.id], now), await seedOpenBallot(server.ds, village, [bob.id], now)];
  ballots = seeded.map((g) => fromGlobalId(g)!.id);
});
afterAll(async () => {
  await bus.close();
  await server.stop();
});

describe("votes cast together", () => {
  it("go in one statement per ballot; a member's second vote among them is refused, the others are counted", async () => {
    server.queries.length = 0;
    const [annYes, annNo, bobFirst, bobSecond] = await Promise.allSettled([
      castVote(ctxOf(ann), ballots[0], "yes"),
      castVote(ctxOf(ann), ballots[0], "no"),
      castVote(ctxOf(bob), ballots[0], "abstain"),
      castVote(ctxOf(bob), ballots[1], "yes"),
    ]);
    expect(server.queries.filter((q) => q.includes("UPDATE ballot_roll"))).toHaveLength(2);

    const annVotes = [annYes, annNo];
    const counted = annVotes.filter((r) => r.status === "fulfilled");
    const refused = annVotes.filter((r) => r.status === "rejected");
    expect(counted).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({ key: "ballots.already_voted" });
    expect(bobFirst.status).toBe("fulfilled");
    expect(bobSecond.status).toBe("fulfilled");

    const receipt = (r: PromiseSettledResult<{ receipt: string }>) => (r as PromiseFulfilledResult<{ receipt: string }>).value.receipt;
    expect((await votesOn(ballots[0])).sort()).toEqual([receipt(counted[0]), receipt(bobFirst)].sort());
    expect(await votesOn(ballots[1])).toEqual([receipt(bobSecond)]);
    const roll: { n: number }[] = await server.ds.query(`SELECT count(*)::int AS n FROM ballot_roll WHERE voted_on IS NOT NULL`);
    expect(roll[0].n).toBe(3);
  });

  it("refuses a vote on a ballot unknown in the rootspace, without holding up the votes cast with it", async () => {
    const [unknown, fine] = await Promise.allSettled([
      castVote(ctxOf(ann), "00000000-0000-4000-8000-000000000000", "yes"),
      castVote(ctxOf(ann), ballots[1], "yes"),
    ]);
    expect(unknown).toMatchObject({ status: "rejected", reason: { code: "NOT_FOUND" } });
    expect(fine).toMatchObject({ status: "rejected", reason: { key: "ballots.not_eligible" } });
  });
});
