import { useApolloClient } from "@apollo/client/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { useImportJobsQuery } from "../generated";
import { RUNNING } from "../status";

/**
 * On the member's tree: a file being read or written says so, with a way to follow it (a tree
 * of thousands being written would otherwise look empty for seconds), and one read and waiting
 * for the member's review says that. When one is done, the tree's people are fetched again.
 */
export function ImportUnderway() {
  const { t } = useTranslation();
  const client = useApolloClient();
  const { data, startPolling, stopPolling } = useImportJobsQuery({ variables: { first: 5 }, fetchPolicy: "cache-and-network" });
  const running = data?.importJobs.find((j) => RUNNING.includes(j.status));
  const job = running ?? data?.importJobs.find((j) => j.status === "review");
  const jobId = job?.id ?? null;
  // The job followed: the tree is fetched again when it is done (not when it stops for review).
  // Asked often while it runs, less often while it waits for a review made perhaps in another tab.
  const followed = useRef<string | null>(null);
  const followedDone = data?.importJobs.some((j) => j.id === followed.current && j.status === "done") ?? false;
  const every = running ? 3000 : 15_000;
  useEffect(() => {
    if (!jobId) return;
    followed.current = jobId;
    startPolling(every);
    return () => stopPolling();
  }, [jobId, every, startPolling, stopPolling]);
  useEffect(() => {
    if (!followedDone) return;
    followed.current = null;
    void client.refetchQueries({ include: ["MyPeople"] });
  }, [followedDone, client]);
  if (!job) return null;
  const review = job.status === "review";
  return (
    <p className="notice" role="status" data-testid="import-underway">
      {t(review ? "ingestion.underway_review" : "ingestion.underway", { file: job.fileName })}{" "}
      <Link to={`${job.kind === "spreadsheet" ? "/excel" : "/roots/import"}?job=${encodeURIComponent(job.id)}`}>
        {t(review ? "ingestion.underway_review_link" : "ingestion.underway_follow")}
      </Link>
    </p>
  );
}
