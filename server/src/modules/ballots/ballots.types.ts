import { Field, ID, InputType, Int, ObjectType } from "type-graphql";
import { storedValuesEnum } from "../../common/graphql-enum.js";
import { toGlobalId } from "../../common/global-id.js";
import { DiffPartView } from "../rootpedia/index.js";
import { BALLOT_OUTCOMES, BALLOT_STATUSES, PROPOSAL_STATUSES, VOTE_CHOICES } from "./ballots.entity.js";
import type { BallotRow } from "./ballot.service.js";
import type { BoardEntry } from "./board.js";
import type { PassportRow } from "./passport.service.js";
import type { ProposalRow } from "./proposal.service.js";
import { BREAKDOWN_HELD, type TallyView } from "./tally.js";

export const VoteChoiceEnum = storedValuesEnum(
  VOTE_CHOICES,
  "VoteChoice",
  "A vote: yes, no or abstain (abstaining counts toward the quorum).",
);
export const ProposalStatusEnum = storedValuesEnum(
  PROPOSAL_STATUSES,
  "ProposalStatus",
  "Draft (its text may change), in a ballot (frozen), accepted and being written into the article (applying), applied, rejected, or waiting for a curator to resolve a conflict.",
);
export const BallotStatusEnum = storedValuesEnum(BALLOT_STATUSES, "BallotStatus", "Where a ballot is in its life.");
export const BallotOutcomeEnum = storedValuesEnum(BALLOT_OUTCOMES, "BallotOutcome", "What the rule decided at close.");
export const BreakdownHeldEnum = storedValuesEnum(
  BREAKDOWN_HELD,
  "BallotBreakdownHeld",
  "Why a ballot's yes/no/abstain breakdown is not shown: not open yet, the ballot hides its results, the rootspace holds the breakdown until the close, or fewer than 20 votes so far.",
);

@ObjectType("BallotProposalViewerCan", {
  simpleResolvers: true,
  description: "What the viewer may do with this proposal (ballots.policy.ts).",
})
export class ProposalViewerCan {
  @Field(() => Boolean, { description: "Accept a minor edit without a ballot, open a ballot, resolve a conflict." })
  review: boolean;

  @Field(() => Boolean, { description: "Change it while it is a draft (its author, or a reviewer)." })
  edit: boolean;

  @Field(() => Boolean, { description: "Issue and revoke the village's Roots Passports." })
  passports: boolean;
}

@ObjectType("BallotProposal", { description: "A proposed change to a village's Rootpedia, with its discussion." })
export class ProposalView {
  constructor(readonly row: ProposalRow) {}

  @Field(() => ID)
  get id(): string {
    return toGlobalId("BallotProposal", this.row.id);
  }

  @Field(() => ID, { nullable: true, description: "The article it edits; null for a new article." })
  get articleId(): string | null {
    return this.row.article_id ? toGlobalId("RootpediaArticle", this.row.article_id) : null;
  }

  @Field(() => ID, { nullable: true, description: "The revision the edit was made on." })
  get baseRevisionId(): string | null {
    return this.row.base_revision_id ? toGlobalId("RootpediaRevision", this.row.base_revision_id) : null;
  }

  @Field(() => ID, { nullable: true, description: "The revision it became once applied." })
  get appliedRevisionId(): string | null {
    return this.row.applied_revision_id ? toGlobalId("RootpediaRevision", this.row.applied_revision_id) : null;
  }

  @Field(() => String)
  get language(): string {
    return this.row.language;
  }

  @Field(() => String)
  get title(): string {
    return this.row.title;
  }

  @Field(() => String, { description: "Markdown." })
  get content(): string {
    return this.row.content;
  }

  @Field(() => String)
  get summary(): string {
    return this.row.summary;
  }

  @Field(() => ProposalStatusEnum)
  get status(): string {
    return this.row.status;
  }

  @Field(() => Boolean, { description: "Its text can no longer change (a ballot started, or it was decided)." })
  get frozen(): boolean {
    return this.row.status !== "draft";
  }

  @Field(() => Date)
  get createdAt(): Date {
    return this.row.created_at;
  }
}

@InputType("BallotProposalInput")
export class ProposalInputView {
  @Field(() => String, { description: "The village whose Rootpedia it changes." })
  villageSlug: string;

  @Field(() => ID, { nullable: true, description: "The article to edit; absent for a new article." })
  articleId?: string | null;

  @Field(() => ID, {
    nullable: true,
    description: "The revision the edit was made on (the article's baseRevisionId); its latest when absent.",
  })
  baseRevisionId?: string | null;

  @Field(() => String, { nullable: true, description: "A new article's language (ar, en or fr); an edit keeps its article's." })
  language?: string | null;

  @Field(() => String)
  title: string;

  @Field(() => String)
  content: string;

  @Field(() => String, { defaultValue: "" })
  summary: string;
}

@InputType("BallotProposalEditInput")
export class ProposalEditInputView {
  @Field(() => String)
  title: string;

  @Field(() => String)
  content: string;

  @Field(() => String, { defaultValue: "" })
  summary: string;
}

@ObjectType("BallotTally", {
  description:
    "A ballot's count as anyone may see it: the turnout batched while open; the breakdown in its own batches (at least 10 new votes, at most every 10 minutes), hidden below 20 votes or when results wait for the close.",
})
export class TallyGql {
  @Field(() => ID)
  ballotId: string;

  @Field(() => BallotStatusEnum)
  status: string;

  @Field(() => Int, { description: "Votes as last published (yes, no and abstain)." })
  turnout: number;

  @Field(() => Int, { nullable: true, description: "Members on the roll (once open)." })
  eligible: number | null;

  @Field(() => Int, { nullable: true })
  quorum: number | null;

  @Field(() => Int, { nullable: true })
  yes: number | null;

  @Field(() => Int, { nullable: true })
  no: number | null;

  @Field(() => Int, { nullable: true })
  abstain: number | null;

  @Field(() => Boolean)
  breakdownHidden: boolean;

  @Field(() => BreakdownHeldEnum, { nullable: true, description: "Why the breakdown is not shown; null when it is." })
  breakdownHeld: string | null;

  @Field(() => Int, {
    nullable: true,
    description: "The votes the breakdown counts: while open it moves in batches, behind the turnout (the final count once closed).",
  })
  breakdownTurnout: number | null;

  @Field(() => Date, { nullable: true, description: "When the breakdown shown was taken." })
  breakdownAt: Date | null;

  @Field(() => BallotOutcomeEnum, { nullable: true })
  outcome: string | null;

  @Field(() => Date, { nullable: true, description: "When these counts were taken (the last batched update, or the close)." })
  publishedAt: Date | null;

  @Field(() => Date)
  closesAt: Date;

  @Field(() => Int)
  secondsLeft: number;

  static of(ballotId: string, t: TallyView): TallyGql {
    return Object.assign(new TallyGql(), { ballotId: toGlobalId("Ballot", ballotId), ...t });
  }
}

@ObjectType("Ballot")
export class BallotView {
  constructor(readonly row: BallotRow) {}

  @Field(() => ID)
  get id(): string {
    return toGlobalId("Ballot", this.row.id);
  }

  @Field(() => ID)
  get proposalId(): string {
    return toGlobalId("BallotProposal", this.row.proposal_id);
  }

  @Field(() => BallotStatusEnum)
  get status(): string {
    return this.row.status;
  }

  @Field(() => Boolean, { description: "The breakdown stays hidden until the ballot closes." })
  get hideResults(): boolean {
    return this.row.hide_results;
  }

  @Field(() => Date, { description: "When the cooling-off ends and voting starts." })
  get opensAt(): Date {
    return this.row.opens_at;
  }

  @Field(() => Date)
  get closesAt(): Date {
    return this.row.closes_at;
  }
}

