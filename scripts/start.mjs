#!/usr/bin/env node
// `npm start`: installs dependencies on a fresh clone, builds server and client, then runs
// the server, which serves the client on the same origin. Without DATABASE_URL it starts
// an embedded PostgreSQL in ./.data/pg and seeds demo data.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

if (!existsSync("node_modules/.package-lock.json")) {
  // npm ci can refuse a lockfile that lacks other platforms' optional binaries (some
  // registry mirrors do not carry them); npm install then installs the same pinned tree.
  const ci = spawnSync("npm", ["ci"], { stdio: "inherit" });
  if (ci.status !== 0) run("npm", ["install", "--no-audit", "--no-fund"]);
}
run("npm", ["run", "build"]);

// A larger young generation: fewer scavenges for the many short-lived objects of each request.
const server = spawn(process.execPath, ["--max-semi-space-size=32", "server/dist/main.js"], { stdio: "inherit", env: { NODE_ENV: "production", ...process.env } });
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => server.kill(sig));
server.on("exit", (code) => process.exit(code ?? 0));
