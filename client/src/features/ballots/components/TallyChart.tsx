import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { BallotTallyFieldsFragment } from "../../../gql/graphql";
import { currentLanguage } from "../../../i18n";
import { formatNumber } from "../../../lib/format";
import { Badge } from "../../../ui/Badge";

/** Below this many votes the breakdown stays hidden until the close (the server's rule; it sends no counts then). */
export const BREAKDOWN_FROM = 20;
/** While open the breakdown moves by this many new votes at least… (the server's rule, ballots/tally.ts) */
export const BREAKDOWN_MIN_NEW = 10;
/** …at most every this many minutes. */
export const BREAKDOWN_EVERY_MINUTES = 10;

const CHOICES = ["yes", "no", "abstain"] as const;
const OUTCOME_TONE = { ACCEPTED: "green", REJECTED: "red", TIE: "orange", QUORUM_MISSED: "orange" } as const;

/**
 * A ballot's count as anyone may see it: turnout against the roll and the quorum always; the
 * yes/no/abstain bars only when the server sent them (from 20 votes, unless the results or the
 * rootspace's rule hold them until the close), else the reason they are held (the server's
 * `breakdownHeld`). While open the breakdown moves in batches behind the live turnout: the bars
 * are shares of the votes it counts, and a note says how many and why. Each bar is also written
 * out, for screen readers.
 */
export function TallyChart({ tally, hideResults }: { tally: BallotTallyFieldsFragment; hideResults: boolean }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const id = useId();
  const n = (v: number) => formatNumber(v, lang);
  const pct = (v: number, of: number) => formatNumber(of ? v / of : 0, lang, { style: "percent", maximumFractionDigits: 0 });
  const eligible = tally.eligible ?? 0;
  const held = tally.breakdownHeld ?? (tally.status === "COOLING_OFF" ? "NOT_OPEN" : hideResults ? "HIDDEN_RESULTS" : "BELOW_MINIMUM");
  const reason =
    held === "NOT_OPEN"
      ? t("ballots.tally.not_open")
      : held === "HIDDEN_RESULTS"
        ? t("ballots.tally.hidden_until_close")
        : held === "UNTIL_CLOSE"
          ? t("ballots.tally.hidden_until_close_rootspace")
          : t("ballots.tally.hidden_below", { min: BREAKDOWN_FROM });
  const shown = !tally.breakdownHidden && tally.yes !== null && tally.no !== null && tally.abstain !== null;
  /** The votes the bars are shares of: the breakdown's batch, which may lag the live turnout while open. */
  const counted = tally.breakdownTurnout ?? tally.turnout;
  return (
    <figure className="ballot-tally" aria-labelledby={`${id}-cap`} data-testid="ballot-tally">
      <figcaption id={`${id}-cap`} className="ballot-tally__caption">
        {t("ballots.tally.title")}
      </figcaption>
      {tally.outcome && (
        <p className="ballot-tally__outcome" data-testid="ballot-outcome">
          <Badge tone={OUTCOME_TONE[tally.outcome]}>{t(`ballots.outcome.${tally.outcome.toLowerCase() as "accepted"}`)}</Badge>{" "}
          {t(`ballots.outcome_why.${tally.outcome.toLowerCase() as "accepted"}`)}
        </p>
      )}
      <p className="ballot-tally__turnout" data-testid="ballot-turnout" data-turnout={tally.turnout}>
        {tally.eligible === null
          ? t("ballots.tally.turnout_only", { count: tally.turnout })
          : t("ballots.tally.turnout", { votes: n(tally.turnout), count: eligible, percent: pct(tally.turnout, eligible) })}
        {tally.quorum !== null && (
          <>
            {" "}
            <span className="muted">
              {t(tally.turnout >= tally.quorum ? "ballots.tally.quorum_reached" : "ballots.tally.quorum_needed", { count: tally.quorum })}
            </span>
          </>
        )}
      </p>
      {eligible > 0 && (
        <div className="ballot-bar ballot-bar--turnout" aria-hidden="true">
          <span style={{ inlineSize: `${Math.min(100, (tally.turnout / eligible) * 100)}%` }} />
          {tally.quorum !== null && (
            <i className="ballot-bar__quorum" style={{ insetInlineStart: `${Math.min(100, (tally.quorum / eligible) * 100)}%` }} />
          )}
        </div>
      )}
      {shown ? (
        <ul className="ballot-bars" data-testid="ballot-breakdown">
          {CHOICES.map((c) => {
            const v = tally[c] ?? 0;
            return (
              <li key={c} className={`ballot-bars__row ballot-bars__row--${c}`}>
                <span className="ballot-bars__label">{t(`ballots.choice.${c}`)}</span>
                <span className="ballot-bar" aria-hidden="true">
                  <span style={{ inlineSize: `${counted ? (v / counted) * 100 : 0}%` }} />
                </span>
                <span className="ballot-bars__value">
                  {n(v)} ({pct(v, counted)})
                </span>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="notice" data-testid="ballot-breakdown-hidden">
          {reason}
        </p>
      )}
      {shown && tally.status === "OPEN" && counted < tally.turnout && (
        <p className="muted" data-testid="ballot-breakdown-behind">
          {t("ballots.tally.breakdown_behind", { shown: counted, min: BREAKDOWN_MIN_NEW, minutes: BREAKDOWN_EVERY_MINUTES })}
        </p>
      )}
    </figure>
  );
}
