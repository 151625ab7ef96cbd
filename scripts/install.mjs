#!/usr/bin/env node
// Installs the locked dependencies when they are missing or older than package-lock.json (a
// pull changed them): `npm ci`, which never rewrites the lockfile. Run before `npm start` and
// `npm test` (npm's pretest), so both work on a fresh clone.
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";

// npm writes node_modules/.package-lock.json at every install.
const installed = "node_modules/.package-lock.json";
if (!existsSync(installed) || statSync(installed).mtimeMs < statSync("package-lock.json").mtimeMs) {
  const r = spawnSync("npm", ["ci"], { stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
