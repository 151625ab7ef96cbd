import { Field, ObjectType } from "type-graphql";
import { Role } from "../../common/auth/roles.js";
import { toGlobalId } from "../../common/global-id.js";
import { Node } from "../../common/node.js";
import type { User } from "./user.entity.js";
import { USER_TYPE } from "./viewer.load.js";

@ObjectType("RoleGrant", { description: "A role held by a member, until `expiresAt` when set." })
export class RoleGrantView {
  @Field(() => Role)
  role: Role;

  @Field(() => Date, { nullable: true })
  expiresAt: Date | null;

  @Field(() => String, { nullable: true })
  reason: string | null;

  @Field(() => Date)
  grantedAt: Date;

  @Field(() => Boolean, { description: "False once `expiresAt` has passed." })
  active: boolean;
}

@ObjectType("Member", { implements: Node, description: "A member account as staff see it (admins only)." })
export class MemberView implements Node {
  userId: string;

  get globalId(): string {
    return toGlobalId(USER_TYPE, this.userId);
  }

  @Field(() => String)
  displayName: string;

  @Field(() => String, { nullable: true })
  email: string | null;

  @Field(() => String, { nullable: true })
  phone: string | null;

  @Field(() => Date)
  createdAt: Date;

  @Field(() => Date, { nullable: true })
  lastSignInAt: Date | null;

  static from(u: User): MemberView {
    return Object.assign(new MemberView(), {
      userId: u.id,
      displayName: u.displayName,
      email: u.email,
      phone: u.phone,
      createdAt: u.createdAt,
      lastSignInAt: u.lastSignInAt,
    });
  }
}
