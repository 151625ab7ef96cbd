import type { Context } from "../../../common/context.js";
import { toGlobalId } from "../../../common/global-id.js";
import { membersRootedIn } from "../roots/member-roots.js";
import type { RootReasonKind } from "../roots/member-roots.types.js";
import type { VillageMember } from "./village.types.js";

/**
 * Members whose roots (the one definition, member-roots.ts) include the village and who opted in
 * to be listed ("show me among my villages' members" in their settings; off by default). Only
 * their display name and the kind of tie (own record, an ancestor, their profile) are shown:
 * never which person of the tree makes the tie. Signed-in members only (the resolver checks).
 */
export async function villageMembers(ctx: Context, villageId: string): Promise<VillageMember[]> {
  const users: { id: string; display_name: string }[] = await ctx.ds.query(
    `SELECT id, display_name FROM users WHERE show_in_village_members ORDER BY display_name, id`,
  );
  const ties = await membersRootedIn(
    ctx.ds,
    villageId,
    ctx.rootspace.id,
    users.map((u) => u.id),
  );
  return users
    .filter((u) => ties.has(u.id))
    .map((u) => ({
      id: toGlobalId("User", u.id),
      displayName: u.display_name,
      tie: ties.get(u.id) as RootReasonKind,
      isViewer: u.id === ctx.viewer.userId,
    }));
}
