import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from "type-graphql";
import { RequireRoles } from "../../../common/auth/authorized.js";
import { Role } from "../../../common/auth/roles.js";
import type { Context } from "../../../common/context.js";
import { Village } from "../villages/village.entity.js";
import * as curation from "./curation.service.js";
import {
  CuratorAssignmentInput,
  RecordKind,
  ReviewQueueArgs,
  ReviewQueueConnection,
  VerifyResult,
  VillageCuratorView,
  VillageUpdateInput,
} from "./curation.types.js";
import { reviewQueue, verifyRecord } from "./review.service.js";

@Resolver()
export class CurationResolver {
  @RequireRoles(Role.ADMIN)
  @Query(() => [VillageCuratorView], { description: "Curator village assignments, optionally of one member (admins)." })
  villageCurators(@Arg("userId", () => ID, { nullable: true }) userId: string | null, @Ctx() ctx: Context): Promise<VillageCuratorView[]> {
    return curation.listCurators(ctx, userId);
  }

  @RequireRoles(Role.ADMIN)
  @Mutation(() => [VillageCuratorView], { description: "Assigns a member to curate a village; returns the member's assignments." })
  assignVillageCurator(
    @Arg("input", () => CuratorAssignmentInput) input: CuratorAssignmentInput,
    @Ctx() ctx: Context,
  ): Promise<VillageCuratorView[]> {
    return curation.assignCurator(ctx, input);
  }

  @RequireRoles(Role.ADMIN)
  @Mutation(() => [VillageCuratorView], { description: "Removes a member from curating a village; returns the member's assignments." })
  unassignVillageCurator(
    @Arg("userId", () => ID) userId: string,
    @Arg("villageId", () => ID) villageId: string,
    @Ctx() ctx: Context,
  ): Promise<VillageCuratorView[]> {
    return curation.unassignCurator(ctx, userId, villageId);
  }

  @RequireRoles()
  @Query(() => [Village], { description: "Villages the viewer curates." })
  myCuratedVillages(@Ctx() ctx: Context): Promise<Village[]> {
    return curation.myCuratedVillages(ctx);
  }

  @RequireRoles()
  @Mutation(() => Village, { description: "Changes a village's descriptions and facts (its curators, editors, admins)." })
  updateVillage(
    @Arg("id", () => ID) id: string,
    @Arg("input", () => VillageUpdateInput) input: VillageUpdateInput,
    @Ctx() ctx: Context,
  ): Promise<Village> {
    return curation.updateVillage(ctx, id, input);
  }

  @RequireRoles()
  @Mutation(() => VerifyResult, { description: "Marks a record VERIFIED with its source (curators of its village, editors, admins)." })
  verifyRecord(
    @Arg("kind", () => RecordKind) kind: RecordKind,
    @Arg("id", () => ID) id: string,
    @Arg("source", () => String, { description: "Where the record is documented; required." }) source: string,
    @Ctx() ctx: Context,
  ): Promise<VerifyResult> {
    return verifyRecord(ctx, kind, id, source.slice(0, 2000));
  }

  @RequireRoles()
  @Query(() => ReviewQueueConnection, { description: "COMMUNITY people and families waiting for review in the viewer's villages." })
  reviewQueue(@Args(() => ReviewQueueArgs) args: ReviewQueueArgs, @Ctx() ctx: Context): Promise<ReviewQueueConnection> {
    return reviewQueue(ctx, args.villageId, args.first, args.after);
  }
}
