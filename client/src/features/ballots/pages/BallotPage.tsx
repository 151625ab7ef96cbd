import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router-dom";
import { LoadFailed } from "../../../ui/LoadFailed";
import { ButtonLink } from "../../../ui/Button";
import { Card } from "../../../ui/Card";
import { Spinner } from "../../../ui/Spinner";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";
import { SideBySideDiff } from "../../rootpedia";
import { BallotHelp } from "../components/BallotHelp";
import { EligibilityNotice } from "../components/Eligibility";
import { Lifecycle } from "../components/Lifecycle";
import { ReceiptLookup } from "../components/ReceiptLookup";
import { ReceiptCard, VotePanel } from "../components/VotePanel";
import type { CastVoteMutation } from "../../../gql/graphql";
import { useBallotEligibilityQuery, useBallotQuery } from "../generated";
import "../ballots.css";

/**
 * Casting a vote: the proposal and its change, where the ballot is in its life, whether the
 * member may vote (and if not why and how to become eligible), the vote with its confirmation and
 * receipt, and "was my vote counted?".
 */
export default function BallotPage() {
  const { t } = useTranslation();
  const { slug = "", ballotId = "" } = useParams();
  const { data, loading, error, refetch } = useBallotQuery({ variables: { id: ballotId }, fetchPolicy: "cache-and-network" });
  const eligibility = useBallotEligibilityQuery({ variables: { slug }, fetchPolicy: "cache-and-network" });
  const [cast, setCast] = useState<CastVoteMutation["castVote"] | null>(null);
  const b = data?.ballot;
  useDocumentTitle(b ? t("ballots.ballot.title_of", { title: b.proposal.title }) : null);
  if (loading && !data) return <Spinner label={t("common.loading")} />;
  if (error && !data) return <LoadFailed error={error} onRetry={refetch} />;
  const ballot = b!;
  const p = ballot.proposal;
  const roll = ballot.viewerRoll;
  const e = eligibility.data?.ballotEligibility;
  return (
    <article className="page rootpedia ballots" data-testid="ballot-page">
      <Link className="back-link" to={`/root/${slug}/rootpedia/proposal/${p.id}`}>
        {t("ballots.ballot.back_to_proposal")}
      </Link>
      <h1>
        {t("ballots.ballot.heading")}
        {t("common.colon")} <bdi lang={p.language}>{p.title}</bdi>
      </h1>
      <Lifecycle
        status={ballot.status}
        opensAt={ballot.opensAt}
        closesAt={ballot.closesAt}
        secondsLeft={ballot.tally.secondsLeft}
        timeline={ballot.timeline}
      />
      <BallotHelp />
      <div className="ballot-columns">
        <div>
          {e && <EligibilityNotice eligibility={e} onRoll={roll ? roll.onRoll : null} />}
          {ballot.status === "COOLING_OFF" && <Card tone="gold">{t("ballots.ballot.cooling_off_note")}</Card>}
          {cast ? (
            <ReceiptCard cast={cast} />
          ) : (
            <>
              {ballot.status === "OPEN" && roll?.onRoll && !roll.voted && (
                <VotePanel
                  ballotId={ballot.id}
                  onCast={(c) => {
                    setCast(c);
                    void refetch();
                  }}
                />
              )}
              {ballot.status === "OPEN" && roll?.voted && <Card tone="green">{t("ballots.ballot.already_voted")}</Card>}
            </>
          )}
          {ballot.status === "CLOSED" && <Card>{t("ballots.ballot.closed_note")}</Card>}
          <ReceiptLookup key={cast?.receipt} ballotId={ballot.id} initial={cast?.receipt} />
          <ButtonLink to={`/root/${slug}/rootpedia/ballot/${ballot.id}/results`}>{t("ballots.results.link")}</ButtonLink>
        </div>
        <section aria-labelledby="change-h">
          <h2 id="change-h">{t("ballots.proposal.change")}</h2>
          <SideBySideDiff comparison={p.comparison} language={p.language} />
        </section>
      </div>
    </article>
  );
}
