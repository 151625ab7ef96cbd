import { defineJob } from "../../common/jobs/index.js";

/** Expired codes, tokens, interactions and sessions of the OAuth server are removed every hour (they no longer open anything). */
export const sweepJob = defineJob({
  name: "partners.sweep",
  cron: "25 * * * *",
  handler: async (_payload, job) => {
    await job.ds.query(`DELETE FROM oauth_artifacts WHERE expires_at < $1`, [job.clock.now()]);
  },
});
