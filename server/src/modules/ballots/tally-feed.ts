import { setImmediate as yieldToIo } from "node:timers/promises";
import type { EventBus } from "../../common/event-bus.js";
import { noteFanOut } from "./fan-out-load.js";
import { revivedTally, type TallyEvent } from "./tally.js";

/** Tallies one subscriber may have waiting: past this, only the newest is kept (each supersedes the ones before). */
export const TALLY_QUEUE_MAX = 4;
/** Subscribers handed an event before the fan-out lets requests in (setImmediate). */
export const FAN_OUT_CHUNK = 250;

interface Subscriber {
  queue: TallyEvent[];
  wake: (() => void) | null;
}

interface Group {
  subscribers: Set<Subscriber>;
  /** Whether a walk of this ballot's subscribers is under way (its chunks let requests in between). */
  walking: boolean;
  /** The newest event that came during the walk: it goes out when the walk ends; the ones it supersedes never do. */
  next: TallyEvent | null;
}

/**
 * This instance's subscribers to live tallies, grouped by ballot: one listener on the bus, and an
 * event walks only its own ballot's subscribers (not every tally subscriber of the instance), in
 * chunks between which requests and votes go on (each chunk's results are executed, serialised
 * and written before the next: an event carries its tally, nothing waits for the database). An
 * event that comes while its ballot's walk is still under way waits for it, superseding any that
 * waited before: a slow fan-out sends fewer, newer tallies, never a growing backlog. A subscriber
 * that does not keep up (its socket slow) has at most TALLY_QUEUE_MAX tallies waiting, the newest.
 */
class TallyFeed {
  private readonly byBallot = new Map<string, Group>();

  constructor(bus: EventBus) {
    void (async () => {
      for await (const event of bus.subscribe("BALLOT_TALLY_UPDATED")) this.receive(event);
    })();
  }

  private receive(raw: TallyEvent): void {
    const group = this.byBallot.get(raw.ballotId);
    if (!group) return;
    // Through Redis the tally's times are strings: made dates once here, for every subscriber.
    const event = raw.tally ? { ...raw, tally: revivedTally(raw.tally) } : raw;
    // The close's tally is never superseded by one that came before it (none comes after).
    if (group.walking) group.next = group.next?.final && !event.final ? group.next : event;
    else void this.walk(group, event);
  }

  private async walk(group: Group, first: TallyEvent): Promise<void> {
    group.walking = true;
    try {
      for (let event: TallyEvent | null = first; event; event = group.next, group.next = null) {
        const t0 = performance.now();
        let n = 0;
        for (const s of [...group.subscribers]) {
          if (s.queue.length >= TALLY_QUEUE_MAX) s.queue.shift();
          s.queue.push(event);
          s.wake?.();
          if (++n % FAN_OUT_CHUNK === 0) await yieldToIo();
        }
        // The last chunk's own work (its subscribers' results written) runs before this.
        if (n >= FAN_OUT_CHUNK) await yieldToIo();
        noteFanOut(performance.now() - t0);
      }
    } finally {
      group.walking = false;
    }
  }

  /** The ballot's tally events from now on, until the iterator is returned. */
  subscribe(ballotId: string): AsyncIterableIterator<TallyEvent> {
    let group = this.byBallot.get(ballotId);
    if (!group) this.byBallot.set(ballotId, (group = { subscribers: new Set(), walking: false, next: null }));
    const set = group.subscribers;
    const me: Subscriber = { queue: [], wake: null };
    set.add(me);
    let ended = false;
    const end = (): IteratorResult<TallyEvent> => {
      if (!ended) {
        ended = true;
        set.delete(me);
        if (!set.size && this.byBallot.get(ballotId) === group) this.byBallot.delete(ballotId);
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
