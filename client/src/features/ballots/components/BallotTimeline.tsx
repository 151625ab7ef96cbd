import { useTranslation } from "react-i18next";
import type { BallotStatus, BallotTimelineFieldsFragment } from "../../../gql/graphql";
import { currentLanguage } from "../../../i18n";
import { formatDateTime } from "../../../lib/format";

type Stage = "proposed" | "cooling_off" | "open" | "closed" | "applied";
const STAGES: Stage[] = ["proposed", "cooling_off", "open", "closed", "applied"];

/**
 * Where the ballot is now, as the server says (its status follows the server's clock and
 * scheduler, not this browser's): its stages before it are done, those after are to come.
 */
export function currentStage(t: BallotTimelineFieldsFragment, status: BallotStatus): Stage {
  if (t.appliedAt) return "applied";
  if (status === "CLOSED" || t.closed) return "closed";
  if (status === "OPEN") return "open";
  return "cooling_off";
}

/**
 * A ballot's stages as a timeline, as Decidim shows a process's phases: proposed, cooling-off,
 * open, closed, applied, each with its date; the cooling-off this ballot runs under and the days
 * it stays open, beside the bounds this rootspace allows.
 */
export function BallotTimeline({ timeline, status }: { timeline: BallotTimelineFieldsFragment; status: BallotStatus }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const current = currentStage(timeline, status);
  const at = STAGES.indexOf(current);
  const detail: Record<Stage, { date: string | null; note: string | null }> = {
    proposed: { date: timeline.proposedAt, note: null },
    cooling_off: {
      date: timeline.coolingOffFrom,
      note: t("ballots.timeline.cooling_note", { count: timeline.coolingHours }),
    },
    open: {
      date: timeline.opensAt,
      note: t("ballots.timeline.open_note", { count: timeline.openDays, min: timeline.minOpenDays, max: timeline.maxOpenDays }),
    },
    closed: { date: timeline.closesAt, note: null },
    applied: {
      date: timeline.appliedAt ?? null,
      note:
        timeline.appliedAt || !timeline.closed
          ? null
          : t(timeline.proposalStatus === "conflict" ? "ballots.timeline.not_applied_conflict" : "ballots.timeline.not_applied"),
    },
  };
  return (
    <ol className="ballot-timeline" data-testid="ballot-timeline" aria-label={t("ballots.timeline.label")}>
      {STAGES.map((stage, i) => {
        const state = i < at ? "done" : i === at ? "current" : "next";
        const d = detail[stage];
        return (
          <li
            key={stage}
            className={`ballot-timeline__stage is-${state}`}
            aria-current={state === "current" ? "step" : undefined}
            data-stage={stage}
          >
            <span className="ballot-timeline__dot" aria-hidden="true" />
            <span className="ballot-timeline__name">{t(`ballots.timeline.${stage}`)}</span>
            {state === "current" && <span className="visually-hidden"> ({t("ballots.timeline.now")})</span>}
            <span className="ballot-timeline__date">
              {d.date
                ? t(state === "next" ? "ballots.timeline.planned" : "ballots.timeline.on", { date: formatDateTime(d.date, lang) })
                : stage === "applied" && !d.note
                  ? t("ballots.timeline.if_accepted")
                  : null}
            </span>
            {d.note && <span className="ballot-timeline__note muted">{d.note}</span>}
          </li>
        );
      })}
    </ol>
  );
}
