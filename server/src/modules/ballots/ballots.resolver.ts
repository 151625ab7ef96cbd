import { viewerCan } from "../../common/auth/policy.js";
import { can, proposalPolicy } from "./ballots.policy.js";
import { Arg, Ctx, Extensions, FieldResolver, ID, Int, Mutation, Query, Resolver, Root, Subscription } from "type-graphql";
import type { Context } from "../../common/context.js";
import { NEWEST_ONLY, SHARED_EVENT } from "../../common/event-bus.js";
import { AppError, ErrorCode, forbidden } from "../../common/errors.js";
import { toGlobalId } from "../../common/global-id.js";
import { runtimeKey, translate } from "../../common/i18n.js";
import { mayReview } from "../genealogy/index.js";
import { ComparisonView, comparisonView, DiffPartView, diffPartViews, HeadingView, rawIdOf, villageBySlug } from "../rootpedia/index.js";
import type { VoteChoice } from "./ballots.entity.js";
import * as ballots from "./ballot.service.js";
import { createBallotLoaders } from "./loaders.js";
import * as passports from "./passport.service.js";
import * as proposals from "./proposal.service.js";
import { rulesOf } from "./settings.service.js";
import {
  BallotView,
  BoardEntryView,
  CastVoteView,
  EligibilityView,
  PassportView,
  ProposalEditInputView,
  ProposalConflictView,
  ProposalInputView,
  ProposalView,
  ProposalViewerCan,
  ReceiptView,
  TallyGql,
  ViewerRollView,
  VoteChoiceEnum,
} from "./ballots.types.js";
import * as views from "./views.service.js";
import { secondsLeftOf, tallyOf, type TallyEvent } from "./tally.js";
import { TALLY_QUEUE_MAX, tallyEvents } from "./tally-feed.js";
import * as votes from "./vote.service.js";

const proposalId = (id: string) => rawIdOf(id, "BallotProposal");
const ballotId = (id: string) => rawIdOf(id, "Ballot");
const optionalRaw = (id: string | null | undefined, type: string) => (id ? rawIdOf(id, type) : null);

/** The staff-board roles: curators see their villages, editors and admins all. */
const staffVillages = (ctx: Context): string[] | null => (mayReview(ctx.principal, []) ? null : [...(ctx.viewer.curatedVillageIds ?? [])]);

@Resolver(() => ProposalView)
export class ProposalResolver {
  @Query(() => ProposalView)
  async ballotProposal(@Arg("id", () => ID) id: string, @Ctx() ctx: Context): Promise<ProposalView> {
    return new ProposalView(await proposals.loadProposal(ctx, proposalId(id)));
  }

  @Query(() => [ProposalView], {
    description: "Proposals waiting (draft, in a ballot, in conflict) in the villages the viewer reviews: the staff board's queue.",
  })
  async pendingBallotProposals(@Ctx() ctx: Context): Promise<ProposalView[]> {
    if (!ctx.viewer.userId) throw new AppError(ErrorCode.UNAUTHENTICATED, "errors.unauthenticated");
    const villages = staffVillages(ctx);
    if (villages && !villages.length) throw forbidden();
    return (await proposals.pendingProposals(ctx, villages)).map((p) => new ProposalView(p));
  }

  @Query(() => [ProposalView], { description: "An article's proposals, newest first (50 at most): what its page links to." })
  async articleBallotProposals(@Arg("articleId", () => ID) id: string, @Ctx() ctx: Context): Promise<ProposalView[]> {
    return (await views.proposalsOfArticle(ctx, rawIdOf(id, "RootpediaArticle"))).map((p) => new ProposalView(p));
  }

  @Mutation(() => ProposalView, { description: "Proposes an edit of an article (on the revision read) or a new article. Signed in." })
  async proposeRootpediaChange(
    @Arg("input", () => ProposalInputView) input: ProposalInputView,
    @Ctx() ctx: Context,
  ): Promise<ProposalView> {
    const p = await proposals.propose(
      ctx,
      {
        villageSlug: input.villageSlug,
        articleId: optionalRaw(input.articleId, "RootpediaArticle"),
        baseRevisionId: optionalRaw(input.baseRevisionId, "RootpediaRevision"),
        language: input.language ?? ctx.language,
      },
      input,
    );
    return new ProposalView(p);
  }

  @Mutation(() => ProposalView, { description: "Changes a draft proposal's text (its author or a reviewer); refused once frozen." })
  async editBallotProposal(
    @Arg("id", () => ID) id: string,
    @Arg("input", () => ProposalEditInputView) input: ProposalEditInputView,
    @Ctx() ctx: Context,
  ): Promise<ProposalView> {
    return new ProposalView(await proposals.editProposal(ctx, proposalId(id), input));
  }

