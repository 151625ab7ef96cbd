import type { Context } from "../../common/context.js";
import { maySeeRootspace, seesClosedRootspaces } from "./rootspace.policy.js";
import { AppError, ErrorCode, notFound } from "../../common/errors.js";
import { fromGlobalId } from "../../common/global-id.js";
import { paginate, type Connection } from "../../common/pagination.js";
import { Rootspace } from "./rootspace.entity.js";
import type { RootspacesArgs, UpdateRootspaceInput } from "./rootspace.inputs.js";
import { createRootspaceLoaders } from "./rootspace.loaders.js";
import { rootspaceDirectory } from "./current.js";

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export async function listRootspaces(ctx: Context, args: RootspacesArgs): Promise<Connection<Rootspace>> {
  if (args.includeInactive && !seesClosedRootspaces(ctx.principal)) {
    throw new AppError(ErrorCode.FORBIDDEN, "errors.forbidden");
  }
  const qb = ctx.ds.getRepository(Rootspace).createQueryBuilder("r");
  if (!args.includeInactive) qb.where("r.is_active = true");
  return paginate(qb, args, { column: "r.slug", value: (r) => r.slug });
}

/** An active rootspace by slug; inactive ones are visible to admins only. */
export async function rootspaceBySlug(ctx: Context, slug: string): Promise<Rootspace> {
  if (!SLUG.test(slug) || slug.length > 60) {
    throw new AppError(ErrorCode.BAD_USER_INPUT, "errors.bad_slug", {}, [{ field: "slug", key: "errors.bad_slug" }]);
  }
  const found = await ctx.ds.getRepository(Rootspace).findOneBy({ slug });
  if (!found || !maySeeRootspace(ctx.principal, found)) throw notFound();
  return found;
}

/** Loads by internal id for `node(id)`, applying the same visibility rule. */
export async function rootspaceNode(ctx: Context, rawId: string): Promise<Rootspace | null> {
  const found = await ctx.use(createRootspaceLoaders).rootspaceById.load(rawId);
  if (!found || !maySeeRootspace(ctx.principal, found)) return null;
  return found;
}

/** Admin update; NOT_FOUND for an unknown id, CONFLICT for a slug in use. */
export async function updateRootspace(ctx: Context, globalId: string, input: UpdateRootspaceInput): Promise<Rootspace> {
  const ref = fromGlobalId(globalId);
  if (!ref || ref.type !== Rootspace.typeName) throw notFound();
  const updated = await ctx.ds.transaction(async (tx) => {
    const repo = tx.getRepository(Rootspace);
    const current = await repo.findOne({ where: { id: ref.id }, lock: { mode: "pessimistic_write" } });
    if (!current) throw notFound();
    if (input.slug && input.slug !== current.slug && (await repo.existsBy({ slug: input.slug }))) {
      throw new AppError(ErrorCode.CONFLICT, "errors.slug_taken", {}, [{ field: "slug", key: "errors.slug_taken" }]);
    }
    const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
    repo.merge(current, changes);
    return repo.save(current);
  });
  // This instance forgets at once; the others when the bus brings them the change.
  rootspaceDirectory(ctx.ds, ctx.bus).forget();
  await ctx.bus.publish("ROOTSPACE_UPDATED", { id: updated.id, slug: updated.slug });
  return updated;
}
