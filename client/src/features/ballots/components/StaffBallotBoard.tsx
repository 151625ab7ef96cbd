import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { currentLanguage } from "../../../i18n";
import { formatDateTime } from "../../../lib/format";
import { Badge } from "../../../ui/Badge";
import { EmptyState } from "../../../ui/EmptyState";
import { LoadFailed } from "../../../ui/LoadFailed";
import { Spinner } from "../../../ui/Spinner";
import { useStaffBallotsQuery } from "../generated";
import { PROPOSAL_TONE, proposalStatusKey } from "../status";
import { ConflictResolver } from "./ConflictResolver";
import { LiveBallotCard } from "./LiveBallotCard";
import { PassportsPanel } from "./PassportsPanel";
import "../ballots.css";

/**
 * The staff board's ballots (in /management/linpedia): every ballot cooling off or open in the
 * villages the member reviews, live over the subscription with its alerts; the queue of pending
 * proposals, a conflict resolved in place; and the village's Roots Passports.
 */
export function StaffBallotBoard() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  // Tallies come over the subscription; a minute's poll brings new ballots, openings, and the turnout of those hiding their results.
  const { data, loading, error, refetch } = useStaffBallotsQuery({ fetchPolicy: "cache-and-network", pollInterval: 60_000 });
  if (loading && !data) return <Spinner label={t("common.loading")} />;
  if (error && !data) return <LoadFailed error={error} onRetry={refetch} />;
  const { liveBallots, pendingBallotProposals } = data!;
  return (
    <div className="ballots staff-ballots">
      <section aria-labelledby="live-ballots-h">
        <h2 id="live-ballots-h">{t("ballots.staff.live_title")}</h2>
        {liveBallots.length === 0 ? (
          <EmptyState title={t("ballots.staff.no_live")} />
        ) : (
          <ul className="live-ballots" data-testid="live-ballots">
            {liveBallots.map((b) => (
              <LiveBallotCard key={b.id} ballot={b} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="proposal-queue-h">
        <h2 id="proposal-queue-h">{t("ballots.staff.queue_title")}</h2>
        {pendingBallotProposals.length === 0 ? (
          <EmptyState title={t("ballots.staff.queue_empty")} />
        ) : (
          <ul className="rootpedia-list" data-testid="proposal-queue">
            {pendingBallotProposals.map((p) => (
              <li key={p.id} className="card">
                <Badge tone={PROPOSAL_TONE[p.status]}>{t(proposalStatusKey(p.status))}</Badge>{" "}
                <Link to={`/root/${p.villageSlug}/rootpedia/proposal/${p.id}`}>
                  <bdi lang={p.language}>{p.title}</bdi>
                </Link>{" "}
                <span className="muted">
                  · <bdi>{p.villageName}</bdi> · <bdi>{p.authorName ?? ""}</bdi> · {formatDateTime(p.createdAt, lang)}
                </span>
                {p.status === "CONFLICT" && p.viewerCan.review && <ConflictResolver proposalId={p.id} onResolved={() => void refetch()} />}
              </li>
            ))}
          </ul>
        )}
      </section>
      <PassportsPanel />
    </div>
  );
}
