// `npm test`: every check CI runs. The static checks (types, lint, schema and codegen drift) and
// the client build run side by side, as many at a time as the machine has cores, longest first;
// then the server tests (jest), the client tests (vitest) and the browser tests (Playwright), each
// spread over the cores by its own runner. Every step prints how long it took; a summary ends the run.
// Uses TEST_DATABASE_URL when set; otherwise starts one embedded PostgreSQL (in .data/pg-test)
// shared by every step.
//
//   npm test                 everything, on this machine's Node
//   npm test -- <word>       only the steps whose name contains <word> (e.g. `npm test -- jest`)
//   npm test -- other-node   what can differ from one Node line to another (CI runs it on Node 22
//                            and 24 after the whole suite on Node 20): see OTHER_NODE below
import { spawn } from "node:child_process";
import { availableParallelism } from "node:os";
import { ensureTestDatabaseServer } from "../tests/support/embedded-test-db.js";
import { OTHER_NODE_JEST, OTHER_NODE_VITEST } from "./test-other-node.js";

interface Step {
  name: string;
  cmd: string;
  args: string[];
}

const cores = availableParallelism();
const npx = (bin: string, ...args: string[]) => ({ cmd: "npx", args: ["--no-install", bin, ...args] });
const npmRun = (...args: string[]) => ({ cmd: "npm", args: ["run", "-s", ...args] });

/** Steps that only read the tree (and the build, which writes client/dist alone): run side by side. */
const CHECKS: Step[] = [
  { name: "typecheck", ...npmRun("typecheck") },
  { name: "lint (ESLint, import/no-cycle; Prettier formatting)", ...npmRun("lint") },
  { name: "client build", ...npmRun("build", "-w", "client") },
  {
    name: "schema/schema.graphql is up to date, with no breaking change since the newest release",
    ...npmRun("schema", "--", "--check", "--diff"),
  },
  { name: "codegen output and translations.csv are up to date", ...npmRun("codegen:check") },
];
const TESTS: Step[] = [
  { name: "server + integration + conformance tests (jest)", ...npmRun("test:server") },
  { name: "client component tests (vitest)", ...npx("vitest", "run", "--root", "client") },
  { name: "browser tests (Playwright, Debian Chromium)", ...npx("playwright", "test") },
];
/**
 * What can differ between Node lines, for the other lines CI tries: the client build, the
 * server's unit tests, the GEDCOM core, one integration test for each piece of the runtime the
 * server leans on, and the client tests that meet the runtime through jsdom (which and why:
 * scripts/test-other-node.ts).
 */
const OTHER_NODE: Step[][] = [
  [CHECKS[2]],
  [{ name: "server unit, GEDCOM and runtime integration tests (jest)", ...npmRun("test:server", "--", ...OTHER_NODE_JEST) }],
  [{ name: "client tests that meet the runtime (vitest)", ...npx("vitest", "run", "--root", "client", ...OTHER_NODE_VITEST) }],
];

interface Result {
  name: string;
  ok: boolean;
  seconds: number;
}

/** Runs a step with its output on this terminal. */
function runAttached(step: Step, env: NodeJS.ProcessEnv): Promise<Result> {
  console.log(`\n▶ ${step.name}`);
  const t0 = Date.now();
  return new Promise((resolve) => {
    const child = spawn(step.cmd, step.args, { stdio: "inherit", env });
    child.on("close", (code) => {
      const r = { name: step.name, ok: code === 0, seconds: (Date.now() - t0) / 1000 };
      console.log(`${r.ok ? "✓" : "✗"} ${step.name} (${r.seconds.toFixed(1)} s)`);
      resolve(r);
    });
  });
}

/** Runs a step with its output held back and printed whole when it ends (steps side by side do not mix lines). */
function runCaptured(step: Step, env: NodeJS.ProcessEnv): Promise<Result> {
  const t0 = Date.now();
  const out: Buffer[] = [];
  return new Promise((resolve) => {
    const child = spawn(step.cmd, step.args, { stdio: ["ignore", "pipe", "pipe"], env });
    child.stdout.on("data", (b: Buffer) => out.push(b));
    child.stderr.on("data", (b: Buffer) => out.push(b));
    child.on("close", (code) => {
      const r = { name: step.name, ok: code === 0, seconds: (Date.now() - t0) / 1000 };
      console.log(`\n▶ ${step.name}`);
      const text = Buffer.concat(out).toString().trimEnd();
      if (text) console.log(text);
      console.log(`${r.ok ? "✓" : "✗"} ${step.name} (${r.seconds.toFixed(1)} s)`);
      resolve(r);
    });
  });
}

/** Runs `steps` at most `width` at a time, in the order given. */
async function sideBySide(steps: Step[], width: number, env: NodeJS.ProcessEnv): Promise<Result[]> {
  if (steps.length === 1) return [await runAttached(steps[0], env)];
  console.log(`\n▶ ${steps.length} steps side by side, ${width} at a time: ${steps.map((s) => s.name).join("; ")}`);
  const results: Result[] = [];
  const queue = [...steps];
  const lane = async () => {
    for (let step = queue.shift(); step; step = queue.shift()) results.push(await runCaptured(step, env));
  };
  await Promise.all(Array.from({ length: Math.min(width, steps.length) }, lane));
  return steps.map((s) => results.find((r) => r.name === s.name)!);
}

const args = process.argv.slice(2);
const profile = args[0] === "other-node";
const wanted = (s: Step) => profile || args.length === 0 || args.some((a) => s.name.includes(a));
// Each phase's steps run side by side; the phases one after another.
const phases = (profile ? OTHER_NODE : [CHECKS, ...TESTS.map((t) => [t])]).map((p) => p.filter(wanted)).filter((p) => p.length);
if (!phases.length) {
  console.error(`No step's name contains ${args.map((a) => `"${a}"`).join(" or ")}.`);
  process.exit(2);
}

const t0 = Date.now();
const db = await ensureTestDatabaseServer();
const env = { ...process.env, TEST_DATABASE_URL: db.url, FORCE_COLOR: process.env.CI ? "0" : "1" };
console.log(`Node ${process.version}, ${cores} cores${profile ? ": the tests that can differ between Node lines" : ""}`);
const results: Result[] = [];
for (const phase of phases) {
  results.push(...(await sideBySide(phase, cores, env)));
  // The later steps test the build: without it they would only fail again.
  if (results.some((r) => !r.ok && r.name === "client build")) break;
}
await db.stop();

console.log(`\nSummary (Node ${process.version}, ${cores} cores, ${((Date.now() - t0) / 1000).toFixed(1)} s in all)`);
for (const r of results) console.log(`  ${r.ok ? "✓" : "✗"} ${r.name} (${r.seconds.toFixed(1)} s)`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
