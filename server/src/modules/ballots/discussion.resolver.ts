import { Arg, Ctx, Field, FieldResolver, ID, Int, Mutation, ObjectType, registerEnumType, Resolver, Root } from "type-graphql";
import type { Context } from "../../common/context.js";
import { toGlobalId } from "../../common/global-id.js";
import { rawIdOf } from "../rootpedia/index.js";
import { can } from "./ballots.policy.js";
import { ProposalView } from "./ballots.types.js";
import * as discussion from "./discussion.js";

export enum CommentReactionEnum {
  AGREE = "agree",
  DISAGREE = "disagree",
}
registerEnumType(CommentReactionEnum, {
  name: "BallotCommentReaction",
  description: "Agree or disagree with a comment (a temperature check).",
});

@ObjectType("BallotComment", { description: "A message in a proposal's discussion, or a reply to one." })
export class CommentView {
  constructor(
    readonly row: discussion.CommentRow,
    /** The viewer reviews the village: a hidden comment's text and reason show to them. */
    readonly reviewer: boolean,
  ) {}

  @Field(() => ID)
  get id(): string {
    return toGlobalId("BallotComment", this.row.id);
  }

  @Field(() => ID, { nullable: true, description: "The comment this one answers; null for a comment of the thread." })
  get replyTo(): string | null {
    return this.row.parent_id ? toGlobalId("BallotComment", this.row.parent_id) : null;
  }

  @Field(() => String, { nullable: true })
  get authorName(): string | null {
    return this.hidden && !this.reviewer ? null : this.row.author_name;
  }

  @Field(() => String, { description: "Empty when hidden, except for the village's reviewers." })
  get body(): string {
    return this.hidden && !this.reviewer ? "" : this.row.body;
  }

  @Field(() => Boolean, { description: "Hidden by a curator of the village: it takes no reply nor reaction." })
  get hidden(): boolean {
    return this.row.hidden_at !== null;
  }

  @Field(() => String, { nullable: true, description: "Why it was hidden; for the village's reviewers only." })
  get hiddenReason(): string | null {
    return this.reviewer ? this.row.hidden_reason : null;
  }

  @Field(() => Date)
  get createdAt(): Date {
    return this.row.created_at;
  }
}

@ObjectType("BallotCommentReactions", { simpleResolvers: true })
export class ReactionsView {
  @Field(() => Int)
  agree: number;

  @Field(() => Int)
  disagree: number;

  @Field(() => CommentReactionEnum, { nullable: true, description: "The viewer's own reaction." })
  mine: CommentReactionEnum | null;
}

const commentId = (id: string) => rawIdOf(id, "BallotComment");

const viewOf = async (ctx: Context, row: discussion.CommentRow, proposal?: { village_id: string }) =>
  new CommentView(row, proposal ? can(ctx.principal, "review", proposal) : false);

/** The discussion: comments, replies, reactions, hiding. */
@Resolver(() => CommentView)
export class DiscussionResolver {
  @Mutation(() => CommentView, {
    description: "Adds to a proposal's discussion, or answers one of its comments (`replyTo`; not a hidden one). Signed in.",
  })
  async commentOnBallotProposal(
    @Arg("id", () => ID) id: string,
    @Arg("body", () => String) body: string,
    @Arg("replyTo", () => ID, { nullable: true }) replyTo: string | null,
    @Ctx() ctx: Context,
  ): Promise<CommentView> {
    return viewOf(ctx, await discussion.comment(ctx, rawIdOf(id, "BallotProposal"), body, replyTo ? commentId(replyTo) : null));
  }

  @Mutation(() => CommentView, {
    description:
      "Agree or disagree with a comment; a second reaction replaces the first, null takes it back. Signed in; not on a hidden comment.",
  })
  async reactToBallotComment(
    @Arg("id", () => ID) id: string,
    @Arg("reaction", () => CommentReactionEnum, { nullable: true }) reaction: CommentReactionEnum | null,
    @Ctx() ctx: Context,
  ): Promise<CommentView> {
    return viewOf(ctx, await discussion.react(ctx, commentId(id), reaction));
  }

  @Mutation(() => CommentView, { description: "A curator of the village hides a comment with a reason (audited)." })
  async hideBallotComment(@Arg("id", () => ID) id: string, @Arg("reason", () => String) reason: string, @Ctx() ctx: Context) {
    return new CommentView(await discussion.hideComment(ctx, commentId(id), reason), true);
  }

  @FieldResolver(() => ReactionsView, { description: "Agree and disagree counts, and the viewer's own (Loomio's temperature check)." })
  async reactions(@Root() c: CommentView, @Ctx() ctx: Context): Promise<ReactionsView> {
    const r = await ctx.use(discussion.createDiscussionLoaders).reactions.load(c.row.id);
    return Object.assign(new ReactionsView(), { ...r, mine: r.mine as CommentReactionEnum | null });
  }
}

/** A proposal's thread. */
@Resolver(() => ProposalView)
export class ProposalDiscussionResolver {
  @FieldResolver(() => [CommentView], { description: "The discussion in order; a reply's `replyTo` names the comment it answers." })
  async comments(@Root() p: ProposalView, @Ctx() ctx: Context): Promise<CommentView[]> {
    const reviewer = can(ctx.principal, "review", p.row);
    return (await discussion.commentsOf(ctx, p.row.id)).map((c) => new CommentView(c, reviewer));
  }
}
