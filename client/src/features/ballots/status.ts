import type { ProposalStatus } from "../../gql/graphql";

/** A proposal's status as a badge: its tone and its translation. */
export const PROPOSAL_TONE = {
  DRAFT: "primary",
  IN_BALLOT: "gold",
  APPLYING: "green",
  APPLIED: "green",
  REJECTED: "red",
  CONFLICT: "orange",
} as const;
export const proposalStatusKey = (s: ProposalStatus) => `ballots.proposal_status.${s.toLowerCase() as "draft"}` as const;
