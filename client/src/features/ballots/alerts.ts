import type { BallotTallyFieldsFragment } from "../../gql/graphql";

/** How long before the close the staff board warns of a quorum not reached. */
export const QUORUM_WARNING_SECONDS = 24 * 3600;

export type BallotAlert =
  { kind: "quorum_at_risk"; turnout: number; quorum: number; missing: number } | { kind: "empty_roll" } | { kind: "results_hidden" };

/**
 * What the staff board warns of on a live ballot, from the server's numbers only (the counts it
 * published, the quorum it froze with the roll, the seconds left by its clock): a quorum not
 * reached with less than a day left, an empty roll, results hidden until the close.
 */
export function alertsOf(tally: BallotTallyFieldsFragment, secondsLeft: number, hideResults: boolean): BallotAlert[] {
  const out: BallotAlert[] = [];
  if (tally.status === "OPEN" && tally.eligible === 0) out.push({ kind: "empty_roll" });
  else if (tally.status === "OPEN" && tally.quorum !== null && tally.turnout < tally.quorum && secondsLeft <= QUORUM_WARNING_SECONDS)
    out.push({ kind: "quorum_at_risk", turnout: tally.turnout, quorum: tally.quorum, missing: tally.quorum - tally.turnout });
  if (hideResults && tally.status !== "CLOSED") out.push({ kind: "results_hidden" });
  return out;
}
