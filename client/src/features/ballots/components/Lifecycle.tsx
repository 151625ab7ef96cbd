import { useTranslation } from "react-i18next";
import type { BallotStatus, BallotTimelineFieldsFragment } from "../../../gql/graphql";
import { currentLanguage } from "../../../i18n";
import { formatDateTime } from "../../../lib/format";
import { Badge } from "../../../ui/Badge";
import { formatDuration, useSecondsLeft } from "../time";
import { BallotTimeline } from "./BallotTimeline";

const TONE = { COOLING_OFF: "gold", OPEN: "green", CLOSED: "neutral" } as const;

/**
 * Where a ballot is in its life, with its times: the cooling-off's end (voting opens), the close,
 * and the time left; with its `timeline`, every stage from the proposal to its application.
 */
export function Lifecycle({
  status,
  opensAt,
  closesAt,
  secondsLeft,
  timeline,
}: {
  status: BallotStatus;
  opensAt: string;
  closesAt: string;
  secondsLeft: number;
  timeline?: BallotTimelineFieldsFragment | null;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const left = useSecondsLeft(secondsLeft);
  // The seconds left count to the close; in the cooling-off the reader waits for the opening,
  // which comes the voting period earlier.
  const votingSeconds = Math.round((Date.parse(closesAt) - Date.parse(opensAt)) / 1000);
  const key = status.toLowerCase() as "open";
  return (
    <div className="ballot-life" data-testid="ballot-lifecycle">
      <p>
        <Badge tone={TONE[status]}>{t(`ballots.status.${key}`)}</Badge>
        {status !== "CLOSED" && (
          <span className="ballot-life__left" data-testid="ballot-time-left">
            {" "}
            {status === "COOLING_OFF"
              ? t("ballots.opens_in", { time: formatDuration(left - votingSeconds, lang) })
              : t("ballots.time_left", { time: formatDuration(left, lang) })}
          </span>
        )}
      </p>
      {timeline ? (
        <BallotTimeline timeline={timeline} status={status} />
      ) : (
        <ol className="ballot-life__steps">
          <li className={status === "COOLING_OFF" ? "is-current" : undefined}>
            {t("ballots.life.cooling_off_ends", { date: formatDateTime(opensAt, lang) })}
          </li>
          <li className={status === "CLOSED" ? "is-current" : undefined}>
            {t(status === "CLOSED" ? "ballots.life.closed" : "ballots.life.closes", { date: formatDateTime(closesAt, lang) })}
          </li>
        </ol>
      )}
    </div>
  );
}
