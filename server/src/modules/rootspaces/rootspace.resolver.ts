import { Arg, Args, Ctx, ID, Mutation, ObjectType, Query, Resolver, Root, Subscription } from "type-graphql";
import { RequireRoles } from "../../common/auth/authorized.js";
import { Role } from "../../common/auth/roles.js";
import type { Context } from "../../common/context.js";
import { notFound } from "../../common/errors.js";
import { ConnectionType } from "../../common/pagination.js";
import { Rootspace } from "./rootspace.entity.js";
import { RootspacesArgs, UpdateRootspaceInput } from "./rootspace.inputs.js";
import { createRootspaceLoaders } from "./rootspace.loaders.js";
import * as service from "./rootspace.service.js";
import { OpenToApps } from "../../common/auth/app-scope.js";

@ObjectType("RootspaceConnection")
class RootspaceConnection extends ConnectionType(Rootspace, "Rootspace") {}

@Resolver(() => Rootspace)
export class RootspaceResolver {
  @OpenToApps("public:read")
  @Query(() => RootspaceConnection, { description: "Active rootspaces, ordered by slug." })
  rootspaces(@Args(() => RootspacesArgs) args: RootspacesArgs, @Ctx() ctx: Context) {
    return service.listRootspaces(ctx, args);
  }

  @OpenToApps("public:read")
  @Query(() => Rootspace, { description: "A rootspace by slug; NOT_FOUND when there is none." })
  rootspace(@Arg("slug", () => String) slug: string, @Ctx() ctx: Context): Promise<Rootspace> {
    return service.rootspaceBySlug(ctx, slug);
  }

  @RequireRoles(Role.ADMIN)
  @Mutation(() => Rootspace, { description: "Changes a rootspace. NOT_FOUND when the id matches none." })
  updateRootspace(
    @Arg("id", () => ID) id: string,
    @Arg("input", () => UpdateRootspaceInput) input: UpdateRootspaceInput,
    @Ctx() ctx: Context,
  ): Promise<Rootspace> {
    return service.updateRootspace(ctx, id, input);
  }

  @Subscription(() => Rootspace, {
    topics: "ROOTSPACE_UPDATED",
    filter: ({ payload, args }: { payload: { slug: string }; args: { slug?: string | null } }) => !args.slug || payload.slug === args.slug,
    description: "Fires when a rootspace changes (optionally only the one with `slug`).",
  })
  async rootspaceUpdated(
    @Root() payload: { id: string; slug: string },
    @Arg("slug", () => String, { nullable: true }) slug: string | null,
    @Ctx() ctx: Context,
  ): Promise<Rootspace> {
    // Reload so subscribers see the committed row, not what the publisher held.
    void slug;
    const loaders = ctx.use(createRootspaceLoaders);
    loaders.rootspaceById.clear(payload.id);
    const row = await loaders.rootspaceById.load(payload.id);
    if (!row) throw notFound();
    return row;
  }
}