  @Mutation(() => ProposalView, { description: "A curator of the village accepts a minor edit without a ballot (audited)." })
  async acceptBallotProposal(@Arg("id", () => ID) id: string, @Ctx() ctx: Context): Promise<ProposalView> {
    return new ProposalView(await proposals.acceptDirectly(ctx, proposalId(id)));
  }

  @Mutation(() => ProposalView, {
    description: "A curator resolves a conflicting accepted edit with text merged onto the article's current revision.",
  })
  async resolveBallotProposalConflict(@Arg("id", () => ID) id: string, @Arg("content", () => String) content: string, @Ctx() ctx: Context) {
    return new ProposalView(await proposals.resolveConflict(ctx, proposalId(id), content));
  }

  @Mutation(() => BallotView, {
    description: "A curator of the village puts a draft proposal to a ballot: cooling-off, then open for openDays (at least the minimum).",
  })
  async openBallot(
    @Arg("proposalId", () => ID) id: string,
    @Arg("hideResults", () => Boolean, { defaultValue: false }) hideResults: boolean,
    @Arg("openDays", () => Int, { nullable: true }) openDays: number | null,
    @Ctx() ctx: Context,
  ): Promise<BallotView> {
    return new BallotView(await ballots.openBallot(ctx, proposalId(id), { hideResults, openDays }));
  }

  @FieldResolver(() => BallotView, { nullable: true })
  async ballot(@Root() p: ProposalView, @Ctx() ctx: Context): Promise<BallotView | null> {
    const b = await ctx.use(createBallotLoaders).latestBallot.load(p.row.id);
    return b ? new BallotView(b) : null;
  }

  @FieldResolver(() => String, { description: "The village whose Rootpedia it changes." })
  villageSlug(@Root() p: ProposalView, @Ctx() ctx: Context): Promise<string> {
    return views.villageSlugOf(ctx, p.row.village_id);
  }

  @FieldResolver(() => String, { description: "The name of the village whose Rootpedia it changes, in the reader's language." })
  villageName(@Root() p: ProposalView, @Ctx() ctx: Context): Promise<string> {
    return views.villageNameOf(ctx, p.row.village_id);
  }

  @FieldResolver(() => String, { nullable: true })
  authorName(@Root() p: ProposalView, @Ctx() ctx: Context): Promise<string | null> {
    return views.displayNameOf(ctx, p.row.author_id);
  }

  @FieldResolver(() => ProposalViewerCan, { description: "What the viewer may do with it, from the ballots policy." })
  viewerCan(@Root() p: ProposalView, @Ctx() ctx: Context): ProposalViewerCan {
    return Object.assign(new ProposalViewerCan(), viewerCan(proposalPolicy, ctx.principal, p.row));
  }

  @Extensions({ storedTexts: 2 })
  @FieldResolver(() => Boolean, {
    description:
      "A minor edit, which the village's curators may accept without a ballot: an edit of an existing article changing a few hundred characters at most.",
  })
  minorEdit(@Root() p: ProposalView, @Ctx() ctx: Context): Promise<boolean> {
    return views.isMinorEdit(ctx, p.row);
  }

  @Extensions({ storedTexts: 2 })
  @FieldResolver(() => [DiffPartView], {
    description: "The change proposed: its base revision's text against the proposal's (all new for a new article).",
  })
  async diff(@Root() p: ProposalView, @Ctx() ctx: Context): Promise<DiffPartView[]> {
    return diffPartViews(await views.proposalDiff(ctx, p.row));
  }

  @Extensions({ storedTexts: 2 })
  @FieldResolver(() => ComparisonView, {
    description:
      "The change proposed side by side with the revision it was written on, as the history compares revisions (all new for a new article).",
  })
  async comparison(@Root() p: ProposalView, @Ctx() ctx: Context): Promise<ComparisonView> {
    return comparisonView(await views.proposalComparison(ctx, p.row));
  }

  @Extensions({ storedTexts: 1 })
  @FieldResolver(() => String, {
    description: "The proposed article as safe HTML, as it would read once applied (citations linked for this reader).",
  })
  async html(@Root() p: ProposalView, @Ctx() ctx: Context): Promise<string> {
    return (await views.proposalRendered(ctx, p.row)).html;
  }

  @Extensions({ storedTexts: 1 })
  @FieldResolver(() => [HeadingView], {
    description: "The proposed article's headings, each with its anchor in `html`: its table of contents.",
  })
  async contents(@Root() p: ProposalView, @Ctx() ctx: Context): Promise<HeadingView[]> {
    return (await views.proposalRendered(ctx, p.row)).headings;
  }

