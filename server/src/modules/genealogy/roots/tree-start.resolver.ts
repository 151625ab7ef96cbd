import { Arg, Ctx, ID, Mutation, Query, Resolver } from "type-graphql";
import { RequireRoles } from "../../../common/auth/authorized.js";
import type { Context } from "../../../common/context.js";
import { rememberTreeRoot, treeStart } from "./tree-start.js";
import { TreeStartView } from "./tree-start.types.js";

@Resolver()
export class TreeStartResolver {
  @RequireRoles()
  @Query(() => TreeStartView, {
    nullable: true,
    description:
      "Where the signed-in member's tree opens: their own record, else the root they last chose, else their most connected person.",
  })
  treeStart(@Ctx() ctx: Context): Promise<TreeStartView | null> {
    return treeStart(ctx);
  }

  @RequireRoles()
  @Mutation(() => Boolean, { description: "Remembers the person the member chose to draw their tree from (server-side, per member)." })
  rememberTreeRoot(@Arg("personId", () => ID) personId: string, @Ctx() ctx: Context): Promise<boolean> {
    return rememberTreeRoot(ctx, personId);
  }
}
