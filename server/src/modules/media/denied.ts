import type { EventBus } from "../../common/event-bus.js";
import { logger } from "../../common/logger.js";

/**
 * Pictures deleted lately, known to every server instance (`MEDIA_DELETED` on the event bus,
 * through Redis with REDIS_URL): their links are refused at once, without a database query. The
 * row check of serve.route.ts is what makes a deleted picture's links fail (also after a cascade,
 * a person deleted with their pictures); this list answers the links of a picture just deleted
 * on any instance before that query. Short: what the row check would refuse anyway is kept a
 * few minutes, and at most MAX ids.
 */
const KEEP_MS = 10 * 60_000;
const MAX = 10_000;

export class DeniedPictures {
  private readonly ids = new Map<string, number>();
  private readonly changes: ReturnType<EventBus["subscribe"]>;

  constructor(bus: EventBus) {
    this.changes = bus.subscribe("MEDIA_DELETED");
    void this.listen();
  }

  private async listen(): Promise<void> {
    try {
      for await (const event of this.changes) this.add((event as { ids: string[] }).ids);
    } catch (err) {
      logger.error("Deleted-pictures listener stopped", { err: String(err) });
    }
  }

  private add(ids: string[]): void {
    // eslint-disable-next-line no-restricted-syntax -- how long a cache keeps an id, not a business rule
    const until = Date.now() + KEEP_MS;
    for (const id of ids) {
      if (this.ids.size >= MAX) this.ids.delete(this.ids.keys().next().value!);
      this.ids.set(id, until);
    }
  }

  has(id: string): boolean {
    const until = this.ids.get(id);
    if (until === undefined) return false;
    // eslint-disable-next-line no-restricted-syntax -- how long a cache keeps an id, not a business rule
    if (until > Date.now()) return true;
    this.ids.delete(id);
    return false;
  }
}

const lists = new WeakMap<EventBus, DeniedPictures>();

/** The list of this instance (one per bus, listening from the first call: the media routes make it at start). */
export function deniedPictures(bus: EventBus): DeniedPictures {
  let found = lists.get(bus);
  if (!found) {
    found = new DeniedPictures(bus);
    lists.set(bus, found);
  }
  return found;
}

/** Tells every instance these pictures' rows are gone (after the deletion committed). */
export async function forgetPictures(bus: EventBus, ids: string[]): Promise<void> {
  if (ids.length) await bus.publish("MEDIA_DELETED", { ids });
}
