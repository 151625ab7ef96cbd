#!/usr/bin/env node
// `npm start`: installs dependencies on a fresh clone (or after the lockfile changed), builds
// server and client when their sources changed, then runs the server, which serves the client
// on the same origin. Without DATABASE_URL it starts an embedded PostgreSQL in ./.data/pg and
// seeds demo data.
import { spawn, spawnSync } from "node:child_process";
import { BUILDS, fingerprint, isFresh, markBuilt } from "./build-cache.mjs";

const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

run(process.execPath, ["scripts/install.mjs"]);

for (const name of Object.keys(BUILDS)) {
  const print = fingerprint(name);
  if (isFresh(name, print)) {
    console.log(`${name}: sources unchanged since the last build, not rebuilt`);
    continue;
  }
  run("npm", ["run", "build", "-w", name]);
  markBuilt(name, print);
}

// A larger young generation: fewer scavenges for the many short-lived objects of each request.
const server = spawn(process.execPath, ["--max-semi-space-size=32", "server/dist/main.js"], {
  stdio: "inherit",
  env: { NODE_ENV: "production", ...process.env },
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => server.kill(sig));
server.on("exit", (code) => process.exit(code ?? 0));
