import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router-dom";
import { currentLanguage } from "../../../i18n";
import { formatNumber } from "../../../lib/format";
import { LtrValue } from "../../../ui/BidiText";
import { Card } from "../../../ui/Card";
import { LoadFailed } from "../../../ui/LoadFailed";
import { Spinner } from "../../../ui/Spinner";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";
import { Lifecycle } from "../components/Lifecycle";
import { ReceiptLookup } from "../components/ReceiptLookup";
import { TallyChart } from "../components/TallyChart";
import { useBallotQuery, useBallotTallyUpdatedSubscription } from "../generated";
import "../ballots.css";

/**
 * A ballot's results, live: turnout, time left and the chart, updated over the subscription
 * (batched by the server, the breakdown hidden below 20 votes or until the close when the ballot
 * says so). Once closed: the outcome, the public board and how to verify it, with the hash it ends
 * at and its number of entries: the chain alone cannot show that a copy was cut short.
 */
export default function ResultsPage() {
  const { t } = useTranslation();
  const { slug = "", ballotId = "" } = useParams();
  const [poll, setPoll] = useState(0);
  const { data, loading, error, refetch } = useBallotQuery({
    variables: { id: ballotId },
    fetchPolicy: "cache-and-network",
    pollInterval: poll,
  });
  const b = data?.ballot;
  // A ballot hiding its results until the close has no subscription: its turnout is read every half minute.
  const wantPoll = b?.hideResults && b.status !== "CLOSED" ? 30_000 : 0;
  if (b && poll !== wantPoll) setPoll(wantPoll);
  // A ballot whose results wait for the close refuses subscribers until then; a closed one has nothing more to send.
  const live = useBallotTallyUpdatedSubscription({
    variables: { ballotId },
    skip: !b || b.status === "CLOSED" || b.hideResults,
    onData: ({ data: d }) => {
      if (d.data?.ballotTallyUpdated.status !== b?.status) void refetch();
    },
  });
  useDocumentTitle(b ? t("ballots.results.title_of", { title: b.proposal.title }) : null);
  if (loading && !data) return <Spinner label={t("common.loading")} />;
  if (error && !data) return <LoadFailed error={error} onRetry={refetch} />;
  const ballot = b!;
  const tally = live.data?.ballotTallyUpdated.status === ballot.status ? live.data.ballotTallyUpdated : ballot.tally;
  // Quoted in the command: its `?rootspace=` must reach the verifier as written, not as a shell pattern.
  const boardUrl = ballot.boardPath ? new URL(ballot.boardPath, window.location.origin).toString() : null;
  // The count is the turnout taken at the close, kept on the ballot apart from the board's rows.
  const entries = ballot.tally.turnout;
  const anchor = ballot.boardHead ? ` --head ${ballot.boardHead} --count ${entries}` : "";
  return (
    <article className="page rootpedia ballots" data-testid="results-page">
      <Link className="back-link" to={`/root/${slug}/rootpedia/ballot/${ballot.id}`}>
        {t("ballots.results.back_to_ballot")}
      </Link>
      <h1>
        {t("ballots.results.heading")}
        {t("common.colon")} <bdi lang={ballot.proposal.language}>{ballot.proposal.title}</bdi>
      </h1>
      <Lifecycle status={tally.status} opensAt={ballot.opensAt} closesAt={ballot.closesAt} secondsLeft={tally.secondsLeft} />
      <div aria-live="polite">
        <TallyChart tally={tally} hideResults={ballot.hideResults} />
      </div>
      {ballot.status !== "CLOSED" && <p className="muted">{t("ballots.results.batching")}</p>}
      {boardUrl && (
        <Card title={t("ballots.results.board_title")} titleId="board-h" data-testid="ballot-board">
          <p>{t("ballots.results.board_help")}</p>
          <p>
            <a href={ballot.boardPath!} data-testid="board-link">
              {t("ballots.results.board_link")}
            </a>
          </p>
          {ballot.boardHead && (
            <dl className="ballot-entry">
              <dt>{t("ballots.results.board_head")}</dt>
              <dd>
                <code data-testid="board-head">
                  <LtrValue>{ballot.boardHead}</LtrValue>
                </code>
              </dd>
              <dt>{t("ballots.results.board_count")}</dt>
              <dd data-testid="board-count">{formatNumber(entries, currentLanguage())}</dd>
            </dl>
          )}
          <p>{t("ballots.results.verify_help")}</p>
          <pre className="ballot-command">
            <code data-testid="verify-command">
              <LtrValue>{`node scripts/verify-ballot.mjs '${boardUrl}'${anchor}`}</LtrValue>
            </code>
          </pre>
        </Card>
      )}
      <ReceiptLookup ballotId={ballot.id} />
    </article>
  );
}
