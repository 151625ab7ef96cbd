/** A job the server is still working on: its status moves without the member. */
export const RUNNING = ["queued", "parsing", "commit_queued", "committing"];
