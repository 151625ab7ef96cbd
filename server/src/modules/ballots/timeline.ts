import { Ctx, Field, FieldResolver, Int, ObjectType, Resolver, Root } from "type-graphql";
import type { Context } from "../../common/context.js";
import * as rootpedia from "../rootpedia/index.js";
import { MAX_OPEN_DAYS, type BallotRow } from "./ballot.service.js";
import { BallotView } from "./ballots.types.js";
import { createBallotLoaders } from "./loaders.js";
import { rulesOf } from "./settings.service.js";

const DAY = 24 * 3_600_000;

/** A ballot's life, as Decidim shows a process's phases: each stage with its date, and the rules it ran under. */
@ObjectType("BallotTimeline", { simpleResolvers: true })
export class TimelineView {
  @Field(() => Date, { description: "The proposal was made." })
  proposedAt: Date;

  @Field(() => Date, { description: "The ballot was called and its cooling-off began (the text frozen)." })
  coolingOffFrom: Date;

  @Field(() => Int, { description: "The cooling-off this ballot runs under, in hours (the rootspace's rule when it was called)." })
  coolingHours: number;

  @Field(() => Date, { description: "Voting opens (the cooling-off ends)." })
  opensAt: Date;

  @Field(() => Int, { description: "Days this ballot stays open." })
  openDays: number;

  @Field(() => Date, { description: "Voting closes (or closed)." })
  closesAt: Date;

  @Field(() => Boolean)
  closed: boolean;

  @Field(() => Date, {
    nullable: true,
    description: "The accepted change became a revision of the article; null until then (or if it was not accepted).",
  })
  appliedAt: Date | null;

  @Field(() => String, {
    description: "Where the proposal stands now: draft, in_ballot, applying, applied, rejected or conflict.",
  })
  proposalStatus: string;

  @Field(() => Int, { description: "The fewest days a ballot may stay open in this rootspace now." })
  minOpenDays: number;

  @Field(() => Int, { description: "The most days a ballot may stay open." })
  maxOpenDays: number;
}

export async function timelineOf(ctx: Context, b: BallotRow): Promise<TimelineView> {
  const [p, rules] = await Promise.all([
    ctx.use(createBallotLoaders).proposal.load(b.proposal_id),
    rulesOf(ctx.ds, ctx.config, ctx.rootspace.id),
  ]);
  const applied = p.status === "applied" && p.applied_revision_id ? await rootpedia.loadRevision(ctx, p.applied_revision_id) : null;
  return Object.assign(new TimelineView(), {
    proposedAt: p.created_at,
    coolingOffFrom: b.created_at,
    coolingHours: b.cooling_hours,
    opensAt: b.opens_at,
    openDays: Math.round((b.closes_at.getTime() - b.opens_at.getTime()) / DAY),
    closesAt: b.closes_at,
    closed: b.status === "closed",
    appliedAt: applied?.created_at ?? null,
    proposalStatus: p.status,
    minOpenDays: rules.minOpenDays,
    maxOpenDays: MAX_OPEN_DAYS,
  });
}

@Resolver(() => BallotView)
export class BallotTimelineResolver {
  @FieldResolver(() => TimelineView, { description: "Its stages with their dates: proposed, cooling-off, open, closed, applied." })
  timeline(@Root() b: BallotView, @Ctx() ctx: Context): Promise<TimelineView> {
    return timelineOf(ctx, b.row);
  }
}
