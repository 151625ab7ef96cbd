import { OpenToApps } from "../../../common/auth/app-scope.js";
import { Ctx, Query, Resolver } from "type-graphql";
import { RequireRoles } from "../../../common/auth/authorized.js";
import type { Context } from "../../../common/context.js";
import { personNodes } from "../people/person.service.js";
import { villageNode } from "../villages/village.service.js";
import { memberRoots } from "./member-roots.js";
import { RootReasonKind, RootVillage } from "./member-roots.types.js";

@Resolver()
export class MemberRootsResolver {
  @RequireRoles()
  @OpenToApps("tree:read")
  @Query(() => [RootVillage], {
    description:
      "The signed-in member's roots in the request's rootspace: the villages of their own record, of their ancestors up to 6 generations, and the one their profile names; nearest first.",
  })
  async myRoots(@Ctx() ctx: Context): Promise<RootVillage[]> {
    const roots = await memberRoots(ctx.ds, ctx.viewer.userId!, ctx.rootspace.id);
    const personIds = [...new Set(roots.flatMap((r) => r.reasons.flatMap((why) => ("personId" in why ? [why.personId] : []))))];
    const people = new Map((await personNodes(ctx, personIds)).flatMap(({ node, row }) => (node && row ? [[row.id, node] as const] : [])));
    const out: RootVillage[] = [];
    for (const root of roots) {
      const village = await villageNode(ctx, root.villageId);
      if (!village) continue;
      out.push({
        village,
        reasons: root.reasons.map((why) => ({
          kind: RootReasonKind[why.kind],
          person: "personId" in why ? (people.get(why.personId) ?? null) : null,
          generation: why.kind === "ANCESTOR" ? why.generation : null,
          declared: why.kind === "DECLARED" ? why.text : null,
        })),
      });
    }
    return out;
  }
}
