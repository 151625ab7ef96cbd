import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from "type-graphql";
import { RequireRoles } from "../../../common/auth/authorized.js";
import type { Context } from "../../../common/context.js";
import { Village } from "../villages/village.entity.js";
import { createVillageLoaders } from "../villages/village.loaders.js";
import * as service from "./asset.service.js";
import { AssetInput, AssetTypeEnum, AssetView } from "./asset.types.js";

@Resolver(() => AssetView)
export class AssetResolver {
  @Query(() => AssetView, { description: "A landmark by global id." })
  asset(@Arg("id", () => ID) id: string, @Ctx() ctx: Context): Promise<AssetView> {
    return service.getAsset(ctx, id);
  }

  @Query(() => [AssetView], { description: "Landmarks of a village, optionally of one type." })
  assets(
    @Arg("villageId", () => ID) villageId: string,
    @Arg("type", () => AssetTypeEnum, { nullable: true }) type: string | null,
    @Ctx() ctx: Context,
  ): Promise<AssetView[]> {
    return service.listAssets(ctx, villageId, type);
  }

  @FieldResolver(() => Village, { nullable: true })
  village(@Root() a: AssetView, @Ctx() ctx: Context): Promise<Village | null> {
    return ctx
      .use(createVillageLoaders)
      .villageById.load(a.villageId)
      .then((v) => (v?.isPublic ? v : null));
  }

  @RequireRoles()
  @Mutation(() => AssetView, { description: "Records a landmark (members); COMMUNITY until verified." })
  createAsset(@Arg("input", () => AssetInput) input: AssetInput, @Ctx() ctx: Context): Promise<AssetView> {
    return service.createAsset(ctx, input);
  }

  @RequireRoles()
  @Mutation(() => AssetView, { description: "Changes a landmark (owner, editors, admins)." })
  updateAsset(@Arg("id", () => ID) id: string, @Arg("input", () => AssetInput) input: AssetInput, @Ctx() ctx: Context): Promise<AssetView> {
    return service.updateAsset(ctx, id, input);
  }

  @RequireRoles()
  @Mutation(() => Boolean, { description: "Deletes a landmark (owner, editors, admins)." })
  deleteAsset(@Arg("id", () => ID) id: string, @Ctx() ctx: Context): Promise<boolean> {
    return service.deleteAsset(ctx, id);
  }
}

@Resolver(() => Village)
export class VillageAssetResolver {
  @FieldResolver(() => [AssetView], { description: "The village's landmarks (one query for a page of villages)." })
  landmarks(@Root() v: Village, @Ctx() ctx: Context): Promise<AssetView[]> {
    return service.landmarksOf(ctx, v.id);
  }
}
