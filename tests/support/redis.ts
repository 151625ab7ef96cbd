import { createConnection } from "node:net";

/** The Redis the multi-instance tests share (CI and dev machines run one at 127.0.0.1:6379). */
export const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

/** Whether Redis answers (a connection within 2 s). */
export const redisReachable = (): Promise<boolean> =>
  new Promise((resolve) => {
    const u = new URL(REDIS_URL);
    const socket = createConnection({ host: u.hostname, port: Number(u.port || 6379) });
    socket.setTimeout(2000, () => (socket.destroy(), resolve(false)));
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });

/**
 * For a test's beforeAll: throws, failing the test, when Redis does not answer. Redis is part of
 * the test setup like PostgreSQL, and a test that returned early without it would pass having
 * checked nothing.
 */
export async function requireRedis(): Promise<void> {
  if (await redisReachable()) return;
  throw new Error(
    `Redis is not reachable at ${REDIS_URL}, and this test needs it. Start one (redis-server --daemonize yes; ` +
      `apt-get install -y redis-server if it is missing), or set TEST_REDIS_URL to one that runs.`,
  );
}
