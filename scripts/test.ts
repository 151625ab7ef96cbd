// `npm test`: every check CI runs, in order. Uses TEST_DATABASE_URL when set; otherwise
// starts one embedded PostgreSQL (in .data/pg-test) shared by every step.
import { spawnSync } from "node:child_process";
import { ensureTestDatabaseServer } from "../tests/support/embedded-test-db.js";

interface Step {
  name: string;
  cmd: string;
  args: string[];
}

const npx = (bin: string, ...args: string[]): [string, string[]] => ["npx", ["--no-install", bin, ...args]];
const steps: Step[] = [
  { name: "typecheck", cmd: "npm", args: ["run", "-s", "typecheck"] },
  { name: "lint (ESLint, import/no-cycle; Prettier formatting)", cmd: "npm", args: ["run", "-s", "lint"] },
  { name: "schema/schema.graphql is up to date", cmd: "npm", args: ["run", "-s", "schema", "--", "--check"] },
  { name: "codegen output and translations.csv are up to date", cmd: "npm", args: ["run", "-s", "codegen:check"] },
  { name: "client build", cmd: "npm", args: ["run", "-s", "build", "-w", "client"] },
  { name: "server + integration + conformance tests (jest)", cmd: "npm", args: ["run", "-s", "test:server"] },
  { name: "client component tests (vitest)", ...asStep(npx("vitest", "run", "--root", "client")) },
  { name: "browser tests (Playwright, Debian Chromium)", ...asStep(npx("playwright", "test")) },
];

function asStep([cmd, args]: [string, string[]]) {
  return { cmd, args };
}

const only = process.argv.slice(2);
const db = await ensureTestDatabaseServer();
const env = { ...process.env, TEST_DATABASE_URL: db.url, FORCE_COLOR: process.env.CI ? "0" : "1" };
const results: { name: string; ok: boolean; seconds: number }[] = [];
for (const step of steps) {
  if (only.length && !only.some((o) => step.name.includes(o))) continue;
  console.log(`\n▶ ${step.name}`);
  const t0 = Date.now();
  const r = spawnSync(step.cmd, step.args, { stdio: "inherit", env });
  results.push({ name: step.name, ok: r.status === 0, seconds: (Date.now() - t0) / 1000 });
  if (r.status !== 0 && step.name === "client build") break; // later steps need the build
}
await db.stop();

console.log("\nSummary");
for (const r of results) console.log(`  ${r.ok ? "✓" : "✗"} ${r.name} (${r.seconds.toFixed(1)} s)`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
