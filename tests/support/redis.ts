import { createConnection } from "node:net";

/** The Redis the multi-instance tests share (CI and dev machines run one at 127.0.0.1:6379). */
export const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

/** Whether Redis answers: a fresh laptop may have none, and then those tests say so and stop. */
export const redisReachable = (): Promise<boolean> =>
  new Promise((resolve) => {
    const u = new URL(REDIS_URL);
    const socket = createConnection({ host: u.hostname, port: Number(u.port || 6379) });
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });
