import { Arg, Ctx, Mutation, Query, Resolver } from "type-graphql";
import { RequireRoles } from "../../common/auth/authorized.js";
import { Role } from "../../common/auth/roles.js";
import type { Context } from "../../common/context.js";
import { administersRootspace } from "../rootspaces/index.js";
import { rulesOf, updateRules } from "./settings.service.js";
import { BallotSettingsInputView, BallotSettingsView } from "./settings.types.js";

@Resolver(() => BallotSettingsView)
export class BallotSettingsResolver {
  @Query(() => BallotSettingsView, { description: "The request's rootspace's ballot rules (public: they decide every ballot)." })
  async ballotSettings(@Ctx() ctx: Context): Promise<BallotSettingsView> {
    return BallotSettingsView.of(await rulesOf(ctx.ds, ctx.config, ctx.rootspace.id), administersRootspace(ctx.principal));
  }

  @RequireRoles(Role.ADMIN)
  @Mutation(() => BallotSettingsView, {
    description: "Whoever administers the rootspace changes its ballot rules (audited); ballots already started keep theirs.",
  })
  async updateBallotSettings(
    @Arg("input", () => BallotSettingsInputView) input: BallotSettingsInputView,
    @Ctx() ctx: Context,
  ): Promise<BallotSettingsView> {
    return BallotSettingsView.of(await updateRules(ctx, input), true);
  }
}
