import type { Context } from "../../common/context.js";
import { isUuid } from "../../common/global-id.js";
import { mayReadMember } from "./roles.policy.js";
import { MemberView } from "./roles.types.js";
import { User } from "./user.entity.js";

/** `node(id)` for members: admins see any member, a member sees themself, others nothing. */
export async function memberNode(ctx: Context, rawId: string): Promise<MemberView | null> {
  if (!isUuid(rawId)) return null;
  if (!mayReadMember(ctx.principal, rawId)) return null;
  const user = await ctx.ds.getRepository(User).findOneBy({ id: rawId });
  return user ? MemberView.from(user) : null;
}
