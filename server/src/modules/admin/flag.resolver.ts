import { Arg, Ctx, Field, Mutation, ObjectType, Query, Resolver } from "type-graphql";
import { RequireRoles } from "../../common/auth/authorized.js";
import { Role } from "../../common/auth/roles.js";
import type { Context } from "../../common/context.js";
import { listFlags, setFlag, type FlagState } from "./flag.service.js";

@ObjectType("FeatureFlag", { description: "A switch for a part of the product; the server refuses what is switched off." })
class FeatureFlagView implements FlagState {
  @Field(() => String, { description: "The flag's name, e.g. `villageHubs`." })
  key: string;

  @Field(() => Boolean)
  enabled: boolean;

  @Field(() => Boolean, { description: "The production default (product spec §9), used while no admin has chosen." })
  defaultEnabled: boolean;
}

@Resolver()
export class FeatureFlagResolver {
  @Query(() => [FeatureFlagView], { description: "Every feature flag and whether it is on; clients hide what is off." })
  featureFlags(@Ctx() ctx: Context): FeatureFlagView[] {
    return listFlags(ctx);
  }

  @RequireRoles(Role.ADMIN)
  @Mutation(() => FeatureFlagView, { description: "Switches a feature flag on or off for every server instance (audited)." })
  setFeatureFlag(
    @Arg("key", () => String) key: string,
    @Arg("enabled", () => Boolean) enabled: boolean,
    @Ctx() ctx: Context,
  ): Promise<FeatureFlagView> {
    return setFlag(ctx, key, enabled);
  }
}
