import { startEmbeddedPostgres } from "../../server/src/db/embedded.js";

/**
 * Without TEST_DATABASE_URL the suite runs on its own embedded PostgreSQL (in
 * .data/pg-test), so `npm test` passes on a fresh machine with no database server.
 */
export async function ensureTestDatabaseServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  if (process.env.TEST_DATABASE_URL) return { url: process.env.TEST_DATABASE_URL, stop: async () => {} };
  const db = await startEmbeddedPostgres(".data/pg-test", Number(process.env.TEST_EMBEDDED_PG_PORT ?? 55433), "postgres");
  return { url: db.url, stop: db.stop };
}
