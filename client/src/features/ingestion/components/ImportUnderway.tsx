import { useApolloClient } from "@apollo/client/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { useImportJobsQuery } from "../generated";
import { RUNNING } from "../status";

/**
 * On the member's tree: a file being read or written says so, with a way to follow it (a tree
 * of thousands being written would otherwise look empty for seconds). When it is done, the
 * tree's people are fetched again.
 */
export function ImportUnderway() {
  const { t } = useTranslation();
  const client = useApolloClient();
  const { data, startPolling, stopPolling } = useImportJobsQuery({ variables: { first: 5 }, fetchPolicy: "cache-and-network" });
  const job = data?.importJobs.find((j) => RUNNING.includes(j.status));
  const runningId = job?.id ?? null;
  const following = useRef(false);
  useEffect(() => {
    if (runningId) {
      following.current = true;
      startPolling(3000);
      return () => stopPolling();
    }
    if (following.current) {
      following.current = false;
      void client.refetchQueries({ include: ["MyPeople"] });
    }
  }, [runningId, startPolling, stopPolling, client]);
  if (!job) return null;
  return (
    <p className="notice" role="status" data-testid="import-underway">
      {t("ingestion.underway", { file: job.fileName })}{" "}
      <Link to={`${job.kind === "spreadsheet" ? "/excel" : "/roots/import"}?job=${encodeURIComponent(job.id)}`}>{t("ingestion.underway_follow")}</Link>
    </p>
  );
}