  @Extensions({ storedTexts: 4 })
  @FieldResolver(() => ProposalConflictView, {
    nullable: true,
    description:
      "For a proposal in conflict, what meets what: null when it is not in conflict; FORBIDDEN to anyone but the village's curators.",
  })
  async conflict(@Root() p: ProposalView, @Ctx() ctx: Context): Promise<ProposalConflictView | null> {
    const c = await views.proposalConflict(ctx, p.row);
    if (!c) return null;
    return Object.assign(new ProposalConflictView(), {
      ...c,
      currentRevisionId: c.currentRevisionId ? toGlobalId("RootpediaRevision", c.currentRevisionId) : "",
      changesMeanwhile: diffPartViews(c.changesMeanwhile),
      proposedChanges: diffPartViews(c.proposedChanges),
    });
  }
}

@Resolver(() => BallotView)
export class BallotResolver {
  @Query(() => BallotView)
  async ballot(@Arg("id", () => ID) id: string, @Ctx() ctx: Context): Promise<BallotView> {
    return new BallotView(await ballots.loadBallot(ctx, ballotId(id)));
  }

  @Query(() => [BoardEntryView], {
    description: "The ballot's public board once it has closed (empty before): recompute it with scripts/verify-ballot.mjs.",
  })
  async ballotBoard(@Arg("id", () => ID) id: string, @Ctx() ctx: Context): Promise<BoardEntryView[]> {
    return (await votes.boardOf(ctx, ballotId(id))).map(BoardEntryView.of);
  }

  @Query(() => ReceiptView, { description: "Finds a receipt: counted, and its board entry once the ballot has closed." })
  async ballotReceipt(@Arg("ballotId", () => ID) id: string, @Arg("receipt", () => String) receipt: string, @Ctx() ctx: Context) {
    const r = await votes.lookUpReceipt(ctx, ballotId(id), receipt);
    return Object.assign(new ReceiptView(), { counted: r.counted, entry: r.entry ? BoardEntryView.of(r.entry) : null });
  }

  @Query(() => EligibilityView, {
    description: "Whether the viewer may vote in the village's ballots; if not, why and how to become eligible.",
  })
  async ballotEligibility(@Arg("villageSlug", () => String) slug: string, @Ctx() ctx: Context): Promise<EligibilityView> {
    const v = await villageBySlug(ctx, slug);
    const { coolingHours: hours } = await rulesOf(ctx.ds, ctx.config, ctx.rootspace.id);
    const e = await passports.eligibility(ctx.ds, ctx.viewer.userId, { id: v.id, rootspaceId: ctx.rootspace.id }, ctx.clock.now(), hours);
    const messages = e.reasons.map((r) => translate(runtimeKey(`ballots.ineligible.${r}`), ctx.language, { hours }));
    return Object.assign(new EligibilityView(), { ...e, messages });
  }

  @Query(() => [BallotView], { description: "Open and cooling-off ballots of the villages the viewer reviews: the staff board." })
  async liveBallots(@Ctx() ctx: Context): Promise<BallotView[]> {
    if (!ctx.viewer.userId) throw new AppError(ErrorCode.UNAUTHENTICATED, "errors.unauthenticated");
    const villages = staffVillages(ctx);
    if (villages && !villages.length) throw forbidden();
    const rows: ballots.BallotRow[] = await ctx.ds.query(
      `SELECT b.* FROM ballots b JOIN villages v ON v.id = b.village_id AND v.rootspace_id = $1
        WHERE b.status <> 'closed' AND ($2::uuid[] IS NULL OR b.village_id = ANY($2)) ORDER BY b.closes_at`,
      [ctx.rootspace.id, villages],
    );
    return rows.map((b) => new BallotView(b));
  }

  @Mutation(() => CastVoteView, { description: "Casts the viewer's secret vote (final). Returns the receipt and the nonce that opens it." })
  async castVote(@Arg("ballotId", () => ID) id: string, @Arg("choice", () => VoteChoiceEnum) choice: VoteChoice, @Ctx() ctx: Context) {
    return Object.assign(new CastVoteView(), await votes.castVote(ctx, ballotId(id), choice));
  }

  @Mutation(() => PassportView, {
    description:
      "A curator of the village issues a Roots Passport to a member (by id, or by their account's email), with a reason (audited).",
  })
  async issueRootsPassport(
    @Arg("villageSlug", () => String) slug: string,
    @Arg("userId", () => ID, { nullable: true }) userId: string | null,
    @Arg("email", () => String, { nullable: true }) email: string | null,
    @Arg("reason", () => String) reason: string,
    @Ctx() ctx: Context,
  ): Promise<PassportView> {
    const v = await villageBySlug(ctx, slug);
    if (!ctx.viewer.userId) throw new AppError(ErrorCode.UNAUTHENTICATED, "errors.unauthenticated");
    if (!can(ctx.principal, "passports", { village_id: v.id })) throw forbidden();
    const holder = userId ? rawIdOf(userId, "User") : email ? await views.userIdByEmail(ctx, email) : null;
    if (!holder)
      throw new AppError(ErrorCode.BAD_USER_INPUT, "ballots.passport_holder_unknown", {}, [
        { field: "email", key: "ballots.passport_holder_unknown" },
      ]);
    return new PassportView(await passports.issuePassport(ctx, v.id, holder, reason));
  }

