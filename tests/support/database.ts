import "reflect-metadata";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { serverJobs } from "../../server/src/app/jobs.js";
import { installJobs } from "../../server/src/common/jobs/index.js";
import { loadConfig } from "../../server/src/config.js";
import { connectAndMigrate, createDataSource } from "../../server/src/db/data-source.js";
import { turnEveryFlagOn } from "../../server/src/modules/admin/index.js";

/** URL of the same server with another database name. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Runs `fn` on a client of the server's maintenance connection (CREATE/DROP DATABASE, CHECKPOINT). */
export async function admin<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Creates and migrates the template every test database is cloned from, with the job
 * scheduler's schema and queues. Every feature flag is on, as in the embedded demo (production
 * defaults would switch the village hubs off); the flag tests set what they need.
 */
export async function createTemplate(serverUrl: string, name: string): Promise<void> {
  await admin(serverUrl, async (c) => {
    await c.query(`DROP DATABASE IF EXISTS "${name}"`);
    await c.query(`CREATE DATABASE "${name}"`);
  });
  const ds = createDataSource({ url: withDatabase(serverUrl, name), poolMax: 2 });
  await connectAndMigrate(ds);
  await turnEveryFlagOn(ds);
  await ds.destroy();
  const url = withDatabase(serverUrl, name);
  await installJobs(url, loadConfig({ DATABASE_URL: url, LOG_LEVEL: "error" }), serverJobs);
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await admin(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

/** A fresh, migrated database of its own for one test file (a clone of the template). */
export async function createTestDatabase(): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const template = process.env.ROOTS_TEST_TEMPLATE!;
  const name = `roots_t_${randomBytes(6).toString("hex")}`;
  for (let attempt = 0; ; attempt++) {
    try {
      await admin(serverUrl, (c) => c.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`));
      break;
    } catch (err) {
      // Two files cloning at the same instant can collide on the template; try again.
      if (attempt >= 10 || !/being accessed by other users/.test(String(err))) throw err;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  return { url: withDatabase(serverUrl, name), name, drop: () => dropDatabase(serverUrl, name) };
}