@ObjectType("BallotBoardEntry", { description: "One vote on the public board: its receipt and choice, chained by hashes." })
export class BoardEntryView {
  @Field(() => Int)
  position: number;

  @Field(() => String)
  receipt: string;

  @Field(() => VoteChoiceEnum)
  choice: string;

  @Field(() => String)
  prevHash: string;

  @Field(() => String)
  entryHash: string;

  static of(e: BoardEntry): BoardEntryView {
    return Object.assign(new BoardEntryView(), e);
  }
}

@ObjectType("BallotReceipt")
export class ReceiptView {
  @Field(() => Boolean, { description: "The vote is counted." })
  counted: boolean;

  @Field(() => BoardEntryView, { nullable: true, description: "Its entry on the board, once the ballot has closed." })
  entry: BoardEntryView | null;
}

@ObjectType("CastVoteResult")
export class CastVoteView {
  @Field(() => String, { description: "The receipt: sha256(ballot id : choice : nonce), to find on the board." })
  receipt: string;

  @Field(() => String, { description: "The nonce that opens the receipt; shown once, kept nowhere." })
  nonce: string;

  @Field(() => Date, {
    description: "The live count includes this vote by then at the latest (counts go out in batches: the end of the current window).",
  })
  countedBy: Date;
}

@ObjectType("BallotEligibility", {
  description: "Whether the viewer may vote in the village's ballots, and if not why and how to become eligible.",
})
export class EligibilityView {
  @Field(() => Boolean)
  eligible: boolean;

  @Field(() => [String], { description: "Codes: signed_out, no_verified_root, account_too_new." })
  reasons: string[];

  @Field(() => [String], { description: "Each reason and its way out, in the reader's language." })
  messages: string[];

  @Field(() => [String], { description: "verified_root, passport." })
  through: string[];

  @Field(() => Date, { nullable: true })
  eligibleFrom: Date | null;
}

@ObjectType("RootsPassport")
export class PassportView {
  constructor(readonly row: PassportRow & { holder_name?: string | null }) {}

  @Field(() => ID)
  get id(): string {
    return toGlobalId("RootsPassport", this.row.id);
  }

  @Field(() => ID)
  get userId(): string {
    return toGlobalId("User", this.row.user_id);
  }

  @Field(() => String)
  get reason(): string {
    return this.row.reason;
  }

  @Field(() => Date)
  get issuedAt(): Date {
    return this.row.issued_at;
  }

  @Field(() => String, { nullable: true, description: "The holder's display name (in the village's passport list)." })
  get holderName(): string | null {
    return this.row.holder_name ?? null;
  }

  @Field(() => Date, { nullable: true })
  get revokedAt(): Date | null {
    return this.row.revoked_at;
  }

  @Field(() => String, { nullable: true })
  get revokeReason(): string | null {
    return this.row.revoke_reason;
  }
}

@ObjectType("BallotProposalConflict", {
  description:
    "An accepted edit that meets a newer change of the article: its base, the article's current text and the proposal's, and the two changes. For the village's curators.",
})
export class ProposalConflictView {
  @Field(() => ID, { description: "The article's current revision, which the resolution is made on." })
  currentRevisionId: string;

  @Field(() => String)
  baseContent: string;

  @Field(() => String)
  currentContent: string;

  @Field(() => String)
  proposedContent: string;

  @Field(() => [DiffPartView], { description: "What changed in the article since the proposal's base revision." })
  changesMeanwhile: DiffPartView[];

  @Field(() => [DiffPartView], { description: "What the proposal changes on its base revision." })
  proposedChanges: DiffPartView[];
}

@ObjectType("BallotViewerRoll", { description: "The viewer on a ballot's roll (frozen when it opened): on it, and whether they voted." })
export class ViewerRollView {
  @Field(() => Boolean)
  onRoll: boolean;

  @Field(() => Boolean)
  voted: boolean;
}
