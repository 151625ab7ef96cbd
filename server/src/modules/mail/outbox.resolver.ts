import { Arg, Ctx, Field, ID, Int, ObjectType, Query, Resolver } from "type-graphql";
import { RequireRoles } from "../../common/auth/authorized.js";
import { Role } from "../../common/auth/roles.js";
import type { Context } from "../../common/context.js";
import { listSize } from "../../common/pagination.js";

@ObjectType("OutboxEmail", { description: "A message the platform sent (or kept, without SMTP)." })
class OutboxEmailView {
  @Field(() => ID)
  id: string;

  @Field(() => String)
  to: string;

  @Field(() => String)
  subject: string;

  @Field(() => String)
  text: string;

  @Field(() => String, { nullable: true, description: "The HTML part (null when it was redacted, or for emails of before HTML)." })
  html: string | null;

  @Field(() => String, { description: "The language it was written in (the recipient's)." })
  language: string;

  @Field(() => String, { description: "`smtp` or `outbox` (development outbox only)." })
  transport: string;

  @Field(() => String, { description: "`queued`, `sent`, `failed` (retries spent) or `kept` (no SMTP)." })
  status: string;

  @Field(() => Int, { description: "Delivery attempts so far." })
  attempts: number;

  @Field(() => Date)
  createdAt: Date;
}

@Resolver()
export class OutboxResolver {
  @RequireRoles(Role.ADMIN)
  @Query(() => [OutboxEmailView], { description: "Newest emails first: the development outbox." })
  async outbox(@Arg("first", () => Int, { defaultValue: 20 }) first: number, @Ctx() ctx: Context): Promise<OutboxEmailView[]> {
    return ctx.ds.query(
      `SELECT id, to_address AS "to", subject, text, html, language, transport, status, attempts, created_at AS "createdAt" FROM outbox_emails ORDER BY created_at DESC, id DESC LIMIT $1`,
      [listSize(first, "first", 100, 1)],
    );
  }
}
