/** The durable job scheduler: define jobs, send them, run them (see README "Background jobs"). */
export { defineJob, type AnyJobDefinition, type JobContext, type JobDefinition, type JobSender, type SendOptions } from "./definition.js";
export { installJobs, JOBS_SCHEMA, Scheduler } from "./scheduler.js";
export { jobQueueStats, type JobQueueStats, type JobFailure } from "./stats.js";
