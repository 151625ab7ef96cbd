// A separate server-like process running the test jobs, or the server's own with JOB_WORKER_JOBS=server
// (tests/integration/jobs.test.ts and ballots-announce.test.ts kill it with SIGKILL).
import "reflect-metadata";
import { createEventBus } from "../../server/src/common/event-bus.js";
import { Scheduler } from "../../server/src/common/jobs/index.js";
import { loadConfig } from "../../server/src/config.js";
import { createDataSource } from "../../server/src/db/data-source.js";
import { serverJobs } from "../../server/src/app/jobs.js";
import { testJobs } from "./test-jobs.js";

const config = loadConfig({ ...process.env, LOG_LEVEL: "error" });
const ds = createDataSource({ url: config.DATABASE_URL!, poolMax: 2 });
await ds.initialize();
const scheduler = new Scheduler({
  ds,
  bus: createEventBus(),
  config,
  jobs: process.env.JOB_WORKER_JOBS === "server" ? serverJobs : testJobs,
});
await scheduler.start();
console.log("worker ready");
