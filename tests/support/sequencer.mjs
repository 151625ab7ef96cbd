// Jest's order of test files: the longest first, so that no worker is left with a long file while
// the others are idle at the end of the run. Jest's own sequencer knows a file's duration only from
// its cache of an earlier run on the same machine and checkout; a fresh clone (CI) has none and
// falls back on file sizes, which put the 100-second corpus imports last. The durations recorded
// in test-durations.json (seconds on the 2-core development machine; `node scripts/test-durations.mjs`
// rewrites it from a run's `--json` output) fill that gap.
import { readFileSync } from "node:fs";
import path from "node:path";
import Sequencer from "@jest/test-sequencer";

const recorded = JSON.parse(readFileSync(new URL("./test-durations.json", import.meta.url), "utf8")).seconds;
/** A file that is not in the table yet: about the median of the table. */
const UNKNOWN_SECONDS = 5;

export default class LongestFirst extends Sequencer {
  sort(tests) {
    const seconds = (test) => {
      const rel = path.relative(test.context.config.rootDir, test.path).split(path.sep).join("/");
      // This machine's own measure of the file (Jest's cache, in ms) when the table has none.
      return recorded[rel] ?? (this.time(test) ?? UNKNOWN_SECONDS * 1000) / 1000;
    };
    const order = tests.map((test) => ({ test, failed: this.hasFailed(test), seconds: seconds(test) }));
    // A file that failed last time still comes first (quick news when fixing it), then the longest.
    order.sort((a, b) => Number(b.failed) - Number(a.failed) || b.seconds - a.seconds || (a.test.path < b.test.path ? -1 : 1));
    return order.map((o) => o.test);
  }
}
