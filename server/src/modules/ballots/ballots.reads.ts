import { all, type ReadTags } from "../../common/auth/reads.js";

/**
 * Who reads what of proposals and ballots. Proposals, tallies and the closed board are public
 * (which proposals a reader reaches is the ballots policy's); a conflict's texts are the
 * reviewers'; a reader's roll entry, eligibility and vote are their own; passports are the
 * village's reviewers'.
 */
export const ballotsReads: ReadTags = {
  Ballot: {
    ...all(
      "anyone",
      "boardHead boardPath closesAt hideResults id opensAt proposal proposalId status tally timeline villageName villageSlug",
    ),
    viewerRoll: "self",
  },
  BallotViewerRoll: all("self", "onRoll voted"),
  // About the reader, a visitor included (who is told to sign in).
  BallotEligibility: all("anyone", "eligible eligibleFrom messages reasons through"),
  CastVoteResult: all("self", "countedBy nonce receipt"),
  BallotReceipt: all("anyone", "counted entry"),
  BallotBoardEntry: all("anyone", "choice entryHash position prevHash receipt"),
  // A hidden comment's body is empty for all but the reviewers (row rule); its reason is theirs alone.
  BallotComment: { ...all("anyone", "authorName body createdAt hidden id reactions replyTo"), hiddenReason: "reviewers" },
  BallotCommentReactions: { ...all("anyone", "agree disagree"), mine: "self" },
  BallotTimeline: all(
    "anyone",
    "appliedAt closed closesAt coolingHours coolingOffFrom maxOpenDays minOpenDays openDays opensAt proposalStatus proposedAt",
  ),
  BallotProposal: {
    ...all(
      "anyone",
      "appliedRevisionId articleId authorName ballot baseRevisionId comments comparison content contents createdAt diff frozen html id language minorEdit status summary title viewerCan villageName villageSlug",
    ),
    conflict: "reviewers",
  },
  BallotProposalConflict: all("reviewers", "baseContent changesMeanwhile currentContent currentRevisionId proposedChanges proposedContent"),
  BallotProposalViewerCan: all("anyone", "edit passports review"),
  BallotSettings: all("anyone", "changed coolingHours editable hideBreakdown minOpenDays quorumMin quorumPercent"),
  BallotTally: all(
    "anyone",
    "abstain ballotId breakdownAt breakdownHeld breakdownHidden breakdownTurnout closesAt eligible no outcome publishedAt quorum secondsLeft status turnout yes",
  ),
  RootsPassport: all("reviewers", "holderName id issuedAt reason revokeReason revokedAt userId"),
};
