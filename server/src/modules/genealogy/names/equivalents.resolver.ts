import { Arg, Ctx, ID, Mutation, Query, Resolver } from "type-graphql";
import { RequireRoles } from "../../../common/auth/authorized.js";
import { Role } from "../../../common/auth/roles.js";
import type { Context } from "../../../common/context.js";
import * as equivalents from "./equivalents.service.js";
import { NameEquivalentsFilter, NameEquivalentView } from "./equivalents.types.js";

/** The curated list of given names across languages (editors and admins). */
@Resolver()
export class NameEquivalentResolver {
  @RequireRoles(Role.EDITOR, Role.ADMIN)
  @Query(() => [NameEquivalentView], { description: "Groups of equivalent given names, unreviewed first (editors, admins)." })
  nameEquivalents(
    @Arg("filter", () => NameEquivalentsFilter, { nullable: true }) filter: NameEquivalentsFilter | null,
    @Ctx() ctx: Context,
  ): Promise<NameEquivalentView[]> {
    return equivalents.listEquivalents(ctx, filter);
  }

  @RequireRoles(Role.EDITOR, Role.ADMIN)
  @Mutation(() => NameEquivalentView, { description: "Confirms a group of equivalent names with its source (editors, admins; audited)." })
  reviewNameEquivalent(
    @Arg("id", () => ID) id: string,
    @Arg("source", () => String, { description: "Where the group is documented; required." }) source: string,
    @Ctx() ctx: Context,
  ): Promise<NameEquivalentView> {
    return equivalents.reviewEquivalent(ctx, id, source);
  }

  @RequireRoles(Role.EDITOR, Role.ADMIN)
  @Mutation(() => NameEquivalentView, { description: "Adds a spelling to a group (editors, admins; audited)." })
  addNameEquivalentSpelling(
    @Arg("id", () => ID) id: string,
    @Arg("name", () => String) name: string,
    @Ctx() ctx: Context,
  ): Promise<NameEquivalentView> {
    return equivalents.addEquivalentName(ctx, id, name);
  }

  @RequireRoles(Role.EDITOR, Role.ADMIN)
  @Mutation(() => NameEquivalentView, {
    description: "Removes a spelling from a group; a group keeps two at least (editors, admins; audited).",
  })
  removeNameEquivalentSpelling(
    @Arg("id", () => ID) id: string,
    @Arg("name", () => String) name: string,
    @Ctx() ctx: Context,
  ): Promise<NameEquivalentView> {
    return equivalents.removeEquivalentName(ctx, id, name);
  }
}
