import type { ImportJobFieldsFragment } from "../../gql/graphql";

/** A job the server is still working on: its status moves without the member. */
export const RUNNING = ["queued", "parsing", "commit_queued", "committing"];

/** Read to its end, still "parsing": the review's checks (the tree's rules, people already in Roots) run. */
export const readToEnd = (job: Pick<ImportJobFieldsFragment, "status" | "fileSize" | "counts">): boolean =>
  job.status === "parsing" && job.fileSize > 0 && job.counts.read >= job.fileSize;
