import { createPubSub } from "@graphql-yoga/subscription";
import { createRedisEventTarget } from "@graphql-yoga/redis-event-target";
import { setMaxListeners } from "node:events";
import { Redis } from "ioredis";

/**
 * Topics published on the bus, with their payloads. Each area adds its own next to its
 * manifest (`declare module "…/common/event-bus.js" { interface Topics { … } }`) and lists
 * their names in the manifest.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Topics {}

/** The same map as a type alias, which the pub/sub's index-signature constraint accepts. */
type TopicMap = { [K in keyof Topics]: Topics[K] };

export type EventBus = ReturnType<typeof createPubSub<TopicMap>> & { close(): Promise<void> };

/**
 * The extension a subscription field carries (`@Extensions({ [SHARED_EVENT]: true })`) when its
 * result depends only on the event, its arguments, the rootspace and the language, never on who
 * subscribed: the WebSocket server then executes the same operation once per event for all its
 * subscribers on the instance, instead of once per subscriber (app/shared-events.ts).
 * Authorization stays per subscriber: the field's `subscribe` runs for each one as before.
 */
export const SHARED_EVENT = "sharedEvent";

/**
 * The extension a subscription field carries (`@Extensions({ [NEWEST_ONLY]: n })`) when each of its
 * results supersedes the ones before (a tally): a subscriber whose socket falls behind keeps only
 * the newest n waiting, instead of being closed with 1013 as other subscriptions are (app/live-streams.ts).
 */
export const NEWEST_ONLY = "newestOnly";

/**
 * In-process by default; with REDIS_URL every server instance receives every event,
 * so subscribers behind a load balancer all get it.
 */
export function createEventBus(redisUrl?: string): EventBus {
  if (!redisUrl) {
    // One listener per live subscription: a thousand subscribers of one ballot are normal, not a leak.
    const eventTarget = new EventTarget();
    setMaxListeners(0, eventTarget);
    return Object.assign(createPubSub<TopicMap>({ eventTarget }), { close: async () => {} });
  }
  const publishClient = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 });
  const subscribeClient = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 });
  const eventTarget = createRedisEventTarget({ publishClient, subscribeClient });
  return Object.assign(createPubSub<TopicMap>({ eventTarget }), {
    close: async () => {
      publishClient.disconnect();
      subscribeClient.disconnect();
    },
  });
}
