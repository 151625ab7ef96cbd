#!/usr/bin/env node
// Records how long each test file took: jest starts the longest first (tests/support/sequencer.mjs)
// and playwright.config.ts deals the browser specs out to its servers by them.
//   npm run test:server -- --json --outputFile=/tmp/jest.json && node scripts/test-durations.mjs /tmp/jest.json
//   PLAYWRIGHT_JSON_OUTPUT_NAME=/tmp/e2e.json npx playwright test --reporter=json && node scripts/test-durations.mjs /tmp/e2e.json
// Files of that run get their new duration; the others keep the one they had.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const [report] = process.argv.slice(2);
if (!report) {
  console.error("usage: node scripts/test-durations.mjs <jest --json output>");
  process.exit(2);
}
const table = new URL("../tests/support/test-durations.json", import.meta.url);
const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const run = JSON.parse(readFileSync(report, "utf8"));
const old = JSON.parse(readFileSync(table, "utf8"));
const seconds = { ...old.seconds };
/** Milliseconds per file (relative to the repository) of a jest or a Playwright JSON report. */
const measured = new Map();
if (run.testResults) {
  for (const r of run.testResults) measured.set(path.relative(root, r.name), r.perfStats?.runtime ?? r.endTime - r.startTime);
} else {
  const testDir = path.relative(root, run.config.rootDir);
  const visit = (suite, file) => {
    file = suite.file ?? file;
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        for (const r of test.results) measured.set(path.join(testDir, file), (measured.get(path.join(testDir, file)) ?? 0) + r.duration);
    for (const s of suite.suites ?? []) visit(s, file);
  };
  for (const suite of run.suites) visit(suite);
}
for (const [file, ms] of measured) if (ms > 0) seconds[file.split(path.sep).join("/")] = Math.round(ms / 100) / 10;
const sorted = Object.fromEntries(Object.entries(seconds).sort(([a], [b]) => (a < b ? -1 : 1)));
writeFileSync(table, JSON.stringify({ about: old.about, seconds: sorted }, null, 2) + "\n");
console.log(`${measured.size} files recorded in tests/support/test-durations.json`);