  @Query(() => [PassportView], {
    description: "The village's live Roots Passports, newest first: for its curators (and editors and admins).",
  })
  async rootsPassports(@Arg("villageSlug", () => String) slug: string, @Ctx() ctx: Context): Promise<PassportView[]> {
    const v = await villageBySlug(ctx, slug);
    return (await views.livePassports(ctx, v.id)).map((p) => new PassportView(p));
  }

  @Mutation(() => PassportView, { description: "A curator of the village revokes a passport, with a reason (audited)." })
  async revokeRootsPassport(@Arg("id", () => ID) id: string, @Arg("reason", () => String) reason: string, @Ctx() ctx: Context) {
    return new PassportView(await passports.revokePassport(ctx, rawIdOf(id, "RootsPassport"), reason));
  }

  @FieldResolver(() => ProposalView)
  async proposal(@Root() b: BallotView, @Ctx() ctx: Context): Promise<ProposalView> {
    return new ProposalView(await ctx.use(createBallotLoaders).proposal.load(b.row.proposal_id));
  }

  @FieldResolver(() => String)
  villageSlug(@Root() b: BallotView, @Ctx() ctx: Context): Promise<string> {
    return views.villageSlugOf(ctx, b.row.village_id);
  }

  @FieldResolver(() => String, { description: "The village's name in the reader's language." })
  villageName(@Root() b: BallotView, @Ctx() ctx: Context): Promise<string> {
    return views.villageNameOf(ctx, b.row.village_id);
  }

  @FieldResolver(() => ViewerRollView, {
    nullable: true,
    description: "The viewer on the roll frozen at the opening, and whether they voted; null before it opens or when signed out.",
  })
  viewerRoll(@Root() b: BallotView, @Ctx() ctx: Context): Promise<ViewerRollView | null> {
    return views.viewerRoll(ctx, b.row);
  }

  @FieldResolver(() => String, {
    nullable: true,
    description:
      "The hash its public board ends at once closed (the last entry's; the genesis hash when no one voted), null before: `verify-ballot.mjs --head` checks a board ends there.",
  })
  boardHead(@Root() b: BallotView, @Ctx() ctx: Context): Promise<string | null> {
    return views.boardHead(ctx, b.row);
  }

  @FieldResolver(() => String, {
    nullable: true,
    description:
      "Where its public board is, once closed, naming its rootspace (`node scripts/verify-ballot.mjs <site><boardPath> --head <boardHead> --count <tally.turnout>` recomputes it).",
  })
  boardPath(@Root() b: BallotView, @Ctx() ctx: Context): string | null {
    return b.row.status === "closed" ? `/ballots/${b.row.id}/board.json?rootspace=${encodeURIComponent(ctx.rootspace.slug)}` : null;
  }

  @FieldResolver(() => TallyGql)
  tally(@Root() b: BallotView, @Ctx() ctx: Context): TallyGql {
    return TallyGql.of(b.row.id, tallyOf(b.row, ctx.clock.now()));
  }

  @Subscription(() => TallyGql, {
    description:
      "A ballot's tally, batched (at most every 2 s, at least 3 new votes) and at close. Refused while its results are hidden until close.",
    subscribe: async ({ args, context }: { args: { ballotId: string }; context: Context }) => {
      const b = await ballots.loadBallot(context, ballotId(args.ballotId));
      if (b.hide_results && b.status !== "closed") throw new AppError(ErrorCode.FORBIDDEN, "ballots.results_hidden");
      return tallyEvents(context.bus, b.id);
    },
  })
  // The same tally for everyone who may watch it (the checks above run per subscriber): executed
  // once per update, operation and language, not once per subscriber, from the counts the event
  // carries (no database read per event).
  // Each tally supersedes the ones before: a subscriber that falls behind keeps only the newest.
  @Extensions({ [SHARED_EVENT]: true, [NEWEST_ONLY]: TALLY_QUEUE_MAX })
  ballotTallyUpdated(
    @Root() payload: TallyEvent,
    @Arg("ballotId", () => ID) _id: string,
    @Ctx() ctx: Context,
  ): TallyGql | Promise<TallyGql> {
    const now = ctx.clock.now();
    if (payload.tally) return TallyGql.of(payload.ballotId, { ...payload.tally, secondsLeft: secondsLeftOf(payload.tally.closesAt, now) });
    // An event without its counts (published by an instance older than this one): read once per event.
    return ballots.ballotForEvent(ctx, payload).then((b) => TallyGql.of(b.id, tallyOf(b, now)));
  }
}
