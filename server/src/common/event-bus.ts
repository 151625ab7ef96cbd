import { createPubSub } from "@graphql-yoga/subscription";
import { createRedisEventTarget } from "@graphql-yoga/redis-event-target";
import { Redis } from "ioredis";

/** Topics published on the bus, with their payloads. */
export type Topics = {
  ROOTSPACE_UPDATED: [{ id: string; slug: string }];
  IMPORT_JOB_UPDATED: [{ id: string; userId: string }];
};

export type EventBus = ReturnType<typeof createPubSub<Topics>> & { close(): Promise<void> };

/**
 * In-process by default; with REDIS_URL every server instance receives every event,
 * so subscribers behind a load balancer all get it.
 */
export function createEventBus(redisUrl?: string): EventBus {
  if (!redisUrl) return Object.assign(createPubSub<Topics>(), { close: async () => {} });
  const publishClient = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 });
  const subscribeClient = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 });
  const eventTarget = createRedisEventTarget({ publishClient, subscribeClient });
  return Object.assign(createPubSub<Topics>({ eventTarget }), {
    close: async () => {
      publishClient.disconnect();
      subscribeClient.disconnect();
    },
  });
}
