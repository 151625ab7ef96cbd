import { setImmediate as yieldToIo } from "node:timers/promises";
import type { EventBus } from "../../common/event-bus.js";

export type TallyEvent = { ballotId: string; final: boolean };

/** Tallies one subscriber may have waiting: past this, only the newest is kept (each supersedes the ones before). */
export const TALLY_QUEUE_MAX = 4;
/** Subscribers handed an event before the fan-out lets requests in (setImmediate). */
const FAN_OUT_CHUNK = 500;

interface Subscriber {
  queue: TallyEvent[];
  wake: (() => void) | null;
}

/**
 * This instance's subscribers to live tallies, grouped by ballot: one listener on the bus, and an
 * event walks only its own ballot's subscribers (not every tally subscriber of the instance), in
 * chunks between which requests and votes go on. A subscriber that does not keep up (its socket
 * slow) has at most TALLY_QUEUE_MAX tallies waiting, the newest.
 */
class TallyFeed {
  private readonly byBallot = new Map<string, Set<Subscriber>>();

  constructor(bus: EventBus) {
    void (async () => {
      for await (const event of bus.subscribe("BALLOT_TALLY_UPDATED")) await this.fanOut(event);
    })();
  }

  private async fanOut(event: TallyEvent): Promise<void> {
    const subscribers = this.byBallot.get(event.ballotId);
    if (!subscribers) return;
    let n = 0;
    for (const s of [...subscribers]) {
      if (s.queue.length >= TALLY_QUEUE_MAX) s.queue.shift();
      s.queue.push(event);
      s.wake?.();
      if (++n % FAN_OUT_CHUNK === 0) await yieldToIo();
    }
  }

  /** The ballot's tally events from now on, until the iterator is returned. */
  subscribe(ballotId: string): AsyncIterableIterator<TallyEvent> {
    let set = this.byBallot.get(ballotId);
    if (!set) this.byBallot.set(ballotId, (set = new Set()));
    const me: Subscriber = { queue: [], wake: null };
    set.add(me);
    let ended = false;
    const end = (): IteratorResult<TallyEvent> => {
      if (!ended) {
        ended = true;
        set.delete(me);
        if (!set.size && this.byBallot.get(ballotId) === set) this.byBallot.delete(ballotId);
        me.wake?.();
      }
      return { done: true, value: undefined };
    };
    return {
      next: async () => {
        while (!ended && !me.queue.length) await new Promise<void>((resolve) => (me.wake = resolve));
        me.wake = null;
        return ended ? end() : { done: false, value: me.queue.shift()! };
      },
      return: async () => end(),
      throw: async (err?: unknown) => {
        end();
        throw err;
      },
      [Symbol.asyncIterator]() {
        return this;
      },
    };
  }
}

const feeds = new WeakMap<EventBus, TallyFeed>();

/** The tally events of one ballot on this instance's bus (one bus listener per instance, however many subscribers). */
export function tallyEvents(bus: EventBus, ballotId: string): AsyncIterableIterator<TallyEvent> {
  let feed = feeds.get(bus);
  if (!feed) feeds.set(bus, (feed = new TallyFeed(bus)));
  return feed.subscribe(ballotId);
}
