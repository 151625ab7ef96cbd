#!/usr/bin/env node
// Playwright's web server: the real server on a fresh database, serving the built client.
// Uses TEST_DATABASE_URL when set, else a throwaway embedded PostgreSQL.
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import pg from "pg";

const port = process.env.E2E_PORT ?? "4173";
const env = {
  ...process.env,
  PORT: port,
  HOST: "127.0.0.1",
  SEED_DEMO: "true",
  BREACHED_PASSWORD_API_URL: "http://127.0.0.1:9",
  SWC_NODE_PROJECT: "server/tsconfig.json",
  LOG_LEVEL: "warn",
  // The test clock's control (tests/e2e/serve-server.ts, tests/e2e/clock.ts), beside the site's port.
  E2E_CLOCK_PORT: String(Number(port) + 10000),
  // Uploaded files of this server alone (another server's clean-up must not remove a file it still
  // uses), fresh like its database.
  STORAGE_DIR: process.env.STORAGE_DIR ?? `.data/e2e-files-${port}`,
};
if (!process.env.STORAGE_DIR) rmSync(env.STORAGE_DIR, { recursive: true, force: true });
if (process.env.TEST_DATABASE_URL) {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  // One database per port, so several checkouts can run browser tests side by side.
  const dbName = `roots_e2e_${port}`;
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${dbName}`;
  env.DATABASE_URL = url.toString();
} else {
  // One embedded PostgreSQL per server (playwright.config.ts may start several side by side).
  const offset = Number(port) - 4173;
  const dir = offset === 0 ? ".data/pg-e2e" : `.data/pg-e2e-${port}`;
  rmSync(dir, { recursive: true, force: true });
  env.EMBEDDED_PG_DIR = dir;
  env.EMBEDDED_PG_PORT = String(55434 + 10 * offset);
}
const server = spawn(process.execPath, ["--import", "@swc-node/register/esm-register", "tests/e2e/serve-server.ts"], {
  stdio: "inherit",
  env,
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => server.kill(sig));
server.on("exit", (code) => process.exit(code ?? 0));
