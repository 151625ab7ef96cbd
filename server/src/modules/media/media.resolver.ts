import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from "type-graphql";
import { RequireRoles } from "../../common/auth/authorized.js";
import type { Context } from "../../common/context.js";
import { listSize } from "../../common/pagination.js";
import { PersonView, Village } from "../genealogy/index.js";
import * as service from "./media.service.js";
import { MediaAllowanceView, MediaDetailsInput, MediaView } from "./media.types.js";

@Resolver(() => MediaView)
export class MediaResolver {
  @RequireRoles()
  @Query(() => MediaAllowanceView, { description: "What the member may still upload: pictures an hour, stored bytes, largest file." })
  mediaAllowance(@Ctx() ctx: Context): Promise<MediaAllowanceView> {
    return service.allowance(ctx);
  }

  @RequireRoles()
  @Mutation(() => MediaView, { description: "Changes a picture's captions, date, credit or licence (fields left out stay)." })
  updateMedia(
    @Arg("id", () => ID) id: string,
    @Arg("input", () => MediaDetailsInput) input: MediaDetailsInput,
    @Ctx() ctx: Context,
  ): Promise<MediaView> {
    return service.updateDetails(ctx, id, input);
  }

  @RequireRoles()
  @Mutation(() => MediaView, { description: "Approves or rejects a member's village photo (the village's curators, editors, admins)." })
  reviewMedia(@Arg("id", () => ID) id: string, @Arg("approve", () => Boolean) approve: boolean, @Ctx() ctx: Context): Promise<MediaView> {
    return service.review(ctx, id, approve);
  }

  @RequireRoles()
  @Mutation(() => Boolean, { description: "Removes a picture; its file goes too unless another record uses it." })
  deleteMedia(@Arg("id", () => ID) id: string, @Ctx() ctx: Context): Promise<boolean> {
    return service.remove(ctx, id);
  }
}

@Resolver(() => PersonView)
export class PersonMediaResolver {
  @FieldResolver(() => MediaView, {
    nullable: true,
    description: "The portrait, for whoever may see the person's name (null for Private).",
  })
  async portrait(@Root() p: PersonView, @Ctx() ctx: Context): Promise<MediaView | null> {
    if (p.isPrivate) return null;
    return (await ctx.use(service.createMediaLoaders).portrait.load(p.rawId)) ?? null;
  }

  @FieldResolver(() => [MediaView], {
    description: "Photos of the person and scans of documents about them (scans: only with full access).",
  })
  async media(@Root() p: PersonView, @Ctx() ctx: Context): Promise<MediaView[]> {
    if (p.isPrivate) return [];
    return service.ofPerson(ctx, p.rawId, p.fullAccess ? ["photo", "document"] : ["photo"]);
  }
}

@Resolver(() => Village)
export class VillageMediaResolver {
  @FieldResolver(() => [MediaView], { description: "Approved photos, newest first." })
  photos(@Root() v: Village, @Arg("first", () => Int, { defaultValue: 24, description: "1 to 100." }) first: number, @Ctx() ctx: Context) {
    return service.ofVillage(ctx, v.id, "approved", listSize(first, "first", 100, 1));
  }

  @FieldResolver(() => [MediaView], {
    description: "Photos waiting for review: all of them for the village's reviewers, a member's own for them, none for visitors.",
  })
  waitingPhotos(
    @Root() v: Village,
    @Arg("first", () => Int, { defaultValue: 50, description: "1 to 100." }) first: number,
    @Ctx() ctx: Context,
  ): Promise<MediaView[]> {
    return service.ofVillage(ctx, v.id, "waiting", listSize(first, "first", 100, 1));
  }
}
