import { describe, expect, it } from "@jest/globals";
import { createEventBus } from "../../common/event-bus.js";
import { TALLY_QUEUE_MAX, tallyEvents } from "./tally-feed.js";

const tick = () => new Promise((r) => setTimeout(r, 10));

describe("the tally feed", () => {
  it("hands a ballot's events to its own subscribers only, and a subscriber that does not keep up the newest few", async () => {
    const bus = createEventBus();
    const a = tallyEvents(bus, "a");
    const b = tallyEvents(bus, "b");
    // The feed listens on the bus once its first subscriber waits.
    const first = a.next();
    await tick();
    await bus.publish("BALLOT_TALLY_UPDATED", { ballotId: "a", final: false });
    expect((await first).value).toEqual({ ballotId: "a", final: false });
    // Ten updates to a subscriber that reads none of them meanwhile: only the newest are kept.
    for (let i = 0; i < 10; i++) await bus.publish("BALLOT_TALLY_UPDATED", { ballotId: "a", final: i === 9 });
    await tick();
    const kept = [];
    for (let i = 0; i < TALLY_QUEUE_MAX; i++) kept.push((await a.next()).value);
    expect(kept).toHaveLength(TALLY_QUEUE_MAX);
    expect(kept[TALLY_QUEUE_MAX - 1]).toEqual({ ballotId: "a", final: true });
    // Ballot b heard none of them; it gets its own.
    const forB = b.next();
    await bus.publish("BALLOT_TALLY_UPDATED", { ballotId: "b", final: true });
    expect((await forB).value).toEqual({ ballotId: "b", final: true });
    // A subscriber that leaves while waiting ends at once and gets nothing more.
    const waiting = a.next();
    await a.return!();
    expect(await waiting).toEqual({ done: true, value: undefined });
    await bus.publish("BALLOT_TALLY_UPDATED", { ballotId: "a", final: false });
    expect(await a.next()).toEqual({ done: true, value: undefined });
    await b.return!();
    await bus.close();
  });
});
