import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from "type-graphql";
import { RequireRoles } from "../../../common/auth/authorized.js";
import type { Context } from "../../../common/context.js";
import { auditLog, revertChange } from "./history.service.js";
import { AuditEntryConnection, AuditLogArgs } from "./history.types.js";

@Resolver()
export class HistoryResolver {
  @RequireRoles()
  @Query(() => AuditEntryConnection, { description: "A record's change history (editors, admins, curators of its village)." })
  auditLog(@Args(() => AuditLogArgs) args: AuditLogArgs, @Ctx() ctx: Context): Promise<AuditEntryConnection> {
    return auditLog(ctx, args.table, args.recordId, args.first, args.after);
  }

  @RequireRoles()
  @Mutation(() => Boolean, { description: "Undoes one change of a person, family or village; CONFLICT if the record changed since." })
  revertChange(@Arg("auditId", () => ID) auditId: string, @Ctx() ctx: Context): Promise<boolean> {
    return revertChange(ctx, auditId);
  }
}
