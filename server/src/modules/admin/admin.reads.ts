import { all, type ReadTags } from "../../common/auth/reads.js";

/** Feature flags are public (clients hide what is off); the job queues' health is for staff. */
export const adminReads: ReadTags = {
  FeatureFlag: all("anyone", "defaultEnabled enabled key"),
  JobsHealth: all("staff", "failures queues"),
  JobQueue: all("staff", "active completed completedAfterRetry failed name queued retrying scheduled"),
  JobFailure: all("staff", "attempts failedAt id key message queue willRetry"),
};
