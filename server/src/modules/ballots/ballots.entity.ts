import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from "typeorm";

/** The values stored in the text columns below (the GraphQL enums of ballots.types.ts are made from these). */
export const PROPOSAL_STATUSES = ["draft", "in_ballot", "applying", "applied", "rejected", "conflict"] as const;
export const BALLOT_STATUSES = ["cooling_off", "open", "closed"] as const;
export const BALLOT_OUTCOMES = ["accepted", "rejected", "quorum_missed", "tie"] as const;
export const VOTE_CHOICES = ["yes", "no", "abstain"] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];
export type BallotStatus = (typeof BALLOT_STATUSES)[number];
export type BallotOutcome = (typeof BALLOT_OUTCOMES)[number];
export type VoteChoice = (typeof VOTE_CHOICES)[number];

type SnakeCase<S extends string> = S extends `${infer H}${infer T}`
  ? `${H extends Lowercase<H> ? H : `_${Lowercase<H>}`}${SnakeCase<T>}`
  : S;

/**
 * An entity's row as `SELECT *` returns it: its columns under their snake_case names, without the
 * relations (the optional properties). The services read rows with SQL; this keeps their row
 * types from repeating the entities.
 */
export type RowOf<E> = { [K in keyof E as undefined extends E[K] ? never : K extends string ? SnakeCase<K> : never]: E[K] };

/**
 * A member's proposed change to a village's Rootpedia: an edit of an article, tied to the revision
 * it changes (`baseRevisionId`), or a new article (`articleId` null). Its text freezes once a
 * ballot starts; a curator accepts a minor edit directly or puts it to a ballot.
 */
@Entity("ballot_proposals")
@Index("IDX_ballot_proposals_village", ["villageId", "status"])
export class Proposal {
  @PrimaryColumn("uuid")
  id: string;

  @Column("uuid", { name: "village_id" })
  villageId: string;

  @ManyToOne("Village", { onDelete: "CASCADE" })
  @JoinColumn({ name: "village_id" })
  village?: unknown;

  @Column("uuid", { name: "article_id", nullable: true })
  articleId: string | null;

  @ManyToOne("Article", { onDelete: "CASCADE" })
  @JoinColumn({ name: "article_id" })
  article?: unknown;

  @Column("uuid", { name: "base_revision_id", nullable: true })
  baseRevisionId: string | null;

  @Column("text")
  language: string;

  @Column("text")
  title: string;

  @Column("text")
  content: string;

  @Column("text", { default: "" })
  summary: string;

  @Column("uuid", { name: "author_id", nullable: true })
  authorId: string | null;

  @ManyToOne("User", { onDelete: "SET NULL" })
  @JoinColumn({ name: "author_id" })
  author?: unknown;

  @Column("text", { default: "draft" })
  status: ProposalStatus;

  /** The revision the proposal became once applied. */
  @Column("uuid", { name: "applied_revision_id", nullable: true })
  appliedRevisionId: string | null;

  @CreateDateColumn({ name: "created_at", type: "timestamptz" })
  createdAt: Date;

  @UpdateDateColumn({ name: "updated_at", type: "timestamptz" })
  updatedAt: Date;
}

/** A message in a proposal's discussion thread. */
@Entity("ballot_comments")
@Index("IDX_ballot_comments_proposal", ["proposalId", "createdAt"])
export class ProposalComment {
  @PrimaryColumn("uuid")
  id: string;

  @Column("uuid", { name: "proposal_id" })
  proposalId: string;

  @ManyToOne(() => Proposal, { onDelete: "CASCADE" })
  @JoinColumn({ name: "proposal_id" })
  proposal?: Proposal;

  @Column("uuid", { name: "author_id", nullable: true })
  authorId: string | null;

  @ManyToOne("User", { onDelete: "SET NULL" })
  @JoinColumn({ name: "author_id" })
  author?: unknown;

  @Column("text")
  body: string;

  @CreateDateColumn({ name: "created_at", type: "timestamptz" })
  createdAt: Date;

  /** The comment this one answers (one level: never a reply). */
  @Index("IDX_ballot_comments_parent")
  @Column("uuid", { name: "parent_id", nullable: true })
  parentId: string | null;

  @ManyToOne(() => ProposalComment, { onDelete: "CASCADE" })
  @JoinColumn({ name: "parent_id", foreignKeyConstraintName: "FK_ballot_comments_parent" })
  parent?: ProposalComment;

  /** Hidden by a curator of the village, with a reason: its text shows to reviewers only, and it takes no reply. */
  @Column("timestamptz", { name: "hidden_at", nullable: true })
  hiddenAt: Date | null;

  @Column("uuid", { name: "hidden_by", nullable: true })
  hiddenBy: string | null;

  @ManyToOne("User", { onDelete: "SET NULL" })
  @JoinColumn({ name: "hidden_by", foreignKeyConstraintName: "FK_ballot_comments_hidden_by" })
  hider?: unknown;

  @Column("text", { name: "hidden_reason", nullable: true })
  hiddenReason: string | null;
}

/** A member agrees or disagrees with a comment (Loomio's temperature check): one reaction per member per comment. */
@Entity("ballot_comment_reactions")
@Check("CHK_ballot_comment_reaction", `"reaction" IN ('agree', 'disagree')`)
export class CommentReaction {
  @PrimaryColumn("uuid", { name: "comment_id", primaryKeyConstraintName: "PK_ballot_comment_reactions" })
  commentId: string;

  @ManyToOne(() => ProposalComment, { onDelete: "CASCADE" })
  @JoinColumn({ name: "comment_id", foreignKeyConstraintName: "FK_ballot_comment_reactions_comment" })
  comment?: ProposalComment;

  @Index("IDX_ballot_comment_reactions_user")
  @PrimaryColumn("uuid", { name: "user_id", primaryKeyConstraintName: "PK_ballot_comment_reactions" })
  userId: string;

  @ManyToOne("User", { onDelete: "CASCADE" })
  @JoinColumn({ name: "user_id", foreignKeyConstraintName: "FK_ballot_comment_reactions_user" })
  user?: unknown;

  @Column("text")
  reaction: "agree" | "disagree";

  @Column("timestamptz", { name: "created_at" })
  createdAt: Date;
}

/** A Roots Passport: a curator's word that a member belongs to a village, for its ballots. Live while not revoked. */
@Entity("roots_passports")
@Index("UQ_roots_passport_live", ["villageId", "userId"], { unique: true, where: `revoked_at IS NULL` })
export class Passport {
  @PrimaryColumn("uuid")
  id: string;

  @Column("uuid", { name: "village_id" })
  villageId: string;

  @ManyToOne("Village", { onDelete: "CASCADE" })
  @JoinColumn({ name: "village_id" })
  village?: unknown;

  @Column("uuid", { name: "user_id" })
  userId: string;

  @ManyToOne("User", { onDelete: "CASCADE" })
  @JoinColumn({ name: "user_id" })
  user?: unknown;

  @Column("uuid", { name: "issued_by", nullable: true })
  issuedBy: string | null;

  @Column("text")
  reason: string;

  @Column("timestamptz", { name: "issued_at" })
  issuedAt: Date;

  @Column("timestamptz", { name: "revoked_at", nullable: true })
  revokedAt: Date | null;

  @Column("uuid", { name: "revoked_by", nullable: true })
  revokedBy: string | null;

  @Column("text", { name: "revoke_reason", nullable: true })
  revokeReason: string | null;
}

/**
 * A ballot on a proposal. Times are on the server's clock; `published` is how many votes the last
 * live tally showed (updates are batched). The counts are written at close, from the votes.
 */
@Entity("ballots")
@Index("IDX_ballots_status", ["status"])
export class Ballot {
  @PrimaryColumn("uuid")
  id: string;

  @Column("uuid", { name: "proposal_id" })
  proposalId: string;

  @ManyToOne(() => Proposal, { onDelete: "CASCADE" })
  @JoinColumn({ name: "proposal_id" })
  proposal?: Proposal;

  @Column("uuid", { name: "village_id" })
  villageId: string;

  @Column("text", { default: "cooling_off" })
  status: BallotStatus;

  @Column("boolean", { name: "hide_results", default: false })
  hideResults: boolean;

  @Column("timestamptz", { name: "opens_at" })
  opensAt: Date;

  @Column("timestamptz", { name: "closes_at" })
  closesAt: Date;

  /**
   * The rootspace's rules as they were when the ballot started (settings.service.ts): the roll's
   * account age and the quorum are worked out from these, never from today's settings. The
   * defaults only fill ballots made before the rules could change.
   */
  @Column("int", { name: "cooling_hours", default: 48 })
  coolingHours: number;

  @Column("int", { name: "quorum_percent", default: 10 })
  quorumPercent: number;

  @Column("int", { name: "quorum_min", default: 5 })
  quorumMin: number;

  @Column("int", { name: "eligible_count", nullable: true })
  eligibleCount: number | null;

  @Column("int", { nullable: true })
  quorum: number | null;

  @Column("text", { nullable: true })
  outcome: BallotOutcome | null;

  @Column("int", { name: "yes_count", nullable: true })
  yesCount: number | null;

  @Column("int", { name: "no_count", nullable: true })
  noCount: number | null;

  @Column("int", { name: "abstain_count", nullable: true })
  abstainCount: number | null;

  @Column("int", { default: 0 })
  published: number;

  @Column("timestamptz", { name: "published_at", nullable: true })
  publishedAt: Date | null;

  /**
   * The breakdown shown while open (ballots/tally.ts): the published counts as they were at its
   * last batch (at least BREAKDOWN_MIN_NEW new votes, at most every BREAKDOWN_EVERY_MS), of
   * `breakdownCount` votes, taken at `breakdownAt` (null: none shown yet).
   */
  @Column("int", { name: "breakdown_yes", nullable: true })
  breakdownYes: number | null;

  @Column("int", { name: "breakdown_no", nullable: true })
  breakdownNo: number | null;

  @Column("int", { name: "breakdown_abstain", nullable: true })
  breakdownAbstain: number | null;

  @Column("int", { name: "breakdown_count", default: 0 })
  breakdownCount: number;

  @Column("timestamptz", { name: "breakdown_at", nullable: true })
  breakdownAt: Date | null;

  /** The rootspace's rule when the ballot started: no breakdown before the close (turnout only). */
  @Column("boolean", { name: "hide_breakdown", default: false })
  hideBreakdown: boolean;

  @Column("uuid", { name: "created_by", nullable: true })
  createdBy: string | null;

  @CreateDateColumn({ name: "created_at", type: "timestamptz" })
  createdAt: Date;
}

/**
 * The voter roll, frozen when the ballot opens: who may vote and, once they have, the day
 * (not the time) they did. The primary key makes one entry per member; voting sets `votedOn`
 * only where it is still empty, so a second vote finds nothing to set.
 */
@Entity("ballot_roll")
export class RollEntry {
  @PrimaryColumn("uuid", { name: "ballot_id" })
  ballotId: string;

  @ManyToOne(() => Ballot, { onDelete: "CASCADE" })
  @JoinColumn({ name: "ballot_id" })
  ballot?: Ballot;

  @PrimaryColumn("uuid", { name: "user_id" })
  userId: string;

  @ManyToOne("User", { onDelete: "CASCADE" })
  @JoinColumn({ name: "user_id" })
  user?: unknown;

  @Column("date", { name: "voted_on", nullable: true })
  votedOn: string | null;
}

/**
 * A secret vote: a random id (UUIDv4), the choice and its receipt; no voter, no time. Its place on
 * the public board (`position`, the chain's hashes) is given at close, in the order of the receipts.
 * `mixed`: rewritten by a tally update, among the others it counted first (see tally.ts).
 */
@Entity("ballot_votes")
@Index("UQ_ballot_votes_receipt", ["ballotId", "receipt"], { unique: true })
@Index("IDX_ballot_votes_unmixed", ["ballotId"], { where: "NOT mixed" })
export class Vote {
  @PrimaryColumn("uuid")
  id: string;

  @Column("uuid", { name: "ballot_id" })
  ballotId: string;

  @ManyToOne(() => Ballot, { onDelete: "CASCADE" })
  @JoinColumn({ name: "ballot_id" })
  ballot?: Ballot;

  @Column("text")
  choice: VoteChoice;

  @Column("text")
  receipt: string;

  @Column("int", { nullable: true })
  position: number | null;

  @Column("text", { name: "prev_hash", nullable: true })
  prevHash: string | null;

  @Column("text", { name: "entry_hash", nullable: true })
  entryHash: string | null;

  @Column("boolean", { default: false })
  mixed: boolean;
}
