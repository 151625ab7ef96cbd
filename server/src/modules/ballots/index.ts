/**
 * Public surface of proposals and ballots: members propose changes to a village's Rootpedia and
 * discuss them; curators accept a minor edit or put it to a ballot of the village's eligible
 * members (Roots Passport), with a cooling-off, secret votes with receipts on a public hash-chained
 * board, live batched tallies, and the accepted edit rebased onto the article. See
 * docs/ballots-threat-model.md for what is kept secret from whom.
 */
import { defineArea } from "../../common/area.js";
import { ballotsHooks } from "./merge-hooks.js";
import { ballotApply, ballotTransition } from "./ballot.service.js";
import { Ballot, CommentReaction, Passport, Proposal, ProposalComment, RollEntry, Vote } from "./ballots.entity.js";
import { BallotResolver, ProposalResolver } from "./ballots.resolver.js";
import { DiscussionResolver, ProposalDiscussionResolver } from "./discussion.resolver.js";
import { BallotTimelineResolver } from "./timeline.js";
import { ballotBoardRouter } from "./board.route.js";
import { BallotSettings } from "./settings.entity.js";
import { BallotSettingsResolver } from "./settings.resolver.js";
import { announceBatch, ballotsNotifications } from "./notifications.js";
import { tallyFlush, type TallyEvent } from "./tally.js";
import { proposalPolicy } from "./ballots.policy.js";
import { ballotsReads } from "./ballots.reads.js";

declare module "../../common/event-bus.js" {
  interface Topics {
    /** A ballot's published tally changed (batched) or it closed, with what anyone may read of it (tally.ts). */
    BALLOT_TALLY_UPDATED: [TallyEvent];
  }
}

export const ballotsArea = defineArea({
  name: "ballots",
  reads: ballotsReads,
  tables: [
    "ballot_proposals",
    "ballot_comments",
    "ballot_comment_reactions",
    "roots_passports",
    "ballots",
    "ballot_roll",
    "ballot_votes",
    "ballot_settings",
  ],
  hooks: ballotsHooks,
  policies: { BallotProposalViewerCan: proposalPolicy },
  resolvers: [
    ProposalResolver,
    BallotResolver,
    BallotSettingsResolver,
    DiscussionResolver,
    ProposalDiscussionResolver,
    BallotTimelineResolver,
  ],
  entities: [Proposal, ProposalComment, CommentReaction, Passport, Ballot, RollEntry, Vote, BallotSettings],
  topics: ["BALLOT_TALLY_UPDATED"],
  http: (services) => [ballotBoardRouter(services)],
  jobs: [ballotTransition, ballotApply, tallyFlush, announceBatch],
  notifications: ballotsNotifications,
});
