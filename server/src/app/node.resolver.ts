import { APP_NODE_TYPES, OpenToApps } from "../common/auth/app-scope.js";
import { Arg, Ctx, ID, Query, Resolver } from "type-graphql";
import type { Context } from "../common/context.js";
import { AppError, ErrorCode } from "../common/errors.js";
import { areaDisabled, typeOn } from "../common/flags.js";
import { fromGlobalId } from "../common/global-id.js";
import { Node, type NodeLoader } from "../common/node.js";
import { AREAS } from "../modules/areas.js";

/** Every type `node(id)` can return, from the areas' manifests. */
const nodeLoaders: Readonly<Record<string, NodeLoader<Context>>> = Object.assign({}, ...AREAS.map((area) => area.nodes ?? {}));

async function loadNode(ctx: Context, id: string): Promise<object | null> {
  const ref = fromGlobalId(id);
  if (!ref) throw new AppError(ErrorCode.BAD_USER_INPUT, "errors.bad_global_id", {}, [{ field: "id", key: "errors.bad_global_id" }]);
  if (!typeOn(ctx.flags, ref.type)) throw areaDisabled();
  if (ctx.principal.kind === "app" && !APP_NODE_TYPES.has(ref.type)) return null;
  const load = nodeLoaders[ref.type];
  return load ? load(ctx, ref.id) : null;
}

@Resolver()
export class NodeResolver {
  @OpenToApps("public:read")
  @Query(() => Node, { nullable: true, description: "Fetches any object by its global id; null when absent or hidden." })
  node(@Arg("id", () => ID) id: string, @Ctx() ctx: Context): Promise<object | null> {
    return loadNode(ctx, id);
  }

  @OpenToApps("public:read")
  @Query(() => [Node], { nullable: "items", description: "Fetches up to 100 objects by global id, in order." })
  nodes(@Arg("ids", () => [ID], { validate: false }) ids: string[], @Ctx() ctx: Context): Promise<(object | null)[]> {
    if (ids.length > 100) {
      throw new AppError(ErrorCode.BAD_USER_INPUT, "errors.too_many_ids", { max: 100 }, [
        { field: "ids", key: "errors.too_many_ids", params: { max: 100 } },
      ]);
    }
    return Promise.all(ids.map((id) => loadNode(ctx, id)));
  }
}
