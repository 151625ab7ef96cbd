import { defineJob } from "../../common/jobs/index.js";
import { DELIVERY_BATCH, scanChanges, sendDue } from "./webhooks/delivery.js";

/** Expired codes, tokens, interactions and sessions of the OAuth server are removed every hour (they no longer open anything). */
export const sweepJob = defineJob({
  name: "partners.sweep",
  cron: "25 * * * *",
  handler: async (_payload, job) => {
    await job.ds.query(`DELETE FROM oauth_artifacts WHERE expires_at < $1`, [job.clock.now()]);
  },
});

/**
 * Webhooks: changes to what apps subscribed to become deliveries, and due deliveries are sent
 * (webhooks/delivery.ts). Every WEBHOOK_SCAN_MS, one run across all servers.
 */
export const webhookJob = defineJob({
  name: "partners.webhook",
  everyMs: (config) => config.WEBHOOK_SCAN_MS,
  expireInSeconds: 10 * 60,
  handler: async (_payload, job) => {
    await scanChanges(job);
    // A full batch may mean more are due; a short one ends the run.
    while ((await sendDue(job)) === DELIVERY_BATCH);
  },
});
