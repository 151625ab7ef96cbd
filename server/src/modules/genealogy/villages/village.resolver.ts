import { OpenToApps } from "../../../common/auth/app-scope.js";
import { Arg, Args, Ctx, Extensions, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from "type-graphql";
import { RequireRoles } from "../../../common/auth/authorized.js";
import type { Context } from "../../../common/context.js";
import { AppError, ErrorCode } from "../../../common/errors.js";
import { Village } from "./village.entity.js";
import { VillagesArgs } from "./village.inputs.js";
import * as service from "./village.service.js";
import {
  District,
  VillageConnection,
  VillageDuplicate,
  VillageMember,
  VillageMapCaza,
  VillageMergeResult,
  VillagePoint,
} from "./village.types.js";
import { villageMembers } from "./village-members.service.js";
import { rawIdOf } from "../people/person.service.js";
import { villageDuplicates } from "./village-duplicates.service.js";
import { mergeVillages } from "./village-merge.service.js";
import { otherNames } from "./village-names.js";

/** The villages' own rootspace argument predates the request's rootspace; it still overrides it when given. */
const ROOTSPACE_ARG = "Rootspace slug; default: the request's rootspace (X-Rootspace header, else lebanon).";
const ROOTSPACE_DEPRECATED = "Send the X-Rootspace header (WebSocket: the rootspace connection parameter) instead.";

@Resolver(() => Village)
export class VillageResolver {
  @OpenToApps("public:read")
  @Query(() => VillageConnection, { description: "Villages by name, or searched in any script and spelling." })
  villages(@Args(() => VillagesArgs) args: VillagesArgs, @Ctx() ctx: Context): Promise<VillageConnection> {
    return service.listVillages(ctx, args);
  }

  @OpenToApps("public:read")
  @Query(() => Village, { description: "A village by slug; NOT_FOUND when there is none." })
  village(
    @Arg("slug", () => String) slug: string,
    @Arg("rootspace", () => String, { nullable: true, description: ROOTSPACE_ARG, deprecationReason: ROOTSPACE_DEPRECATED })
    rootspace: string | null,
    @Ctx() ctx: Context,
  ): Promise<Village> {
    return service.villageBySlug(ctx, slug, rootspace);
  }

  @FieldResolver(() => [String], {
    description: "Its other names to show a reader: alternateNames less those that only respell one of its names (accents, letter forms).",
  })
  otherNames(@Root() village: Village): string[] {
    return otherNames(village);
  }

  @Extensions({ listSize: 4000 })
  @Query(() => [VillagePoint], { description: "Coordinates of every public village (optionally of one district), for maps." })
  villagePoints(
    @Arg("rootspace", () => String, { nullable: true, description: ROOTSPACE_ARG, deprecationReason: ROOTSPACE_DEPRECATED })
    rootspace: string | null,
    @Arg("district", () => String, { nullable: true }) district: string | null,
    @Ctx() ctx: Context,
  ): Promise<VillagePoint[]> {
    if (district && district.length > 100)
      throw new AppError(ErrorCode.BAD_USER_INPUT, "errors.bad_input", {}, [{ field: "district", key: "errors.validation.maxLength" }]);
    return service.villagePoints(ctx, rootspace, district);
  }

  @Extensions({ listSize: 30 })
  @Query(() => [VillageMapCaza], {
    description: "Every public village with coordinates, grouped by caza (optionally one caza), compact: what the site's maps draw.",
  })
  villageMap(@Arg("district", () => String, { nullable: true }) district: string | null, @Ctx() ctx: Context): Promise<VillageMapCaza[]> {
    if (district && district.length > 100)
      throw new AppError(ErrorCode.BAD_USER_INPUT, "errors.bad_input", {}, [{ field: "district", key: "errors.validation.maxLength" }]);
    return service.villageMap(ctx, district);
  }

  @Extensions({ listSize: 40 })
  @OpenToApps("public:read")
  @Query(() => [District], { description: "Districts (cazas) with their number of villages." })
  districts(
    @Arg("rootspace", () => String, { nullable: true, description: ROOTSPACE_ARG, deprecationReason: ROOTSPACE_DEPRECATED })
    rootspace: string | null,
    @Ctx() ctx: Context,
  ): Promise<District[]> {
    return service.listDistricts(ctx, rootspace);
  }

  @RequireRoles()
  @Extensions({ listSize: 100 })
  @Query(() => [VillageDuplicate], {
    description:
      "Likely duplicate villages (same caza, name skeleton, under 3 km), nearest first: curators of one of them, editors, admins.",
  })
  villageDuplicates(
    @Arg("villageId", () => ID, { nullable: true, description: "Only pairs with this village." }) villageId: string | null,
    @Arg("first", () => Int, { defaultValue: 50 }) first: number,
    @Ctx() ctx: Context,
  ): Promise<VillageDuplicate[]> {
    return villageDuplicates(ctx, villageId, Math.max(1, Math.min(first, 100)));
  }

  @RequireRoles()
  @Mutation(() => VillageMergeResult, {
    description:
      "Merges village `fromId` into `intoId`: people, families, history, registries, landmarks, events, media, Rootpedia, passports and ballots move; the old slug redirects. Curators of both, editors, admins; audited.",
  })
  async mergeVillages(
    @Arg("intoId", () => ID) intoId: string,
    @Arg("fromId", () => ID) fromId: string,
    @Ctx() ctx: Context,
  ): Promise<VillageMergeResult> {
    const outcome = await mergeVillages(ctx, intoId, fromId);
    const village = await ctx.ds.getRepository(Village).findOneByOrFail({ id: outcome.intoId });
    return { village, moved: Object.entries(outcome.moved).map(([reference, count]) => ({ reference, count })) };
  }

  @RequireRoles()
  @Extensions({ listSize: 200 })
  @Query(() => [VillageMember], {
    description:
      "Members whose roots include the village and who chose to be listed (signed-in members only), so that people from one village find each other.",
  })
  async villageMembers(@Arg("villageId", () => ID) villageId: string, @Ctx() ctx: Context): Promise<VillageMember[]> {
    const raw = rawIdOf(villageId, Village.typeName);
    const village = raw ? await service.villageNode(ctx, raw) : null;
    if (!village) throw new AppError(ErrorCode.NOT_FOUND, "errors.not_found");
    return villageMembers(ctx, village.id);
  }
}
