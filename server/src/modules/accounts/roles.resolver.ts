import {
  Arg,
  Args,
  ArgsType,
  Ctx,
  Field,
  FieldResolver,
  ID,
  InputType,
  Int,
  ObjectType,
  Query,
  Resolver,
  Root,
  Mutation,
} from "type-graphql";
import { IsOptional, MaxLength, MinLength } from "class-validator";
import { RequireRoles } from "../../common/auth/authorized.js";
import { Role } from "../../common/auth/roles.js";
import type { Context } from "../../common/context.js";
import { ConnectionArgs, ConnectionType, paginate } from "../../common/pagination.js";
import { createRoleLoaders } from "./roles.loaders.js";
import * as roles from "./roles.service.js";
import { MemberView, RoleGrantView } from "./roles.types.js";
import { User } from "./user.entity.js";

@ObjectType("MemberConnection")
class MemberConnection extends ConnectionType(MemberView, "Member") {}

@ArgsType()
class MembersArgs extends ConnectionArgs {
  @Field(() => String, { nullable: true, description: "Part of a name, email or phone." })
  @IsOptional()
  @MaxLength(100)
  search?: string;
}

@InputType()
class GrantRoleInput {
  @Field(() => ID)
  userId: string;

  @Field(() => Role)
  role: Role;

  @Field(() => Date, { nullable: true, description: "When the role lapses; null for no end." })
  expiresAt?: Date | null;

  @Field(() => String)
  @MinLength(3)
  @MaxLength(500)
  reason: string;
}

@InputType()
class RevokeRoleInput {
  @Field(() => ID)
  userId: string;

  @Field(() => Role)
  role: Role;

  @Field(() => String)
  @MinLength(3)
  @MaxLength(500)
  reason: string;
}

@ObjectType({ description: "How many members hold each role." })
class RoleCount {
  @Field(() => Role)
  role: Role;

  @Field(() => Int)
  count: number;
}

@ObjectType()
class StaffOverview {
  @Field(() => Int)
  members: number;

  @Field(() => [RoleCount])
  roles: RoleCount[];
}

@Resolver(() => MemberView)
export class RolesResolver {
  @RequireRoles(Role.ADMIN)
  @Query(() => MemberConnection, { description: "Members, by name; admins grant and revoke roles from here." })
  async members(@Args(() => MembersArgs) args: MembersArgs, @Ctx() ctx: Context) {
    const qb = ctx.ds.getRepository(User).createQueryBuilder("u");
    if (args.search?.trim()) {
      qb.where("(u.display_name ILIKE :q OR u.email ILIKE :q OR u.phone ILIKE :q)", {
        q: `%${args.search.trim().replace(/[\\%_]/g, "\\$&")}%`,
      });
    }
    const page = await paginate(qb, args, { column: "u.id::text", value: (u) => u.id });
    return { ...page, edges: page.edges.map((e) => ({ cursor: e.cursor, node: MemberView.from(e.node) })) };
  }

  @FieldResolver(() => [RoleGrantView])
  grants(@Root() u: MemberView, @Ctx() ctx: Context): Promise<RoleGrantView[]> {
    return ctx.use(createRoleLoaders).grantsByUser.load(u.userId);
  }

  @RequireRoles(Role.ADMIN)
  @Mutation(() => MemberView, { description: "Grants a role (or changes its expiry). Audited with the reason." })
  grantRole(@Arg("input", () => GrantRoleInput) input: GrantRoleInput, @Ctx() ctx: Context): Promise<MemberView> {
    return roles.grantRole(ctx, input);
  }

  @RequireRoles(Role.ADMIN)
  @Mutation(() => MemberView, { description: "Revokes a role. Audited with the reason." })
  revokeRole(@Arg("input", () => RevokeRoleInput) input: RevokeRoleInput, @Ctx() ctx: Context): Promise<MemberView> {
    return roles.revokeRole(ctx, input);
  }

  @RequireRoles(Role.ADMIN, Role.EDITOR, Role.MODERATOR)
  @Query(() => StaffOverview, { description: "Staff home (/management): members and role holders." })
  async staffOverview(@Ctx() ctx: Context): Promise<StaffOverview> {
    const [{ n }]: { n: number }[] = await ctx.ds.query(`SELECT count(*)::int AS n FROM users`);
    const rows: { role: Role; count: number }[] = await ctx.ds.query(
      `SELECT role, count(*)::int AS count FROM user_roles WHERE expires_at IS NULL OR expires_at > $1 GROUP BY role ORDER BY role`,
      [ctx.clock.now()],
    );
    return { members: n, roles: rows };
  }
}
