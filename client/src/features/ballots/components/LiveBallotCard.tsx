import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import type { StaffBallotsQuery } from "../../../gql/graphql";
import { currentLanguage } from "../../../i18n";
import { formatNumber } from "../../../lib/format";
import { alertsOf, type BallotAlert } from "../alerts";
import { useBallotTallyUpdatedSubscription } from "../generated";
import { useSecondsLeft } from "../time";
import { Lifecycle } from "./Lifecycle";
import { TallyChart } from "./TallyChart";

type LiveBallot = StaffBallotsQuery["liveBallots"][number];

/** One live ballot on the staff board: its tally as the subscription brings it, its times, and what to watch out for. */
export function LiveBallotCard({ ballot }: { ballot: LiveBallot }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const live = useBallotTallyUpdatedSubscription({
    variables: { ballotId: ballot.id },
    skip: ballot.hideResults || ballot.status === "CLOSED",
  });
  const tally = live.data?.ballotTallyUpdated ?? ballot.tally;
  const left = useSecondsLeft(tally.secondsLeft);
  const n = (v: number) => formatNumber(v, lang);
  const say = (a: BallotAlert) =>
    a.kind === "quorum_at_risk"
      ? t("ballots.alert.quorum_at_risk", { turnout: n(a.turnout), quorum: n(a.quorum), missing: n(a.missing) })
      : t(`ballots.alert.${a.kind}`);
  const alerts = alertsOf(tally, left, ballot.hideResults);
  const base = `/root/${ballot.villageSlug}/rootpedia`;
  return (
    <li className="card live-ballot" data-testid="live-ballot">
      <h3 className="live-ballot__title">
        <Link to={`${base}/ballot/${ballot.id}/results`}>
          <bdi>{ballot.proposal.title}</bdi>
        </Link>{" "}
        <span className="muted">
          · <bdi>{ballot.villageName}</bdi>
        </span>
      </h3>
      <Lifecycle status={tally.status} opensAt={ballot.opensAt} closesAt={ballot.closesAt} secondsLeft={tally.secondsLeft} />
      {alerts.length > 0 && (
        <ul className="live-ballot__alerts" data-testid="ballot-alerts">
          {alerts.map((a) => (
            <li key={a.kind} className={a.kind === "results_hidden" ? "notice" : "notice notice--warning"}>
              {say(a)}
            </li>
          ))}
        </ul>
      )}
      <TallyChart tally={tally} hideResults={ballot.hideResults} />
    </li>
  );
}
