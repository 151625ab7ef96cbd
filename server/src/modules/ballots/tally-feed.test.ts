import { describe, expect, it } from "@jest/globals";
import { createEventBus } from "../../common/event-bus.js";
import { FAN_OUT_CHUNK, TALLY_QUEUE_MAX, tallyEvents } from "./tally-feed.js";

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

  it("sends the newest of the events that came during a fan-out once it ends, not each of them (the close's never superseded)", async () => {
    const bus = createEventBus();
    // More subscribers than a chunk: the walk lets other work in (setImmediate) before it ends.
    const subs = Array.from({ length: FAN_OUT_CHUNK * 2 + 1 }, () => tallyEvents(bus, "a"));
    const first = subs[0].next();
    await tick();
    const event = (n: number, final = false) => ({ ballotId: "a", final, tally: { turnout: n } as never });
    await bus.publish("BALLOT_TALLY_UPDATED", event(1));
    for (let n = 2; n <= 5; n++) await bus.publish("BALLOT_TALLY_UPDATED", event(n));
    const turnouts = async (
      s: AsyncIterator<{ tally?: { turnout: number } }>,
      from: Promise<IteratorResult<{ tally?: { turnout: number } }>>,
    ) => {
      const seen = [(await from).value.tally?.turnout];
      for (;;) {
        const next = await Promise.race([s.next(), tick().then(() => null)]);
        if (!next) return seen;
        seen.push(next.value.tally?.turnout);
      }
    };
    await tick();
    // The first walk's subscribers got 1, then only 5 (2 to 4 came while it was under way); so did the last.
    expect(await turnouts(subs[0], first)).toEqual([1, 5]);
    expect(await turnouts(subs[subs.length - 1], subs[subs.length - 1].next())).toEqual([1, 5]);
    // A close that waits behind a walk is not replaced by an update that came after it.
    await bus.publish("BALLOT_TALLY_UPDATED", event(6));
    await bus.publish("BALLOT_TALLY_UPDATED", event(7, true));
    await bus.publish("BALLOT_TALLY_UPDATED", event(8));
    await tick();
    expect(await turnouts(subs[1], subs[1].next())).toEqual([1, 5, 6, 7]);
    await Promise.all(subs.map((s) => s.return!()));
    await bus.close();
  });
});
