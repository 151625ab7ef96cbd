import { availableParallelism } from "node:os";

/** Server unit tests (beside the code) and black-box tests in tests/, all on real PostgreSQL. */
const swc = {
  jsc: {
    parser: { syntax: "typescript", decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    target: "es2022",
  },
  module: { type: "es6" },
};

export default {
  testEnvironment: "node",
  extensionsToTreatAsEsm: [".ts"],
  moduleNameMapper: { "^(\\.{1,2}/.*)\\.js$": "$1" },
  transform: { "^.+\\.ts$": ["@swc/jest", swc] },
  testMatch: ["<rootDir>/server/src/**/*.test.ts", "<rootDir>/tests/{integration,conformance,size,gedcom,repo}/**/*.test.ts"],
  globalSetup: "<rootDir>/tests/support/global-setup.mjs",
  globalTeardown: "<rootDir>/tests/support/global-teardown.mjs",
  setupFiles: ["<rootDir>/tests/support/setup-env.ts"],
  // One worker more than the machine has cores: the integration tests spend about a third of their
  // time waiting (on PostgreSQL, on their servers' timers), so a third worker on 2 cores keeps
  // them busy (14 files took 48 s with 3 workers against 70 s with 2, the same CPU time).
  maxWorkers: availableParallelism() + 1,
  // The longest files first (recorded durations, tests/support/test-durations.json).
  testSequencer: "<rootDir>/tests/support/sequencer.mjs",
  // Under --experimental-vm-modules Node never frees a finished test file's modules (nodejs/node#33439,
  // jestjs/jest#14605): a worker grows by ~50 MB per file, to 1.5 GB by the end of the suite, and then
  // takes longer than Jest's 500 ms grace period to exit ("A worker process has failed to exit
  // gracefully"). Jest replaces a worker that has grown past this between files.
  workerIdleMemoryLimit: "512MB",
  // A test or hook waits at most 90 s: on a loaded 2-core machine the slow setups (a server start,
  // a first import) took 30 s and more, and failed on time alone; a test that hangs still ends.
  testTimeout: 90000,
};
